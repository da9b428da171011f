import type { Executor } from '../../db/client';
import type { BatchState, TradingCommand } from '../../../domain/trading/run-trading-batch';
import type { LedgerLot, LedgerOrder } from '../../../domain/trading/ledger-rows';
import { firstRow, parseJson } from '../../db/sql-values';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { tradingStateQuery } from './trading-state-query';

/** Above any accepted price: a market buy may reach every ask. */
const NO_PRICE_LIMIT_CENTS = 1_000_000_000_000n;

export interface LoadedState {
  project: { id: number; name: string; priceCents: bigint } | null;
  state: BatchState;
}

interface OrderJson {
  id: number; user_id: number; order_type: 'buy' | 'sell'; price_cents: string; quantity: number; filled_quantity: number;
  remaining_quantity: number; locked_cents: string; status: LedgerOrder['status']; sequence: string; created_at: string;
}
interface LotJson {
  id: number; user_id: number; quantity: number; serial_start: number; serial_end: number; purchase_price_cents: string;
  purchase_date: string; status: 'active' | 'escrowed'; order_id: number | null; origin: string; parent_holding_id: number | null;
}
interface StateRow {
  project: { id: number; name: string; priceCents: string } | null;
  orders: OrderJson[];
  users: { id: number; cash_cents: string }[];
  lots: LotJson[];
  new_ids: { id: number; sequence: string }[];
}

/** Per seller, the tonnes the batch's sell commands may escrow in total. */
function tonnesToSell(commands: readonly TradingCommand[]): { userId: number; tonnes: number }[] {
  const tonnes = new Map<number, number>();
  for (const command of commands) {
    if (command.kind !== 'cancel' && command.side === 'sell') tonnes.set(command.userId, (tonnes.get(command.userId) ?? 0) + command.quantity);
  }
  return [...tonnes].map(([userId, total]) => ({ userId, tonnes: total }));
}

/** What the commands can reach on each side of the book: how many tonnes, and up to which price. */
function reach(commands: readonly TradingCommand[]) {
  let askTonnes = 0;
  let bidTonnes = 0;
  let maxBidCents = 0n;
  let minAskCents = NO_PRICE_LIMIT_CENTS;
  for (const command of commands) {
    if (command.kind === 'cancel') continue;
    const limitCents = command.kind === 'limit' ? command.priceCents : null;
    if (command.side === 'buy') {
      askTonnes += command.quantity;
      const bound = limitCents ?? NO_PRICE_LIMIT_CENTS;
      if (bound > maxBidCents) maxBidCents = bound;
    } else {
      bidTonnes += command.quantity;
      const bound = limitCents ?? 0n;
      if (bound < minAskCents) minAskCents = bound;
    }
  }
  return { askTonnes, bidTonnes, maxBidCents, minAskCents };
}

/**
 * Reads, in ONE statement (the caller holds the project lock; see tradingStateQuery), everything a batch needs:
 * - the resting orders the takers can reach, in priority order (their own resting orders included, where
 *   self-trade prevention stops them);
 * - the orders to cancel, in any state (a finished one is a 409, not a 404);
 * - the users involved, locked;
 * - each seller's oldest active lots until they cover what the seller's commands sell (escrow takes the oldest
 *   first, and lots bought within the batch are newer), or all of them when they cover less, so a sell is refused
 *   exactly when the seller holds too little; only those are locked;
 * - the escrowed lots of the loaded sell orders, locked;
 * - ids and arrival sequences for the orders the batch may place.
 */
export async function loadTradingState(
  tx: Executor, projectId: number, commands: readonly TradingCommand[], nowMs: number, statements: StatementRunner = plainStatements,
): Promise<LoadedState> {
  const { askTonnes, bidTonnes, maxBidCents, minAskCents } = reach(commands);
  const cancelIds = commands.flatMap((command) => (command.kind === 'cancel' ? [command.orderId] : []));
  const userIds = [...new Set(commands.map((command) => command.userId))];
  const sellers = tonnesToSell(commands);
  const placeCount = commands.length - cancelIds.length;
  const result = await statements(tx, tradingStateQuery({
    projectId, askTonnes, bidTonnes, maxBidCents, minAskCents, cancelIds, userIds, sellers, placeCount,
  }));
  const row = firstRow<Record<keyof StateRow, unknown>>(result);
  const project = parseJson<StateRow['project']>(row.project);
  return {
    project: project && { id: project.id, name: project.name, priceCents: BigInt(project.priceCents) },
    state: {
      nowMs,
      orders: parseJson<OrderJson[]>(row.orders).map(toLedgerOrder),
      users: parseJson<StateRow['users']>(row.users).map((user) => ({ id: user.id, cashCents: BigInt(user.cash_cents) })),
      lots: parseJson<LotJson[]>(row.lots).map(toLedgerLot),
      newOrderIds: parseJson<StateRow['new_ids']>(row.new_ids).map((id) => ({ id: id.id, sequence: Number(id.sequence) })),
    },
  };
}

function toLedgerOrder(row: OrderJson): LedgerOrder {
  return {
    id: row.id,
    userId: row.user_id,
    side: row.order_type,
    priceCents: BigInt(row.price_cents),
    quantity: row.quantity,
    filledQuantity: row.filled_quantity,
    remainingQuantity: row.remaining_quantity,
    lockedCents: BigInt(row.locked_cents),
    status: row.status,
    sequence: Number(row.sequence),
    createdAtMs: Date.parse(row.created_at),
    isNew: false,
    isMarket: false,
  };
}

function toLedgerLot(row: LotJson): LedgerLot {
  return {
    id: row.id,
    userId: row.user_id,
    quantity: row.quantity,
    serialStart: row.serial_start,
    serialEnd: row.serial_end,
    purchasePriceCents: BigInt(row.purchase_price_cents),
    purchaseDateMs: Date.parse(row.purchase_date),
    status: row.status,
    orderId: row.order_id,
    origin: row.origin,
    parentHoldingId: row.parent_holding_id,
  };
}
