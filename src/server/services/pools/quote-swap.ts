import type { Database } from '@/server/db/client';
import { quoteExactTonnes, type SwapQuote, type SwapSide } from '@/domain/amm/quote-swap';
import { NotFoundError } from '@/domain/errors';
import { findPool } from './pool-queries';

/** What a swap of exactly `quantity` tonnes would do now, without doing it (404 without a pool). */
export async function quoteSwap(db: Database, projectId: number, side: SwapSide, quantity: number): Promise<SwapQuote> {
  const found = await findPool(db, projectId, null);
  if (!found) throw new NotFoundError(`No liquidity pool exists for project ${projectId}`);
  return quoteExactTonnes(found.pool.state, side, BigInt(quantity));
}
