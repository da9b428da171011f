import { AmmError } from './amm-error';
import type { PoolState } from './pool-state';
import { quoteExactTonnes, type SwapQuote, type SwapSide } from './quote-swap';
import { DomainError } from '@/domain/errors';
import { selectLots, type LotPiece, type SelectableLot } from '@/domain/trading/lot-selection';
import { insufficientCreditsToSell, refuseBreachedBound, refuseUnaffordable } from './swap-checks';

/** A holding of the pool's project as a swap batch sees it; new rows carry negative ids until written. */
export interface BatchLot extends SelectableLot {
  userId: number | null;
  status: 'active' | 'pooled';
  poolId: number | null;
  purchasePriceCents: bigint;
  origin: string;
  parentHoldingId: number | null;
}

export interface SwapCommand {
  userId: number;
  side: SwapSide;
  quantity: number;
  /** buy: most cents to pay; sell: least cents to receive; null: no bound. */
  limitCents: bigint | null;
}

/** What one accepted swap did: the quote it executed, its trade's key in the batch, and the taker's cash after it. */
export interface SwapFill {
  key: number;
  command: SwapCommand;
  quote: SwapQuote;
  priceCents: bigint;
  cashCentsAfter: bigint;
}

export type SwapOutcome = { ok: true; fill: SwapFill } | { ok: false; error: Error };

/** Existing rows sort before new ones of the same purchase date, as the database's ascending ids will have them. */
const rank = (lot: SelectableLot) => (lot.id > 0 ? lot.id : Number.MAX_SAFE_INTEGER / 2 - lot.id);
const oldestFirst = (a: SelectableLot, b: SelectableLot) => a.purchaseDateMs - b.purchaseDateMs || rank(a) - rank(b);

/**
 * Runs a batch of swaps of one pool in memory, in arrival order, as if each had its own transaction: every check
 * (the AMM quote on the pool as the previous swaps left it, the slippage bound, the cash, the credits) happens
 * before anything moves, so a refused swap changes nothing and the next one runs. Accepted swaps move lots exactly
 * as `swapIn` does (buy: the pool's oldest pooled lots to the buyer, origin 'swap'; sell: the seller's oldest active
 * lots into the pool), and the final row states are written once by `writeSwapBatch`.
 */
export class SwapBatchLedger {
  readonly fills: SwapFill[] = [];
  readonly lots = new Map<number, BatchLot>();
  readonly dirty = new Set<BatchLot>();
  readonly cash = new Map<number, bigint>();
  readonly cashDelta = new Map<number, bigint>();
  private nextNewId = -1;

  constructor(
    readonly poolId: number,
    public state: PoolState,
    users: readonly { id: number; cashCents: bigint }[],
    lots: readonly BatchLot[],
    private readonly nowMs: number,
  ) {
    for (const user of users) this.cash.set(user.id, user.cashCents);
    for (const lot of lots) this.lots.set(lot.id, { ...lot });
  }

  run(commands: readonly SwapCommand[]): SwapOutcome[] {
    return commands.map((command) => {
      try {
        return { ok: true as const, fill: this.swap(command) };
      } catch (error) {
        if (error instanceof DomainError || error instanceof AmmError) return { ok: false as const, error };
        throw error;
      }
    });
  }

  private swap(command: SwapCommand): SwapFill {
    const buying = command.side === 'buy';
    const quote = quoteExactTonnes(this.state, command.side, BigInt(command.quantity));
    refuseBreachedBound(command, quote);
    const cashCents = this.cash.get(command.userId) ?? 0n;
    refuseUnaffordable(command.side, quote, cashCents);
    const sources = buying ? this.lotsWhere((lot) => lot.status === 'pooled') : this.lotsWhere((lot) => lot.status === 'active' && lot.userId === command.userId);
    const held = sources.reduce((sum, lot) => sum + lot.quantity, 0);
    if (held < command.quantity) {
      if (buying) throw new Error(`pool ${this.poolId}: the loaded pooled lots hold ${held} t, ${command.quantity} t needed`);
      throw insufficientCreditsToSell(held, command.quantity);
    }
    const priceCents = quote.averagePriceCents!;
    for (const piece of selectLots(sources, command.quantity, oldestFirst)) this.move(piece, command, priceCents);
    this.state = quote.poolAfter;
    const cashCentsAfter = cashCents + (buying ? -quote.cashCents : quote.cashCents);
    this.cash.set(command.userId, cashCentsAfter);
    this.cashDelta.set(command.userId, (this.cashDelta.get(command.userId) ?? 0n) + cashCentsAfter - cashCents);
    const fill = { key: this.fills.length, command, quote, priceCents, cashCentsAfter };
    this.fills.push(fill);
    return fill;
  }

  private lotsWhere(test: (lot: BatchLot) => boolean): BatchLot[] {
    return [...this.lots.values()].filter(test);
  }

  /** One piece of a lot changes owner: in place when whole, else split off its lowest serials as a new lot. */
  private move(piece: LotPiece, command: SwapCommand, priceCents: bigint): void {
    const source = this.lots.get(piece.lotId)!;
    const lot = piece.whole ? source : this.splitOff(source, piece, command.side === 'buy' ? 'swap' : 'split');
    if (command.side === 'buy') {
      Object.assign(lot, { userId: command.userId, status: 'active', poolId: null, origin: 'swap', purchasePriceCents: priceCents, purchaseDateMs: this.nowMs });
    } else {
      Object.assign(lot, { userId: null, status: 'pooled', poolId: this.poolId });
    }
    this.dirty.add(lot);
  }

  private splitOff(source: BatchLot, piece: LotPiece, origin: string): BatchLot {
    source.quantity -= piece.quantity;
    source.serialStart = piece.rest!.serialStart;
    this.dirty.add(source);
    const part: BatchLot = { ...source, id: this.nextNewId--, quantity: piece.quantity, ...piece.taken, origin, parentHoldingId: source.id };
    this.lots.set(part.id, part);
    return part;
  }
}
