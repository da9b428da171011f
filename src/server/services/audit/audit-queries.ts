import { and, asc, count, desc, eq, gt, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { auditAnchors, auditEntries, auditHead, users } from '@/server/db/schema';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';
import { toCsv } from '@/domain/exports/to-csv';
import { verifyAuditChain, type AuditEntry, type AuditHead, type ChainCheck } from '@/domain/audit/audit-chain';
import type { AuditAnchorView, AuditEntryView, AuditFilter, AuditPage, AuditQuery, AuditVerification } from '@/shared/schemas/audit';

const DAY_MS = 86_400_000;
/** Entries recomputed per read while verifying: the whole chain never sits in memory at once. */
const VERIFY_CHUNK = 2_000;

type AuditAnchor = typeof auditAnchors.$inferSelect;

/** The organisation's entries the filter keeps: actor, action (exact or its prefix before the dot), target, UTC days. */
function auditWhere(accountId: number, filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [eq(auditEntries.accountId, accountId)];
  if (filter.actor !== undefined) conditions.push(eq(auditEntries.personId, filter.actor));
  if (filter.action) {
    const escaped = filter.action.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_');
    conditions.push(or(eq(auditEntries.action, filter.action), like(auditEntries.action, `${escaped}.%`))!);
  }
  if (filter.target) {
    const split = filter.target.indexOf(':');
    conditions.push(split < 0 ? eq(auditEntries.targetType, filter.target)
      : and(eq(auditEntries.targetType, filter.target.slice(0, split)), eq(auditEntries.targetId, filter.target.slice(split + 1)))!);
  }
  if (filter.from) conditions.push(gte(auditEntries.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) conditions.push(lt(auditEntries.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)));
  return and(...conditions);
}

function selectEntries(db: Database) {
  return db.select({ entry: auditEntries, personEmail: users.email }).from(auditEntries).leftJoin(users, eq(users.id, auditEntries.personId));
}

const toView = ({ entry, personEmail }: { entry: AuditEntry; personEmail: string | null }): AuditEntryView => ({
  ...entry, createdAt: entry.createdAt.toISOString(), personEmail,
});

/** One page of the organisation's audit log, newest first. */
export async function auditPage(db: Database, accountId: number, query: AuditQuery): Promise<AuditPage> {
  const where = auditWhere(accountId, query);
  const rows = await selectEntries(db).where(where).orderBy(desc(auditEntries.seq)).limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(auditEntries).where(where);
  return { items: rows.map(toView), page: query.page, pageSize: query.pageSize, total, pageCount: Math.ceil(total / query.pageSize) };
}

const CSV_COLUMNS = ['seq', 'created_at', 'person_id', 'person_email', 'account_id', 'action', 'target_type', 'target_id', 'before', 'after',
  'request_id', 'ip', 'user_agent', 'api_key_id', 'prev_hash', 'hash'];

/** The organisation's entries matching the filter as CSV, newest first, at most `limit` rows. */
export async function auditCsv(db: Database, accountId: number, filter: AuditFilter, limit: number): Promise<string> {
  const rows = (await selectEntries(db).where(auditWhere(accountId, filter)).orderBy(desc(auditEntries.seq)).limit(limit)).map(toView);
  return toCsv(CSV_COLUMNS, rows.map((row) => [
    row.seq, row.createdAt, row.personId, row.personEmail, row.accountId, row.action, row.targetType, row.targetId,
    row.before ? JSON.stringify(row.before) : null, row.after ? JSON.stringify(row.after) : null, row.requestId, row.ip, row.userAgent, row.apiKeyId,
    row.prevHash, row.hash,
  ]));
}

/**
 * Recomputes the whole (global) chain from its first entry, in chunks of VERIFY_CHUNK entries, against the recorded
 * head: the first entry that was edited, removed or relinked is reported with the reason. Each head anchored on chain
 * must still be an entry of the chain with that hash: a rewrite that recomputed every hash after an edit is
 * consistent in itself but not with its anchors. The latest anchor is also read back from the chain (when there is
 * one), so an edited anchors table is caught too.
 */
export async function verifyAuditLog(db: Database, chain?: Pick<CarbonCreditChain, 'readAuditAnchor'>): Promise<AuditVerification> {
  const [head] = await db.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1));
  const anchors = await db.select().from(auditAnchors).orderBy(asc(auditAnchors.seq));
  const latest = anchors.at(-1) ?? null;
  const onChain = latest && chain ? await anchoredOnChain(chain, latest) : null;
  const summary = { headSeq: head.seq, headHash: head.hash, anchor: latest && anchorView(latest, onChain) };
  if (latest && onChain === false) {
    return { ok: false, checked: 0, firstBrokenSeq: latest.seq, reason: 'anchor_mismatch', detail: `The chain does not carry entry #${latest.seq} with this hash in transaction ${latest.txHash}`, ...summary };
  }
  const anchorAt = new Map(anchors.map((anchor) => [anchor.seq, anchor]));
  let previous: AuditHead | undefined;
  let checked = 0;
  let lastMatchedAnchorSeq = 0;
  for (;;) {
    const chunk = await db.select().from(auditEntries).where(gt(auditEntries.seq, previous?.seq ?? 0)).orderBy(asc(auditEntries.seq)).limit(VERIFY_CHUNK);
    const last = chunk.length < VERIFY_CHUNK;
    const check: ChainCheck = verifyAuditChain(chunk, previous, last ? head : undefined);
    if (!check.ok) return { ...check, checked: checked + check.checked, ...summary };
    for (const [index, entry] of chunk.entries()) {
      const anchor = anchorAt.get(entry.seq);
      if (!anchor) continue;
      // The chain agrees with itself here, so an entry from the last matching anchor on was rewritten.
      if (anchor.hash !== entry.hash) return anchorBroken(anchor, lastMatchedAnchorSeq + 1, checked + index + 1, summary);
      lastMatchedAnchorSeq = anchor.seq;
    }
    checked += chunk.length;
    if (last) {
      // An anchor beyond the chain's end: entries it covered are gone.
      const endSeq = chunk.at(-1)?.seq ?? previous?.seq ?? 0;
      const beyond = anchors.find((anchor) => anchor.seq > endSeq);
      if (beyond) return anchorBroken(beyond, lastMatchedAnchorSeq + 1, checked, summary);
      return { ok: true, checked, ...summary };
    }
    const end = chunk[chunk.length - 1];
    previous = { seq: end.seq, hash: end.hash };
  }
}

function anchorBroken(anchor: AuditAnchor, firstBrokenSeq: number, checked: number, summary: Pick<AuditVerification, 'headSeq' | 'headHash' | 'anchor'>): AuditVerification {
  return {
    ok: false, checked, firstBrokenSeq, reason: 'anchor_mismatch',
    detail: `Entry #${anchor.seq} does not match the head anchored on chain in transaction ${anchor.txHash}: an entry from #${firstBrokenSeq} on was rewritten`,
    ...summary,
  };
}

/** Whether the anchor's transaction carries its head; null when the chain cannot be asked now. */
async function anchoredOnChain(chain: Pick<CarbonCreditChain, 'readAuditAnchor'>, anchor: AuditAnchor): Promise<boolean | null> {
  try {
    const found = await chain.readAuditAnchor(anchor.txHash as `0x${string}`);
    return found !== null && found.head.seq === anchor.seq && found.head.hash === anchor.hash;
  } catch {
    return null;
  }
}

const anchorView = (anchor: AuditAnchor, onChain: boolean | null): AuditAnchorView => ({
  seq: anchor.seq, hash: anchor.hash, chainId: anchor.chainId, txHash: anchor.txHash, blockNumber: anchor.blockNumber,
  anchoredAt: anchor.anchoredAt.toISOString(), onChain,
});
