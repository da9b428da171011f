import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-values';

export interface AnchoringCounts {
  holdings: { anchored: number; pending: number; failed: number; oldestPendingAt: Date | null };
  certificates: { withTx: number; withoutTx: number; failed: number };
}

/** Anchoring progress in one round trip; the partial indexes on rows without a token or transaction keep it cheap. */
export async function countAnchoring(db: Database): Promise<AnchoringCounts> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`
    select
      (select count(*) from holdings where token_id is not null)::float8 as anchored,
      (select count(*) from holdings where token_id is null and anchor_error is null)::float8 as pending,
      (select count(*) from holdings where token_id is null and anchor_error is not null)::float8 as failed,
      (select min(created_at) from holdings where token_id is null and anchor_error is null) as oldest_pending_at,
      (select count(*) from certificates where chain_tx_hash is not null)::float8 as with_tx,
      (select count(*) from certificates where chain_tx_hash is null)::float8 as without_tx,
      (select count(*) from certificates where chain_tx_hash is null and anchor_error is not null)::float8 as certificates_failed`));
  return {
    holdings: {
      anchored: Number(row.anchored),
      pending: Number(row.pending),
      failed: Number(row.failed),
      oldestPendingAt: row.oldest_pending_at === null ? null : new Date(row.oldest_pending_at as string),
    },
    certificates: { withTx: Number(row.with_tx), withoutTx: Number(row.without_tx), failed: Number(row.certificates_failed) },
  };
}

/** A holding with a token, as the audit compares it with the chain. */
export interface AnchoredHolding {
  id: number;
  tokenId: number;
  quantity: number;
  status: string;
  /** The token of the lot this one descends from without a parent (its issuance); null when that has none yet. */
  rootTokenId: number | null;
  /** Whether a lot split off this one still waits for its token (its tonnes are then still in this token). */
  hasPendingChild: boolean;
  /** The retirement transaction of its certificate, when it has one. */
  chainTxHash: string | null;
}

/** Anchored holdings with id above `afterId`, a page at a time, each with the token of its issuance. */
export async function loadAnchoredHoldings(db: Database, afterId: number, limit: number): Promise<AnchoredHolding[]> {
  const result = await db.execute(sql`
    with recursive page as (
      select id from holdings where token_id is not null and id > ${afterId} order by id limit ${limit}
    ), lineage(id, ancestor, parent) as (
      select h.id, h.id, h.parent_holding_id from page join holdings h on h.id = page.id
      union
      select lineage.id, up.id, up.parent_holding_id from lineage join holdings up on up.id = lineage.parent
    )
    select h.id, h.token_id::float8 as token_id, h.quantity, h.status, c.chain_tx_hash,
      (select root.token_id::float8 from lineage l join holdings root on root.id = l.ancestor
        where l.id = h.id and l.parent is null limit 1) as root_token_id,
      exists (select 1 from holdings child where child.parent_holding_id = h.id and child.token_id is null) as has_pending_child
    from page join holdings h on h.id = page.id
    left join certificates c on c.holding_id = h.id
    order by h.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    tokenId: Number(row.token_id),
    quantity: Number(row.quantity),
    status: String(row.status),
    rootTokenId: row.root_token_id === null ? null : Number(row.root_token_id),
    hasPendingChild: Boolean(row.has_pending_child),
    chainTxHash: (row.chain_tx_hash as string | null) ?? null,
  }));
}

/** Ledger facts that need no chain: a token named by two lots, serial ranges of one project that overlap. */
export async function findLedgerConflicts(db: Database): Promise<{ kind: 'token' | 'serials'; holdingId: number; otherHoldingId: number; tokenId: number | null }[]> {
  // Sorted neighbours only: any overlap shows between two lots adjacent in serial order, so this stays O(n log n).
  const result = await db.execute(sql`
    select 'token' as kind, min(id) as holding_id, max(id) as other_id, token_id::float8 as token_id
    from holdings where token_id is not null group by token_id having count(*) > 1
    union all
    select 'serials', previous_id, id, null from (
      select id, serial_start, lag(serial_end) over w as previous_end, lag(id) over w as previous_id
      from holdings window w as (partition by project_id order by serial_start)) ordered
    where serial_start <= previous_end
    limit 100`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    kind: row.kind as 'token' | 'serials',
    holdingId: Number(row.holding_id),
    otherHoldingId: Number(row.other_id),
    tokenId: row.token_id === null ? null : Number(row.token_id),
  }));
}
