import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@/server/db/client';
import type { Credit } from '@/shared/schemas/credit';
import type { Certificate } from '@/shared/schemas/certificate';
import { getAs, postJson } from '@tests/support/api-calls';

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

/** Rebuilt here from the documented rule (README: sorted-key JSON of the immutable fields + version), not from the server code. */
export function expectedDigest(c: Certificate): string {
  const record: Record<string, unknown> = {
    beneficiary: c.beneficiary, certificateId: c.certificateId, country: c.country, projectName: c.projectName, projectType: c.projectType,
    quantityTonnes: c.quantity, reason: c.reason, retiredAt: c.retirementDate, serialEnd: c.serialEnd, serialRange: c.serialRange,
    serialStart: c.serialStart, standard: c.standard, version: c.contentVersion, vintageYear: c.vintageYear,
  };
  if (c.contentVersion === 2) {
    for (const key of ['purpose', 'periodStart', 'periodEnd', 'country', 'subdivision'] as const) {
      record[`claim${key[0].toUpperCase()}${key.slice(1)}`] = c.claim?.[key] ?? null;
    }
    for (const key of ['ccpLabel', 'corsia', 'article6', 'correspondingAdjustment', 'category', 'bufferPoolPercent', 'rating', 'ratingOnWatch', 'demoData'] as const) {
      record[`integrity${key[0].toUpperCase()}${key.slice(1)}`] = c.integrity?.[key] ?? null;
    }
  }
  const sorted = Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  return createHash('sha256').update(JSON.stringify(sorted), 'utf8').digest('hex');
}
