import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { certificates, holdings } from '@/server/db/schema';
import { firstRow, intArray, parseJson, rowsOf } from '@/server/db/sql-values';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import type { JournalSource } from '@/server/chain/journal-store';
import type { PendingHolding } from './plan-anchor';
import { recordWebhookEvents } from '@/server/db/record-webhook-events';

export interface PendingCertificate {
  id: string;
  holdingId: number;
  reason: string;
  tokenId: number;
}

export interface UnappliedJournalRow {
  kind: string;
  txHash: string;
  /** Holding ids (mint, split) or certificate ids (retire) as text, in the order of the transaction's events. */
  targets: string[];
}


/** A pending holding as the query sends it: [id, parent id, parent exists, parent token, subtree tonnes, project id]. */
type PendingRow = [number, number | null, boolean, number | null, number, number];
/** A project as the query sends it: [id, name, slug, standard, vintage year, latitude, longitude, serial prefix]. */
type ProjectRow = [number, string, string, string, number, number, number, string];

/** Pending holdings read per statement: each blocks the embedded database (and there every request) while it runs. */
export const PENDING_PAGE = 200;

/**
 * The lowest-id holdings that still need a token, up to `limit`, each with its parent's token and its subtree's
 * tonnes, and the projects they belong to. Read PENDING_PAGE at a time, with a turn of the event loop between pages:
 * a read of 1,000 held the main thread for 60–70 ms on a loaded machine, a tail of every request's latency. Prepared
 * on the embedded database (`statements`): it runs on every anchoring pass, and parsing and planning it cost about a
 * third of it there.
 */
export async function loadPendingHoldings(db: Database, limit: number, statements: StatementRunner = plainStatements): Promise<PendingHolding[]> {
  const pending: PendingHolding[] = [];
  for (let afterId = 0; pending.length < limit;) {
    const size = Math.min(PENDING_PAGE, limit - pending.length);
    const page = await loadPendingPage(db, size, afterId, statements);
    pending.push(...page);
    if (page.length < size) break;
    afterId = page[page.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return pending;
}

async function loadPendingPage(db: Database, limit: number, afterId: number, statements: StatementRunner): Promise<PendingHolding[]> {
  const row = firstRow<{ holdings: unknown; projects: unknown }>(await statements(db, pendingHoldingsQuery(limit, afterId)));
  const projects = new Map(parseJson<ProjectRow[]>(row.projects).map(([id, name, slug, standard, vintageYear, latitude, longitude, serialPrefix]) =>
    [id, { name, slug, standard, vintageYear, latitude, longitude, serialPrefix }]));
  return parseJson<PendingRow[]>(row.holdings).map(([id, parentHoldingId, parentExists, parentTokenId, subtreeTonnes, projectId]) => ({
    id, parentHoldingId, parentExists, parentTokenId, subtreeTonnes, project: projects.get(projectId)!,
  }));
}

/**
 * The statement behind loadPendingHoldings (its plan is pinned by a test). UNION (not UNION ALL) ends the recursion
 * even on a corrupt parent cycle. Each tree row carries its root's own columns, so the sums need no join back to the
 * pending rows: without statistics the planner took the pending rows for one and joined them to the sums by a nested
 * loop, quadratic in the rows loaded (a pass of 1,000 lots took 50–80 ms once holdings had grown to 45,000). The rows
 * come back as one JSON array of arrays, and each project once: as a row per lot with the project's columns, turning
 * the answer into JavaScript objects cost more than running the query.
 */
export function pendingHoldingsQuery(limit: number, afterId = 0): SQL {
  return sql`
    with recursive pending as materialized (
      -- From the lowest holding without a token, found by walking holdings_unanchored_idx in order: the embedded
      -- database never vacuums, so every token ever saved leaves a dead entry in that index, and the read of pending
      -- lots (a bitmap scan) visited all of them on every pass; the walk marks the ones it passes as dead, which
      -- later scans, both kinds, skip (1.7 ms → 0.3 ms a pass with 45,000 anchored holdings).
      select id, parent_holding_id, project_id, quantity from holdings
      -- A later page starts past the previous page's last: the walk to the lowest pending lot crosses every dead entry
      -- at the index's front (until a vacuum removes them), once a pass is enough.
      where token_id is null and anchor_error is null
        and id ${afterId > 0 ? sql`> ${afterId}::int` : sql`>= (select min(id) from holdings where token_id is null)`}
      order by id limit ${limit}
    ), tree(root, root_parent, root_project, id, quantity) as (
      select id, parent_holding_id, project_id, id, quantity from pending
      union
      -- Each step's children by holdings_parent_idx: as a plain join, the planner (no statistics on the embedded
      -- database) hashed every holding for every pass, a cost that grew with all the holdings ever written.
      select tree.root, tree.root_parent, tree.root_project, child.id, child.quantity from tree cross join lateral (
        select id, quantity from holdings where parent_holding_id = tree.id offset 0) child
    ), subtree as materialized (
      -- Grouped once: a sum per row scanned the whole tree for each of them (quadratic in the rows loaded).
      select root, root_parent, root_project, sum(quantity) as tonnes from tree group by root, root_parent, root_project
    )
    select
      (select coalesce(json_agg(json_build_array(s.root, s.root_parent, parent.id is not null, parent.token_id, s.tonnes, s.root_project) order by s.root), '[]')
        from subtree s left join lateral (select id, token_id from holdings where id = s.root_parent offset 0) parent on true) as holdings,
      (select coalesce(json_agg(json_build_array(p.id, p.name, p.slug, p.standard, p.vintage_year, p.latitude, p.longitude, p.serial_prefix)), '[]')
        from projects p where p.id = any(array(select distinct root_project from subtree))) as projects`;
}

/**
 * Certificates whose retirement is not on chain yet and can be sent now: their holding has a token and every lot
 * split off it before the retirement has its own (a retired token can no longer be split). One whose holding is not
 * anchored yet waits for it (the audit reports it) instead of failing. Prepared on the embedded database
 * (`statements`), where parsing and planning it cost most of a pass that anchors a few lots.
 */
export async function loadPendingCertificates(db: Database, limit: number, statements: StatementRunner = plainStatements): Promise<PendingCertificate[]> {
  const result = await statements(db, pendingCertificatesQuery(limit));
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    holdingId: Number(row.holding_id),
    reason: String(row.reason),
    tokenId: Number(row.token_id),
  }));
}

/** The statement behind loadPendingCertificates (its plan is pinned by a test). */
export function pendingCertificatesQuery(limit: number): SQL {
  return sql`
    with waiting as materialized (
      -- The few certificates not on chain yet first (their partial index), so the embedded database, which has no
      -- statistics, never starts from every holding; from the lowest one, found by an ordered walk that marks the
      -- index's dead entries (one per retirement ever anchored, never vacuumed) for later scans to skip.
      select id, holding_id, reason from certificates where chain_tx_hash is null and anchor_error is null
        and holding_id >= (select min(holding_id) from certificates where chain_tx_hash is null))
    select c.id, c.holding_id, c.reason, h.token_id::float8 as token_id
    from waiting c join holdings h on h.id = c.holding_id
    where h.token_id is not null
      and not exists (select 1 from holdings child where child.parent_holding_id = h.id and child.token_id is null)
    order by c.holding_id
    limit ${limit}`;
}

/**
 * Stores the tokens a batch created; a row that has a token already keeps it (a result is never applied twice).
 * Prepared on the embedded database (`statements`), like the pending rows' read: it runs after every chain transaction.
 * Each row finds its token by its position in the id array, not by a join: a prepared plan cannot see how many ids
 * an array holds, and its guess of ten put them on the inner side of a nested loop (200 × 200 comparisons, 9 ms
 * instead of 3 for a batch of 200), while a plan that can see them hashed every pending holding.
 */
export async function saveHoldingTokens(
  db: Database, tokens: readonly { holdingId: number; tokenId: number }[], statements: StatementRunner = plainStatements,
): Promise<void> {
  if (tokens.length === 0) return;
  await statements(db, holdingTokensUpdate(tokens));
}

/** The statement behind saveHoldingTokens (its plan is pinned by a test). */
export function holdingTokensUpdate(tokens: readonly { holdingId: number; tokenId: number }[]): SQL {
  const ids = intArray(tokens.map((t) => t.holdingId));
  return sql`
    update holdings h set token_id = (${`{${tokens.map((t) => t.tokenId).join(',')}}`}::bigint[])[array_position(${ids}, h.id)], anchor_error = null
    where h.id = any(${ids}) and h.token_id is null`;
}

/** Stores a retirement batch's transaction on its certificates and, in the same transaction, their certificate.anchored webhook events. */
export async function saveCertificateTxs(db: Database, certificateIds: readonly string[], txHash: string): Promise<void> {
  if (certificateIds.length === 0) return;
  await db.transaction(async (tx) => {
    const anchored = await tx
      .update(certificates)
      .set({ chainTxHash: txHash, anchorError: null })
      .where(and(inArray(certificates.id, [...certificateIds]), isNull(certificates.chainTxHash)))
      .returning({ id: certificates.id, userId: certificates.userId, holdingId: certificates.holdingId, projectId: certificates.projectId, quantity: certificates.quantity });
    await recordWebhookEvents(tx, anchored.map((row) => ({
      userId: row.userId, type: 'certificate.anchored' as const,
      data: { certificateId: row.id, chainTxHash: txHash, creditId: row.holdingId, projectId: row.projectId, quantity: row.quantity },
    })), new Date());
  });
}

/**
 * Gives every anchoring failure another chance (at start-up): a refusal may have come from an older version's model
 * or from a state that was repaired since. What fails again is marked again, and the audit reports it.
 */
export async function clearAnchorFailures(db: Database): Promise<void> {
  await db.update(holdings).set({ anchorError: null }).where(and(isNotNull(holdings.anchorError), isNull(holdings.tokenId)));
  await db.update(certificates).set({ anchorError: null }).where(and(isNotNull(certificates.anchorError), isNull(certificates.chainTxHash)));
}

export async function saveHoldingFailure(db: Database, holdingId: number, reason: string): Promise<void> {
  await db.update(holdings).set({ anchorError: reason }).where(and(eq(holdings.id, holdingId), isNull(holdings.tokenId)));
}

export async function saveCertificateFailure(db: Database, certificateId: string, reason: string): Promise<void> {
  await db.update(certificates).set({ anchorError: reason }).where(and(eq(certificates.id, certificateId), isNull(certificates.chainTxHash)));
}

/** How many of the newest anchoring journal rows a restart checks: the sender has one transaction in flight at most. */
const REPAIR_WINDOW = 50;

/**
 * Journaled anchoring transactions whose results never reached all their rows (a crash in between). Results are
 * saved right after each transaction, so only the newest rows can be affected; rows journaled before batches existed
 * name their single target in holding_id / certificate_id.
 */
export async function loadUnappliedJournal(db: Database, source: JournalSource): Promise<UnappliedJournalRow[]> {
  const result = await db.execute(sql`
    with recent as (
      select id, kind, tx_hash, coalesce(targets, jsonb_build_array(coalesce(to_jsonb(holding_id), to_jsonb(certificate_id)))) as targets
      from chain_journal
      where source = ${source} and status = 'success' and kind in ('mint', 'split', 'retire')
      order by id desc limit ${REPAIR_WINDOW}
    )
    select r.kind, r.tx_hash, r.targets from recent r
    where exists (
      select 1 from jsonb_array_elements_text(r.targets) t(target)
      left join holdings h on r.kind <> 'retire' and h.id::text = t.target
      left join certificates c on r.kind = 'retire' and c.id = t.target
      where (h.id is not null and h.token_id is null) or (c.id is not null and c.chain_tx_hash is null))
    order by r.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    kind: String(row.kind),
    txHash: String(row.tx_hash),
    targets: parseJson<(number | string)[]>(row.targets).map(String),
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
