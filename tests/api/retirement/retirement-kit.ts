import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/client';
import type { Credit, PurchaseResponse } from '../../../src/shared/schemas/credit';
import type { Project } from '../../../src/shared/schemas/project';

export async function listProjects(app: FastifyInstance): Promise<Project[]> {
  const response = await app.inject({ method: 'GET', url: '/api/projects' });
  return response.json() as Project[];
}

export async function buy(app: FastifyInstance, cookie: string, project: Project, quantity: number, extra: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/credits/purchase',
    headers: { cookie },
    payload: { projectId: project.id, quantity, pricePerCredit: project.pricePerCredit, ...extra },
  });
  if (response.statusCode !== 201) throw new Error(`purchase failed: ${response.statusCode} ${response.body}`);
  return response.json() as PurchaseResponse;
}

export function retire(app: FastifyInstance, cookie: string, creditId: number, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/credits/${creditId}/retire`, headers: { cookie }, payload });
}

export async function myCredits(app: FastifyInstance, cookie: string): Promise<Credit[]> {
  const response = await app.inject({ method: 'GET', url: '/api/credits/my', headers: { cookie } });
  return response.json() as Credit[];
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
