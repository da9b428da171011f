import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-values';

export interface ReadinessOptions {
  db: Database;
  /** True once SIGTERM arrived: the proxy should stop sending new requests here. */
  shuttingDown: () => boolean;
  timeoutMs: number;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** The newest migration this build ships (drizzle/meta/_journal.json), which the database must have applied. */
function newestShippedMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('drizzle/meta/_journal.json lists no migration');
  return newest;
}

function within<T>(task: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What GET /readyz checks, in order, each within `timeoutMs`: not shutting down, the database answers, it has the
 * newest migration of this build. The first failure is the reason. The chain is not part of it: a stalled node must
 * not take instances that can serve the API out of rotation (its health is GET /api/chain/health).
 */
export function createReadinessCheck(options: ReadinessOptions): () => Promise<Readiness> {
  const shipped = newestShippedMigration();
  return async () => {
    if (options.shuttingDown()) return { ready: false, reason: 'shutting down' };
    let appliedWhen: number;
    try {
      const result = await within(options.db.execute(sql`select coalesce(max(created_at), 0)::float8 as applied from drizzle.__drizzle_migrations`), options.timeoutMs, 'the database');
      appliedWhen = Number(rowsOf<{ applied: number }>(result)[0]?.applied ?? 0);
    } catch (error) {
      return { ready: false, reason: `database unreachable: ${(error as Error).message}` };
    }
    if (appliedWhen < shipped.when) return { ready: false, reason: `migration ${shipped.tag} not applied` };
    return { ready: true };
  };
}
