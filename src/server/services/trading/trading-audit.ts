import type { AuditActor, AuditEntryInput } from '@/domain/audit/audit-chain';
import type { TradingCommand } from '@/domain/trading/trading-command';
import type { Settled } from '@/server/services/batching-queue';
import type { PlacedOrder } from './run-batch';

/** A trading command with who sent it; the desk's own commands (expiry, stop triggers) carry none and are not logged. */
export type AuditedCommand = TradingCommand & { actor?: AuditActor };

const ACTIONS: Record<Exclude<TradingCommand['kind'], 'triggers'>, string> = {
  limit: 'order.placed', market: 'order.market', cancel: 'order.cancelled', amend: 'order.amended',
};

/**
 * The audit entries of a batch's accepted commands that carry an actor, in the batch's order: the order as it stands
 * after the command (status, price, quantities) and how many trades it made. A market order that stored nothing names
 * its project instead.
 */
export function tradingAuditEntries(projectId: number, commands: readonly AuditedCommand[], outcomes: readonly Settled<PlacedOrder>[]): AuditEntryInput[] {
  return commands.flatMap((command, index) => {
    const outcome = outcomes[index];
    if (!command.actor || command.kind === 'triggers' || !outcome.ok) return [];
    const { order, trades } = outcome.value;
    const after = order
      ? {
        projectId, side: order.orderType, status: order.status, pricePerCredit: order.pricePerCredit, quantity: order.quantity,
        filledQuantity: order.filledQuantity, trades: trades.length,
      }
      : { projectId, side: command.kind === 'market' ? command.side : null, quantity: command.kind === 'market' ? command.quantity : null, trades: trades.length };
    return [{
      actor: command.actor, action: ACTIONS[command.kind], targetType: order ? 'order' : 'project', targetId: String(order?.id ?? projectId), after,
    }];
  });
}
