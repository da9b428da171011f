import type { OrderBookLevel } from '@/shared/schemas/trading';

export interface DepthLevel extends OrderBookLevel {
  /** Tonnes on this side from the best price up to and including this level. */
  cumulativeTonnes: number;
  /** The depth bar's length: cumulative tonnes as a percentage of the deeper side's total (0–100). */
  depthPercent: number;
}

/**
 * Depth bars for both sides on one scale (the larger side's total is 100%), so their lengths compare across the
 * spread. Levels come best first, as the API sends them.
 */
export function bookDepth(sells: readonly OrderBookLevel[], buys: readonly OrderBookLevel[]): { sells: DepthLevel[]; buys: DepthLevel[] } {
  const cumulate = (levels: readonly OrderBookLevel[]) => {
    let running = 0;
    return levels.map((level) => ({ level, cumulative: (running += level.remainingQuantity) }));
  };
  const sellSums = cumulate(sells);
  const buySums = cumulate(buys);
  const deepest = Math.max(sellSums.at(-1)?.cumulative ?? 0, buySums.at(-1)?.cumulative ?? 0, 1);
  const toDepth = ({ level, cumulative }: { level: OrderBookLevel; cumulative: number }): DepthLevel => ({
    ...level, cumulativeTonnes: cumulative, depthPercent: Math.round((cumulative / deepest) * 1000) / 10,
  });
  return { sells: sellSums.map(toDepth), buys: buySums.map(toDepth) };
}
