import { roundHalfUp } from '@/domain/money';

export interface PositionInput {
  /** Tonnes the user holds (active and escrowed in sell orders). */
  quantityTonnes: number;
  /** Σ quantity × purchase price of the held lots. */
  costBasisCents: bigint;
  /** Price of the latest trade of the project, if it has traded. */
  lastTradePriceCents: bigint | null;
  /** The project's list price, used when it has not traded yet. */
  listPriceCents: bigint;
}

export interface Performance {
  quantityTonnes: number;
  costBasisCents: bigint;
  /** Price each tonne is valued at (position rows only; the total has none). */
  marketPriceCents: bigint | null;
  marketValueCents: bigint;
  /** Market value − cost basis; negative for a loss. */
  unrealisedPnlCents: bigint;
  /** P&L as a percentage of the cost basis in hundredths of a percent, rounded half away from zero; 0 without cost. */
  unrealisedPnlBasisPoints: bigint;
}

/** Marks a position at the last trade price, else at the list price (a project that never traded has no market). */
export function positionPerformance(position: PositionInput): Performance {
  const marketPriceCents = position.lastTradePriceCents ?? position.listPriceCents;
  const marketValueCents = marketPriceCents * BigInt(position.quantityTonnes);
  return withPnl(position.quantityTonnes, position.costBasisCents, marketValueCents, marketPriceCents);
}

/** Sums positions; the percentage is recomputed on the totals, not averaged. */
export function totalPerformance(positions: readonly Performance[]): Performance {
  let quantity = 0;
  let cost = 0n;
  let value = 0n;
  for (const position of positions) {
    quantity += position.quantityTonnes;
    cost += position.costBasisCents;
    value += position.marketValueCents;
  }
  return withPnl(quantity, cost, value, null);
}

function withPnl(quantityTonnes: number, costBasisCents: bigint, marketValueCents: bigint, marketPriceCents: bigint | null): Performance {
  const unrealisedPnlCents = marketValueCents - costBasisCents;
  const unrealisedPnlBasisPoints = costBasisCents > 0n ? roundHalfUp(unrealisedPnlCents * 10_000n, costBasisCents) : 0n;
  return { quantityTonnes, costBasisCents, marketPriceCents, marketValueCents, unrealisedPnlCents, unrealisedPnlBasisPoints };
}
