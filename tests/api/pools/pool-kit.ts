import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@/server/app-deps';
import type { LiquidityResponse, Pool, SwapResponse } from '@/shared/schemas/pool';
import type { Project } from '@/shared/schemas/project';
import { signUp } from '@tests/support/test-app';
import { buyCredits, getAs, postJson } from '@tests/support/api-calls';

/** A new account that bought `lots` (one purchase each) of the project, so it holds several active lots. */
export async function traderWithCredits(app: FastifyInstance, project: Project, lots: number[], firstName = 'Trader') {
  const account = await signUp(app, { firstName });
  for (const quantity of lots) await buyCredits(app, account.cookie, project, quantity);
  return account;
}

export async function createPool(app: FastifyInstance, cookie: string, body: Record<string, unknown>): Promise<LiquidityResponse> {
  const response = await postJson(app, '/api/trading/pools', body, cookie);
  if (response.statusCode !== 201) throw new Error(`pool creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as LiquidityResponse;
}

export async function swap(app: FastifyInstance, cookie: string, body: Record<string, unknown>): Promise<SwapResponse> {
  const response = await postJson(app, '/api/trading/swap', body, cookie);
  if (response.statusCode !== 201) throw new Error(`swap failed: ${response.statusCode} ${response.body}`);
  return response.json() as SwapResponse;
}

export async function getPool(app: FastifyInstance, projectId: number, cookie?: string): Promise<Pool> {
  const response = await getAs(app, `/api/trading/pools/${projectId}`, cookie);
  if (response.statusCode !== 200) throw new Error(`pool read failed: ${response.statusCode} ${response.body}`);
  return response.json() as Pool;
}

export interface PoolLedger {
  pools: Array<{ id: number; creditReserve: bigint; cashCents: bigint; lpUnits: bigint; pooledTonnes: bigint; positionUnits: bigint }>;
}

/**
 * The pool side of the ledger: per pool its reserves, the tonnes of its pooled holdings and the sum of the LP
 * positions. Invariants: pooledTonnes = creditReserve and positionUnits = lpUnits.
 */
export async function poolLedger(deps: AppDeps): Promise<PoolLedger['pools']> {
  const result = await deps.db.execute(sql`
    select p.id, p.credit_reserve::text as credit_reserve, p.cash_reserve_cents::text as cash, p.total_lp_units::text as lp,
      (select coalesce(sum(quantity), 0)::text from holdings h where h.pool_id = p.id and h.status = 'pooled') as pooled,
      (select coalesce(sum(lp_units), 0)::text from lp_positions l where l.pool_id = p.id) as positions
    from pools p order by p.id`);
  return ((result as unknown as { rows: Array<Record<string, string | number>> }).rows).map((row) => ({
    id: Number(row.id),
    creditReserve: BigInt(row.credit_reserve),
    cashCents: BigInt(row.cash),
    lpUnits: BigInt(row.lp),
    pooledTonnes: BigInt(row.pooled),
    positionUnits: BigInt(row.positions),
  }));
}

/** Holdings rows in a shape easy to compare. */
export async function holdingsOf(deps: AppDeps, projectId: number) {
  const result = await deps.db.execute(sql`
    select id, user_id, quantity, serial_start, serial_end, status, pool_id, origin, parent_holding_id, purchase_price_cents::text as price
    from holdings where project_id = ${projectId} order by serial_start`);
  return ((result as unknown as { rows: Array<Record<string, unknown>> }).rows).map((row) => ({
    id: Number(row.id),
    userId: row.user_id === null ? null : Number(row.user_id),
    quantity: Number(row.quantity),
    serialStart: Number(row.serial_start),
    serialEnd: Number(row.serial_end),
    status: String(row.status),
    poolId: row.pool_id === null ? null : Number(row.pool_id),
    origin: String(row.origin),
    parentHoldingId: row.parent_holding_id === null ? null : Number(row.parent_holding_id),
    purchasePriceCents: BigInt(String(row.price)),
  }));
}
