import { z } from 'zod';
import { MAX_QUANTITY_TONNES } from '@/shared/constants';
import { dollarsField, MAX_ID, moneyString, wholeNumberQuery } from './common';
import { trade } from './trading';

/** The swap fee as the API shows it: 0.3% of the cash leg, kept in the pool for its liquidity providers. */
export const POOL_FEE_RATE = '0.003';
/** The same fee for display: "0.3" percent. */
export const POOL_FEE_PERCENT = '0.3';

/** The largest cash amount one pool request may move: $1,000,000,000.00. */
export const MAX_POOL_CASH_CENTS = 100_000_000_000n;
function cashDollars(field: string, options: { allowZero: boolean }) {
  return dollarsField(field, { minCents: options.allowZero ? 0n : 1n, maxCents: MAX_POOL_CASH_CENTS });
}

/** Whole tonnes, 1 … 1,000,000,000, named after the field so that the message says which one is wrong. */
function tonnes(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number of tonnes` })
    .min(1, { error: `${field} must be at least 1` })
    .max(MAX_QUANTITY_TONNES, { error: `${field} must be at most ${MAX_QUANTITY_TONNES}` });
}

const projectId = z.number({ error: 'projectId must be a number' }).int().positive().max(MAX_ID, { error: `projectId must be at most ${MAX_ID}` });
/** LP units are whole numbers; JSON numbers are exact up to 2^53, far above any pool's total. */
const lpUnits = z.number({ error: 'lpTokens must be a number' }).int({ error: 'lpTokens must be a whole number' })
  .min(1, { error: 'lpTokens must be at least 1' }).max(Number.MAX_SAFE_INTEGER);

/**
 * SPEC.md §7 body. `currentPrice` and `totalLiquidity` are accepted for compatibility and ignored: the server
 * derives both from the deposit (price = tokenReserve / creditReserve, liquidity = isqrt(credits × cents)).
 */
export const createPoolBody = z.strictObject({
  projectId,
  creditReserve: tonnes('creditReserve'),
  tokenReserve: cashDollars('tokenReserve', { allowZero: false }),
  currentPrice: z.unknown().optional(),
  totalLiquidity: z.unknown().optional(),
});
export type CreatePoolBody = z.infer<typeof createPoolBody>;

/** Offers at most these amounts; the pool takes them at its current ratio and leaves the excess side. */
export const addLiquidityBody = z.strictObject({
  creditAmount: tonnes('creditAmount'),
  tokenAmount: cashDollars('tokenAmount', { allowZero: false }),
});
export type AddLiquidityBody = z.infer<typeof addLiquidityBody>;

export const removeLiquidityBody = z.strictObject({ lpTokens: lpUnits });
export type RemoveLiquidityBody = z.infer<typeof removeLiquidityBody>;

export const SWAP_SIDES = ['buy', 'sell'] as const;
export type SwapSide = (typeof SWAP_SIDES)[number];

/**
 * POST /api/trading/swap. `quantity` is always the exact number of tonnes: bought out of the pool (buy) or sold
 * into it (sell). The slippage bound is required and belongs to the side: a buy names the most cash it will pay
 * (`maxAmountIn`, fee included), a sell the least cash it will accept (`minAmountOut`, after the fee; "0" accepts
 * any price). A swap that would breach its bound is refused with 409 and changes nothing.
 */
export const swapBody = z
  .strictObject({
    projectId,
    side: z.enum(SWAP_SIDES, { error: "side must be 'buy' or 'sell'" }),
    quantity: tonnes('quantity'),
    maxAmountIn: cashDollars('maxAmountIn', { allowZero: false }).optional(),
    minAmountOut: cashDollars('minAmountOut', { allowZero: true }).optional(),
  })
  .superRefine((body, context) => {
    const [needed, other] = body.side === 'buy' ? ['maxAmountIn', 'minAmountOut'] as const : ['minAmountOut', 'maxAmountIn'] as const;
    if (body[needed] === undefined) context.addIssue({ code: 'custom', path: [needed], message: `${needed} is required for a ${body.side}` });
    if (body[other] !== undefined) context.addIssue({ code: 'custom', path: [other], message: `${other} is not allowed for a ${body.side}` });
  });
export type SwapBody = z.infer<typeof swapBody>;

export const swapQuoteQuery = z.strictObject({
  side: z.enum(SWAP_SIDES, { error: "side must be 'buy' or 'sell'" }),
  quantity: wholeNumberQuery('quantity', { min: 1, max: MAX_QUANTITY_TONNES }),
});
export type SwapQuoteQuery = z.infer<typeof swapQuoteQuery>;

/** A pool as GET /api/trading/pools/{projectId} shows it; the `your…` fields are null when signed out. */
export const pool = z.object({
  id: z.number(),
  projectId: z.number(),
  /** Tonnes in the pool. */
  creditReserve: z.number(),
  /** Cash in the pool, dollars. */
  tokenReserve: moneyString,
  /** tokenReserve / creditReserve rounded half-up to the cent; "0.00" for an emptied pool. */
  currentPrice: moneyString,
  /** LP units issued to all providers. */
  totalLiquidity: z.number(),
  feeRate: z.literal(POOL_FEE_RATE),
  yourLpUnits: z.number().nullable(),
  /** Your share of totalLiquidity in percent, 2 decimals, rounded down ("25.00" = a quarter). */
  yourShare: z.string().nullable(),
  /** What removing all your units would pay out now: cash plus credits valued at currentPrice's exact ratio. */
  yourValue: moneyString.nullable(),
  yourCreditAmount: z.number().nullable(),
  yourTokenAmount: moneyString.nullable(),
  createdAt: z.string(),
});
export type Pool = z.infer<typeof pool>;

/**
 * A quote: amounts in and out are strings whose unit depends on the side (buy: in = dollars, out = tonnes;
 * sell: in = tonnes, out = dollars). `total` is the cash leg (fee included), `fee` the 0.3% inside it.
 */
export const swapQuote = z.object({
  side: z.enum(SWAP_SIDES),
  quantity: z.number(),
  amountIn: z.string(),
  amountOut: z.string(),
  total: moneyString,
  fee: moneyString,
  feeRate: z.literal(POOL_FEE_RATE),
  averagePrice: moneyString,
  /** Fee excluded, always ≥ 0, rounded up. */
  priceImpactBps: z.number(),
  spotPrice: moneyString,
  priceAfter: moneyString,
});
export type SwapQuote = z.infer<typeof swapQuote>;

/** A trade row of the pool venue (SPEC.md §3 trade fields plus its venue and the taker's side). */
export const poolTrade = z.object({
  id: z.number(),
  projectId: z.number(),
  createdAt: z.string(),
  pricePerCredit: moneyString,
  quantity: z.number(),
  totalValue: moneyString,
  venue: z.literal('pool'),
  side: z.enum(SWAP_SIDES),
});
export type PoolTrade = z.infer<typeof poolTrade>;

export const swapResponse = z.object({ trade: poolTrade, quote: swapQuote, cashBalance: moneyString });
export type SwapResponse = z.infer<typeof swapResponse>;

/** What a create, add or remove moved: tonnes and dollars into (create, add) or out of (remove) the pool. */
export const liquidityResponse = z.object({
  pool,
  creditAmount: z.number(),
  tokenAmount: moneyString,
  lpTokens: z.number(),
  cashBalance: moneyString,
});
export type LiquidityResponse = z.infer<typeof liquidityResponse>;

/**
 * A trade of a routed market order: SPEC.md's trade fields plus the venue that filled it. The response of
 * POST /api/trading/market-order stays a list of these; the split is also in the `x-routing` header.
 */
export const routedTrade = trade.extend({ venue: z.enum(['book', 'pool']) });
export type RoutedTrade = z.infer<typeof routedTrade>;

/** How a market order was split: tonnes and cash per venue, and the tonnes neither could fill (cancelled, IOC). */
export const routingSummary = z.object({
  book: z.object({ quantity: z.number(), total: moneyString }),
  pool: z.object({ quantity: z.number(), total: moneyString }),
  unfilled: z.number(),
});
export type RoutingSummary = z.infer<typeof routingSummary>;
