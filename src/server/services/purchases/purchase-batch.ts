import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { holdings } from '../../db/schema';
import { firstRow, intArray, jsonParam, parseJson, rowsOf } from '../../db/sql-values';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { allocatePurchases, type ProjectStock, type PurchaseRequest } from '../../../domain/purchases/allocate-purchases';
import type { Settled } from '../batching-queue';
import { recordWebhookEvents } from '../../db/record-webhook-events';
import { formatCents } from '../../../domain/money';

export type HoldingRow = typeof holdings.$inferSelect;

export interface PurchaseResult {
  holding: HoldingRow;
  projectName: string;
  serialPrefix: string;
  subtotalCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
  cashCents: bigint;
}

interface ProjectRow { id: number; name: string; serial_prefix: string; price_cents: string; available_credits: number; next_serial: number }

/**
 * Buys unsold credits for a batch of purchases inside the caller's transaction: lock the projects, then the buyers
 * (each in id order, so concurrent batches and trading on PostgreSQL take locks in one order), decide every purchase
 * in memory (`allocatePurchases`), then write all accepted ones in ONE statement — stock, cash, the new holdings with
 * their serial ranges and the 'purchase' transactions. Four round trips for 1 purchase or 100. Each purchase is
 * answered on its own; a refused one changes nothing.
 */
export async function purchaseBatchIn(
  tx: Executor, requests: readonly PurchaseRequest[], now: Date, statements: StatementRunner = plainStatements,
): Promise<Settled<PurchaseResult>[]> {
  const projectIds = [...new Set(requests.map((request) => request.projectId))].sort((a, b) => a - b);
  const userIds = [...new Set(requests.map((request) => request.userId))].sort((a, b) => a - b);
  const projectRows = rowsOf<ProjectRow>(await statements(tx, sql`
    select id, name, serial_prefix, price_cents::text as price_cents, available_credits, next_serial
    from projects where id = any(${intArray(projectIds)}) order by id for update`));
  const userRows = rowsOf<{ id: number; cash_cents: string }>(await statements(tx, sql`
    select id, cash_cents::text as cash_cents from users where id = any(${intArray(userIds)}) order by id for update`));

  const stock = new Map<number, ProjectStock>(projectRows.map((row) => [row.id, {
    priceCents: BigInt(row.price_cents), availableCredits: row.available_credits, nextSerial: row.next_serial,
  }]));
  const cash = new Map(userRows.map((row) => [row.id, BigInt(row.cash_cents)]));
  const outcomes = allocatePurchases(stock, cash, requests);

  const accepted = requests.flatMap((request, index) => {
    const outcome = outcomes[index];
    return outcome.ok ? [{ request, ...outcome.allocation }] : [];
  });
  const holdingIds = accepted.length > 0 ? await writePurchases(tx, accepted, stock, cash, now, statements) : new Map<string, number>();
  await recordWebhookEvents(tx, accepted.map(({ request, serialStart, serialEnd, cost }) => ({
    userId: request.userId,
    type: 'purchase.completed' as const,
    data: {
      creditId: holdingIds.get(`${request.projectId}:${serialStart}`)!, projectId: request.projectId, quantity: request.quantity,
      pricePerCredit: formatCents(request.priceCents), total: formatCents(cost.totalCents), serialStart, serialEnd,
    },
  })), now, statements);
  const projectsById = new Map(projectRows.map((row) => [row.id, row]));
  return outcomes.map((outcome, index): Settled<PurchaseResult> => {
    if (!outcome.ok) return outcome;
    const request = requests[index];
    const { serialStart, serialEnd, cost, cashAfterCents } = outcome.allocation;
    const project = projectsById.get(request.projectId)!;
    const holding: HoldingRow = {
      id: holdingIds.get(`${request.projectId}:${serialStart}`)!,
      userId: request.userId, projectId: request.projectId, quantity: request.quantity, serialStart, serialEnd,
      purchasePriceCents: request.priceCents, purchaseDate: now, status: 'active', orderId: null, poolId: null, origin: 'purchase',
      parentHoldingId: null, tokenId: null, retiredAt: null, retiredReason: null, certificateId: null, anchorError: null, createdAt: now,
    };
    return { ok: true, value: { holding, projectName: project.name, serialPrefix: project.serial_prefix, ...cost, cashCents: cashAfterCents } };
  });
}

type Accepted = { request: PurchaseRequest; serialStart: number; serialEnd: number; cost: { totalCents: bigint; feeCents: bigint } };

/**
 * All accepted purchases of a batch as one statement of data-modifying CTEs. The rows are locked, so stock and cash
 * are written as the batch's final values. A holding is identified by its project and first serial (unique), which
 * links each transaction row to its holding. The updates also name their ids as an array: the planner cannot see
 * how few rows a JSON recordset holds and would otherwise scan the whole table.
 */
async function writePurchases(
  tx: Executor, accepted: readonly Accepted[], stock: Map<number, ProjectStock>, cash: Map<number, bigint>, now: Date,
  statements: StatementRunner,
): Promise<Map<string, number>> {
  const projectIds = [...new Set(accepted.map((row) => row.request.projectId))];
  const userIds = [...new Set(accepted.map((row) => row.request.userId))];
  const payload = {
    projects: projectIds.map((id) => ({ id, available_credits: stock.get(id)!.availableCredits, next_serial: stock.get(id)!.nextSerial })),
    users: userIds.map((id) => ({ id, cash_cents: cash.get(id)! })),
    purchases: accepted.map(({ request, serialStart, serialEnd, cost }) => ({
      user_id: request.userId, project_id: request.projectId, quantity: request.quantity, serial_start: serialStart, serial_end: serialEnd,
      price_cents: request.priceCents, total_cents: cost.totalCents, fee_cents: cost.feeCents,
    })),
  };
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = (name: string) => sql`jsonb_to_recordset((select j->${name} from input))`;
  const purchaseColumns = sql`user_id int, project_id int, quantity int, serial_start int, serial_end int, price_cents bigint,
    total_cents bigint, fee_cents bigint`;
  const result = await statements(tx, sql`
    with input as (select ${jsonParam(payload)} as j),
    sold as (
      update projects p set available_credits = x.available_credits, next_serial = x.next_serial
      from ${rows('projects')} as x(id int, available_credits int, next_serial int)
      where p.id = x.id and p.id = any(${intArray(projectIds)})),
    debited as (
      update users u set cash_cents = x.cash_cents
      from ${rows('users')} as x(id int, cash_cents bigint)
      where u.id = x.id and u.id = any(${intArray(userIds)})),
    inserted as (
      insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status, origin, created_at)
      select x.user_id, x.project_id, x.quantity, x.serial_start, x.serial_end, x.price_cents, ${at}, 'active', 'purchase', ${at}
      from ${rows('purchases')} as x(${purchaseColumns})
      returning id, project_id, serial_start),
    recorded as (
      insert into transactions (user_id, type, project_id, holding_id, quantity, total_cents, fee_cents, created_at)
      select x.user_id, 'purchase', x.project_id, h.id, x.quantity, x.total_cents, x.fee_cents, ${at}
      from ${rows('purchases')} as x(${purchaseColumns})
      join inserted h on h.project_id = x.project_id and h.serial_start = x.serial_start)
    select coalesce(jsonb_agg(jsonb_build_array(project_id, serial_start, id)), '[]'::jsonb) as holding_ids from inserted`);
  const triples = parseJson<[number, number, number][]>(firstRow<{ holding_ids: unknown }>(result).holding_ids);
  return new Map(triples.map(([projectId, serialStart, id]) => [`${projectId}:${serialStart}`, id]));
}

/** One purchase inside the caller's transaction (buy-and-retire wraps it with the retirement); a refusal throws. */
export async function purchaseOneIn(tx: Executor, request: PurchaseRequest, now: Date, statements?: StatementRunner): Promise<PurchaseResult> {
  const [outcome] = await purchaseBatchIn(tx, [request], now, statements);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
