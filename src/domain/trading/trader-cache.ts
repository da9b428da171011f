import { buyLockCents } from './settlement';
import { oldestLotsFirst } from './lot-selection';
import type { LedgerLot } from './ledger-rows';
import type { TradingCommand } from './trading-command';

/** A trader's active lots of one project as far as the cache knows them: the oldest, in escrow order. */
interface TraderLots {
  lots: LedgerLot[];
  /** Null when every active lot of the trader in the project is here; otherwise the last lot read (in escrow order). */
  bound: { purchaseDateMs: number; id: number } | null;
}

/** What a batch must read about its traders before it can run on the cache, and what it took from the cache. */
export interface TraderRead {
  /** Buyers whose cash must be read (and locked). */
  cashOf: number[];
  /** Sellers whose oldest active lots must be read (and locked), enough to cover `tonnes`. */
  lotsOf: { userId: number; tonnes: number }[];
  /**
   * The batch's own view of its buyers' cash: the cached balances it decided on when it chose what to read, then the
   * balances it read. The shared cache changes meanwhile (other projects' batches settle, fail and forget); the batch
   * decides, and its write checks, on these figures alone, so no other batch can take them away.
   */
  cash: Map<number, bigint>;
}

/** Extra tonnes read with a seller's lots, so that the next sells find them cached. */
export const LOTS_AHEAD_TONNES = 32;

/** Sellers whose lots one project's cache holds at most; past it, it starts again (a bound on memory, not a policy). */
const MAX_SELLERS = 2048;

/**
 * The traders' side of a project's trading state kept between batches: each seller's oldest active lots of the
 * project (valid while the project's ledger version says nobody else changed its lots) and each buyer's cash (shared
 * by every project of the desk, and checked by the write: it names the balance it expects, and a balance that moved
 * meanwhile makes the batch run again on fresh reads). A batch reads a trader only when the cache cannot decide
 * their commands: an unknown trader, a buyer whose cached cash may not cover their locks, a seller whose cached lots
 * may not cover their sells, a market buyer (what they can afford decides how much they buy). So no refusal is ever
 * decided on cached figures, and the write catches any cached figure that turns out wrong.
 */
export class TraderCache {
  private readonly lots = new Map<number, TraderLots>();
  /** The project's ledger version after the last batch this cache saw committed; null when it holds nothing yet. */
  version: number | null = null;

  constructor(private readonly cash: Map<number, bigint>, private readonly lotsAheadTonnes = LOTS_AHEAD_TONNES) {}

  /** Forgets every trader's lots of the project (their cash is shared and checked on write). */
  reset(): void {
    this.lots.clear();
    this.version = null;
  }

  /** Forgets these traders' cash too (their balance may have moved); batches under way keep what they took (TraderRead.cash). */
  forget(userIds: Iterable<number>): void {
    for (const userId of userIds) {
      this.lots.delete(userId);
      this.cash.delete(userId);
    }
  }

  /**
   * What a batch of `commands` must read. `fresh` (a batch run again because a cached balance had moved) reads and
   * locks every buyer's cash instead of taking it from the shared cache, which other projects' batches refill
   * meanwhile: a balance read under the lock cannot move before the write, so a run again cannot fail the same way.
   */
  readFor(commands: readonly TradingCommand[], fresh = false): TraderRead {
    const locks = new Map<number, bigint>();
    const sells = new Map<number, number>();
    const marketBuyers = new Set<number>();
    for (const command of commands) {
      if (command.kind === 'cancel' || command.kind === 'triggers') continue;
      // An amend's lock depends on the stored order: its buyer's cash is read, as a market buyer's; a sell needs at most its new quantity.
      if (command.kind === 'amend') {
        if (command.side === 'buy') marketBuyers.add(command.userId);
        else if (command.quantity !== null) sells.set(command.userId, (sells.get(command.userId) ?? 0) + command.quantity);
        continue;
      }
      if (command.side === 'sell') sells.set(command.userId, (sells.get(command.userId) ?? 0) + command.quantity);
      else if (command.kind === 'market') marketBuyers.add(command.userId);
      else locks.set(command.userId, (locks.get(command.userId) ?? 0n) + buyLockCents(command.priceCents, command.quantity));
    }
    const cashOf = new Set(marketBuyers);
    const cash = new Map<number, bigint>();
    for (const [userId, lockCents] of locks) {
      const cached = fresh ? undefined : this.cash.get(userId);
      if (cached === undefined || cached < lockCents) cashOf.add(userId);
      else cash.set(userId, cached);
    }
    const lotsOf: TraderRead['lotsOf'] = [];
    for (const [userId, tonnes] of sells) {
      const known = this.lots.get(userId);
      const cachedTonnes = known ? known.lots.reduce((sum, lot) => sum + lot.quantity, 0) : 0;
      if (!known || cachedTonnes < tonnes) lotsOf.push({ userId, tonnes: tonnes + this.lotsAheadTonnes });
    }
    return { cashOf: [...cashOf], lotsOf, cash };
  }

  /**
   * Takes in what a TraderRead returned: the buyers' cash (into the batch's view and the shared cache), each seller's
   * oldest lots covering what was asked (all of them when fewer).
   */
  absorb(read: TraderRead, rows: { users: readonly { id: number; cashCents: bigint }[]; lots: readonly LedgerLot[] }): void {
    for (const user of rows.users) {
      read.cash.set(user.id, user.cashCents);
      this.cash.set(user.id, user.cashCents);
    }
    for (const { userId, tonnes } of read.lotsOf) {
      const lots = rows.lots.filter((lot) => lot.userId === userId).sort(oldestLotsFirst);
      const last = lots.at(-1);
      const complete = lots.reduce((sum, lot) => sum + lot.quantity, 0) < tonnes;
      this.lots.set(userId, { lots, bound: complete || !last ? null : { purchaseDateMs: last.purchaseDateMs, id: last.id } });
    }
  }

  /**
   * The batch's view of its traders: the buyers' cash as the batch took it (`read.cash`, after absorb), and the cached
   * lots (the objects themselves) of every trader with a command in the batch, so that the batch's final view of
   * them is whole.
   */
  inputsFor(commands: readonly TradingCommand[], read: TraderRead): { users: { id: number; cashCents: bigint }[]; lots: LedgerLot[] } {
    const buyers = new Set<number>();
    const traders = new Set<number>();
    for (const command of commands) {
      traders.add(command.userId);
      if (command.kind === 'triggers') continue;
      if (command.kind !== 'cancel' && command.side === 'buy') buyers.add(command.userId);
    }
    return {
      users: [...buyers].map((id) => {
        const cashCents = read.cash.get(id);
        if (cashCents === undefined) throw new Error(`the batch took no cash figure for user ${id}`);
        return { id, cashCents };
      }),
      lots: [...traders].flatMap((userId) => this.lots.get(userId)?.lots ?? []),
    };
  }

  /**
   * After a batch committed at `version`: the balances the batch decided on (`balances`: the buyers', final), the cash
   * others received when the cache knows them, and each known trader's lots as the batch left them: the cached lots
   * still active and theirs, and the lots they gained. A trader known as a prefix keeps what still ranks within it (a
   * lot bought now ranks after every older one, and stays in the database alone).
   */
  settle(
    batch: {
      balances: ReadonlyMap<number, bigint>;
      cashDeltas: readonly { userId: number; deltaCents: bigint }[];
      touchedUserIds: readonly number[];
      activeLotsOf: (userId: number) => readonly LedgerLot[];
    },
    version: number,
  ): void {
    for (const { userId, deltaCents } of batch.cashDeltas) {
      const cached = this.cash.get(userId);
      if (!batch.balances.has(userId) && cached !== undefined) this.cash.set(userId, cached + deltaCents);
    }
    for (const [userId, cents] of batch.balances) this.cash.set(userId, cents);
    for (const userId of batch.touchedUserIds) {
      const known = this.lots.get(userId);
      if (!known) continue;
      // The lots it held that are still its own and active, and those it gained.
      const lots = [...new Set([...known.lots, ...batch.activeLotsOf(userId)])];
      const bound = known.bound;
      known.lots = lots.filter((lot) => lot.status === 'active' && lot.userId === userId && (!bound || ranksWithin(lot, bound)))
        .sort(oldestLotsFirst);
    }
    if (this.lots.size > MAX_SELLERS) this.lots.clear();
    this.version = version;
  }
}

/** Whether a lot comes no later than `bound` in escrow order (purchase date, then id). */
function ranksWithin(lot: LedgerLot, bound: { purchaseDateMs: number; id: number }): boolean {
  return lot.purchaseDateMs < bound.purchaseDateMs || (lot.purchaseDateMs === bound.purchaseDateMs && lot.id <= bound.id);
}
