import type { Executor } from '@/server/db/client';
import type { BookRead, BookRows } from '@/domain/trading/book-cache';
import type { TraderRead } from '@/domain/trading/trader-cache';
import type { LedgerLot, LedgerOrder } from '@/domain/trading/ledger-rows';
import { firstRow, parseJson } from '@/server/db/sql-values';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { tradingStateQuery } from './trading-state-query';

interface OrderJson {
  id: number; user_id: number; order_type: 'buy' | 'sell'; price_cents: string; quantity: number; filled_quantity: number;
  remaining_quantity: number; locked_cents: string; status: LedgerOrder['status'] | 'pending_trigger'; sequence: string; created_at: string;
  expires_at: string | null;
  self_trade_prevention: string; stop_price_cents: string | null; stop_market: boolean; triggered_at: string | null;
}
interface LotJson {
  id: number; user_id: number; quantity: number; serial_start: number; serial_end: number; purchase_price_cents: string;
  purchase_date: string; status: 'active' | 'escrowed'; order_id: number | null; origin: string; parent_holding_id: number | null;
}

export interface BatchState {
  /** Cash of the buyers read. */
  users: { id: number; cashCents: bigint }[];
  /** The sellers' oldest active lots read, enough to cover what was asked. */
  lots: LedgerLot[];
  /** What the book cache asked for. */
  book: BookRows;
}

/**
 * Reads, in ONE statement (the caller holds the project lock; see tradingStateQuery), what a batch needs beyond its
 * caches: the cash of the buyers the trader cache cannot vouch for, the oldest active lots of the sellers it does not
 * hold enough of, and what the book cache lacks. Nothing at all when the caches hold everything.
 */
export async function readBatchState(
  tx: Executor, projectId: number, reads: { book: BookRead; traders: TraderRead }, statements: StatementRunner = plainStatements,
): Promise<BatchState> {
  const { book, traders } = reads;
  if (traders.cashOf.length === 0 && traders.lotsOf.length === 0 && book.sides.length === 0 && book.orderIds.length === 0 && !book.stops) {
    return { users: [], lots: [], book: { sides: [], byId: [], lots: [] } };
  }
  const query = tradingStateQuery({ projectId, buyerIds: traders.cashOf, sellers: traders.lotsOf, book });
  const row = firstRow<Record<string, unknown>>(await statements(tx, query));
  const list = <T>(name: string) => (row[name] === undefined ? [] : parseJson<T[]>(row[name]));
  return {
    users: list<{ id: number; cash_cents: string }>('users').map((user) => ({ id: user.id, cashCents: BigInt(user.cash_cents) })),
    lots: list<LotJson>('lots').map(toLedgerLot),
    book: {
      sides: book.sides.map(({ side }) => ({ side, orders: list<OrderJson>(side === 'sell' ? 'asks' : 'bids').map(toLedgerOrder) })),
      byId: list<OrderJson>('by_id').map(toLedgerOrder),
      lots: list<LotJson>('escrowed_lots').map(toLedgerLot),
      ...(book.stops ? {
        stops: {
          orders: list<OrderJson>('stops').map(toLedgerOrder),
          lastPriceCents: row.last_price_cents == null ? null : BigInt(row.last_price_cents as string),
        },
      } : {}),
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
    // An untriggered stop is live to the batch (it holds a lock or escrow) but out of the book.
    status: row.status === 'pending_trigger' ? 'open' : row.status,
    pendingTrigger: row.status === 'pending_trigger',
    sequence: Number(row.sequence),
    createdAtMs: Date.parse(row.created_at),
    isNew: false,
    isMarket: false,
    expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    selfTradePrevention: row.self_trade_prevention as LedgerOrder['selfTradePrevention'],
    stopPriceCents: row.stop_price_cents === null ? null : BigInt(row.stop_price_cents),
    stopMarket: row.stop_market,
    triggeredAtMs: row.triggered_at === null ? null : Date.parse(row.triggered_at),
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
