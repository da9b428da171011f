import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { auditEntries } from './schema';
import { insertRows } from './set-writes';
import { firstRow } from './sql-values';
import { plainStatements, type StatementRunner } from './statement-runner';
import { chainAuditEntries, type AuditEntryInput, type AuditHead } from '@/domain/audit/audit-chain';

/**
 * Appends entries to the audit chain inside the caller's transaction, so an action and its entry commit together or
 * not at all. Two statements whatever the count: the head row read FOR UPDATE (appends from every instance on
 * PostgreSQL queue on it and so chain in commit order), the hashes computed here (`chainAuditEntries`), then ONE
 * statement that inserts every entry from arrays (`unnest`) and moves the head. Call it last in a transaction: the
 * head stays locked until the commit, and a transaction that took it before other row locks could deadlock.
 */
export async function appendAuditEntries(
  tx: Executor, inputs: readonly AuditEntryInput[], now: Date, statements: StatementRunner = plainStatements,
): Promise<AuditHead | null> {
  if (inputs.length === 0) return null;
  const row = firstRow<{ seq: string | number; hash: string }>(await statements(tx, sql`select seq, hash from audit_head where id = 1 for update`));
  const { entries, head } = chainAuditEntries({ seq: Number(row.seq), hash: row.hash }, inputs, now);
  await statements(tx, sql`
    with appended as (${insertRows(auditEntries, entries, { keys: AUDIT_KEYS })})
    update audit_head set seq = ${head.seq}, hash = ${head.hash} where id = 1`);
  return head;
}

const AUDIT_KEYS = [
  'seq', 'createdAt', 'personId', 'accountId', 'action', 'targetType', 'targetId', 'before', 'after', 'requestId', 'ip', 'userAgent', 'apiKeyId',
  'prevHash', 'hash',
] as const;
