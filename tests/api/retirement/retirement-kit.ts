import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/client';
import type { Credit } from '../../../src/shared/schemas/credit';
import { getAs, postJson } from '../../support/api-calls';

export function retire(app: FastifyInstance, cookie: string, creditId: number, payload: Record<string, unknown>) {
  return postJson(app, `/api/credits/${creditId}/retire`, payload, cookie);
}

export async function myCredits(app: FastifyInstance, cookie: string): Promise<Credit[]> {
  return (await getAs(app, '/api/credits/my', cookie)).json() as Credit[];
}

/** Per project: issued − available − Σ holdings of every status; every entry must be 0. */
export async function ledgerImbalances(db: Database): Promise<Array<{ projectId: number; imbalance: number }>> {
  const result = await db.execute(sql`
    select p.id as "projectId", p.total_issued - p.available_credits - coalesce(sum(h.quantity), 0) as imbalance
    from projects p left join holdings h on h.project_id = p.id
    group by p.id order by p.id`);
  return ((result as unknown as { rows: Array<{ projectId: number; imbalance: string | number }> }).rows).map((row) => ({ projectId: Number(row.projectId), imbalance: Number(row.imbalance) }));
}

/** Serial ranges of a project's holdings overlap nowhere and cover exactly serials 1 … sold. */
export async function serialCoverage(db: Database, projectId: number) {
  const result = await db.execute(sql`select serial_start as s, serial_end as e from holdings where project_id = ${projectId} order by serial_start`);
  const ranges = (result as unknown as { rows: Array<{ s: number; e: number }> }).rows.map((row) => [Number(row.s), Number(row.e)] as const);
  let next = 1;
  for (const [start, end] of ranges) {
    if (start !== next) return { ok: false, ranges };
    next = end + 1;
  }
  return { ok: true, sold: next - 1, ranges };
}
