import type { AuditActor } from '@/domain/audit/audit-chain';
import type { Executor } from '@/server/db/client';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import type { LiquidityResult } from './deposit-liquidity';

export type LiquidityAction = 'pool.created' | 'pool.liquidity_added' | 'pool.liquidity_removed';

/**
 * Appends a liquidity change's entry: what moved and the provider's LP units after. Called at the end of the
 * action's own transaction (the audit head is locked until the commit). Cents and units as strings, like purchases.
 */
export async function appendLiquidityAudit(tx: Executor, actor: AuditActor | undefined, action: LiquidityAction, result: LiquidityResult, now: Date): Promise<void> {
  if (!actor) return;
  await appendAuditEntries(tx, [{
    actor, action, targetType: 'pool', targetId: String(result.pool.id),
    after: {
      projectId: result.pool.projectId, creditTonnes: result.creditTonnes.toString(), cashCents: result.cashCents.toString(),
      lpUnits: result.lpUnits.toString(), lpUnitsAfter: result.lpUnitsAfter.toString(),
    },
  }], now);
}
