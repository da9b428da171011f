import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { certificates, holdings } from '../db/schema';
import type { JournalSource } from './journal-store.js';
import type { PendingHolding } from './plan-anchor.js';
import { recordWebhookEvents } from '../services/webhooks/record-webhook-events';

export interface PendingCertificate {
  id: string;
  holdingId: number;
  reason: string;
  tokenId: number | null;
  holdingAnchorError: string | null;
}

export interface UnappliedJournalRow {
  kind: string;
  txHash: string;
  holdingId: number | null;
  certificateId: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The lowest-id holdings that still need a token, each with its parent's token and its subtree's tonnes. UNION (not
 * UNION ALL) ends the recursion even on a corrupt parent cycle. Token ids and sums come back as float8: plain numbers
 * on both drivers, exact far beyond any token id or tonnage.
 */
export async function loadPendingHoldings(db: Database, limit: number): Promise<PendingHolding[]> {
  const result = await db.execute(sql`
    with recursive pending as (
      select id from holdings where token_id is null and anchor_error is null order by id limit ${limit}
    ), tree(root, id, quantity) as (
      select h.id, h.id, h.quantity from pending join holdings h on h.id = pending.id
      union
      select tree.root, child.id, child.quantity from tree join holdings child on child.parent_holding_id = tree.id
    )
    select h.id, h.origin, h.parent_holding_id, parent.id is not null as parent_exists,
      parent.token_id::float8 as parent_token_id, parent.anchor_error as parent_anchor_error,
      (select sum(tree.quantity) from tree where tree.root = h.id)::float8 as subtree_tonnes,
      p.name, p.slug, p.standard, p.vintage_year, p.latitude, p.longitude, p.serial_prefix
    from pending
    join holdings h on h.id = pending.id
    join projects p on p.id = h.project_id
    left join holdings parent on parent.id = h.parent_holding_id
    order by h.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    origin: String(row.origin),
    parentHoldingId: row.parent_holding_id === null ? null : Number(row.parent_holding_id),
    parentExists: Boolean(row.parent_exists),
    parentTokenId: row.parent_token_id === null ? null : Number(row.parent_token_id),
    parentAnchorError: (row.parent_anchor_error as string | null) ?? null,
    subtreeTonnes: Number(row.subtree_tonnes),
    project: {
      name: String(row.name),
      slug: String(row.slug),
      standard: String(row.standard),
      vintageYear: Number(row.vintage_year),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      serialPrefix: String(row.serial_prefix),
    },
  }));
}

/**
 * Certificates whose retirement is not on chain yet and can be sent now: their holding has a token and every lot
 * split off it before the retirement has its own (a retired token can no longer be split). Those whose holding
 * failed to anchor come too, so they are marked failed instead of waiting forever.
 */
export async function loadPendingCertificates(db: Database, limit: number): Promise<PendingCertificate[]> {
  const result = await db.execute(sql`
    select c.id, c.holding_id, c.reason, h.token_id::float8 as token_id, h.anchor_error
    from certificates c join holdings h on h.id = c.holding_id
    where c.chain_tx_hash is null and c.anchor_error is null
      and (h.anchor_error is not null or (h.token_id is not null and not exists (
        select 1 from holdings child where child.parent_holding_id = h.id and child.token_id is null and child.anchor_error is null)))
    order by c.holding_id
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    holdingId: Number(row.holding_id),
    reason: String(row.reason),
    tokenId: row.token_id === null ? null : Number(row.token_id),
    holdingAnchorError: (row.anchor_error as string | null) ?? null,
  }));
}

export async function saveHoldingToken(db: Database, holdingId: number, tokenId: number): Promise<void> {
  await db.update(holdings).set({ tokenId, anchorError: null }).where(and(eq(holdings.id, holdingId), isNull(holdings.tokenId)));
}

export async function saveHoldingFailure(db: Database, holdingId: number, reason: string): Promise<void> {
  await db.update(holdings).set({ anchorError: reason }).where(and(eq(holdings.id, holdingId), isNull(holdings.tokenId)));
}

/** Stores the retirement's transaction hash and, in the same transaction, the certificate.anchored webhook event. */
export async function saveCertificateTx(db: Database, certificateId: string, txHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [anchored] = await tx
      .update(certificates)
      .set({ chainTxHash: txHash, anchorError: null })
      .where(and(eq(certificates.id, certificateId), isNull(certificates.chainTxHash)))
      .returning({ userId: certificates.userId, holdingId: certificates.holdingId, projectId: certificates.projectId, quantity: certificates.quantity });
    if (anchored) {
      await recordWebhookEvents(tx, [{
        userId: anchored.userId, type: 'certificate.anchored',
        data: { certificateId, chainTxHash: txHash, creditId: anchored.holdingId, projectId: anchored.projectId, quantity: anchored.quantity },
      }], new Date());
    }
  });
}

export async function saveCertificateFailure(db: Database, certificateId: string, reason: string): Promise<void> {
  await db.update(certificates).set({ anchorError: reason }).where(and(eq(certificates.id, certificateId), isNull(certificates.chainTxHash)));
}

/** Journaled anchoring transactions whose result never reached their holding or certificate (a crash in between). */
export async function loadUnappliedJournal(db: Database, source: JournalSource): Promise<UnappliedJournalRow[]> {
  const result = await db.execute(sql`
    select j.kind, j.tx_hash, j.holding_id, j.certificate_id
    from chain_journal j
    left join holdings h on h.id = j.holding_id
    left join certificates c on c.id = j.certificate_id
    where j.source = ${source} and j.status = 'success'
      and ((j.kind in ('mint', 'split') and h.id is not null and h.token_id is null)
        or (j.kind = 'retire' and c.id is not null and c.chain_tx_hash is null))
    order by j.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    kind: String(row.kind),
    txHash: String(row.tx_hash),
    holdingId: row.holding_id === null ? null : Number(row.holding_id),
    certificateId: (row.certificate_id as string | null) ?? null,
  }));
}

/** Where the worker starts: just below the first holding without a token, else after the newest holding. */
export async function initialFrontier(db: Database): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(
      (select min(id) - 1 from holdings where token_id is null and anchor_error is null),
      (select max(id) from holdings),
      0)::float8 as frontier`);
  return Number(rowsOf<{ frontier: number }>(result)[0].frontier);
}

/** What the database already holds for a target: its token or retirement transaction, else null. */
export async function storedAnchor(db: Database, target: { holdingId?: number; certificateId?: string }): Promise<{ tokenId: number } | { chainTxHash: `0x${string}` } | null> {
  if (target.certificateId !== undefined) {
    const [row] = await db.select({ hash: certificates.chainTxHash }).from(certificates).where(eq(certificates.id, target.certificateId));
    return row?.hash ? { chainTxHash: row.hash as `0x${string}` } : null;
  }
  const [row] = await db.select({ tokenId: holdings.tokenId }).from(holdings).where(eq(holdings.id, target.holdingId!));
  return row?.tokenId != null ? { tokenId: row.tokenId } : null;
}
