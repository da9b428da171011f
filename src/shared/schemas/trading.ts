import { z } from 'zod';
import { MAX_QUANTITY_TONNES, ORDER_BOOK_DEPTH, PRICE_HISTORY_LIMIT, PRICE_INTERVALS, RECENT_TRADES_LIMIT } from '@/shared/constants';
import { MAX_PRICE_CENTS } from '@/shared/constants';
import { dollarsField, idParam, MAX_ID, moneyString, priceDollars, quantityTonnes, wholeNumberQuery } from './common';

export const ORDER_TYPES = ['buy', 'sell'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['open', 'partially_filled', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const projectIdField = z.number({ error: 'projectId must be a number' }).int({ error: 'projectId must be a whole number' })
  .positive({ error: 'projectId must be a positive integer' }).max(MAX_ID, { error: `projectId must be at most ${MAX_ID}` });
const orderTypeField = z.enum(ORDER_TYPES, { error: 'orderType must be "buy" or "sell"' });
/** How long a limit order may wait (issue 31): GTC rests until cancelled, GTD until `expiresAt`, IOC cancels what it cannot fill at once, FOK fills whole or not at all. */
export const TIME_IN_FORCE = ['GTC', 'GTD', 'IOC', 'FOK'] as const;
export type TimeInForceName = (typeof TIME_IN_FORCE)[number];
/** Issue 31 self-trade prevention modes; cancel_newest is the default (and what every order did before). */
export const SELF_TRADE_PREVENTION = ['cancel_newest', 'cancel_oldest', 'skip'] as const;
export const ORDER_KINDS = ['limit', 'market'] as const;

const stopPriceField = dollarsField('stopPrice', { minCents: 1n, maxCents: MAX_PRICE_CENTS }, 'stopPrice must be a positive amount with at most 2 decimals');

/** Path ids are parsed strictly (digits only): see idParam. */
export const idPathParam = idParam;

/**
 * A limit order. The SPEC client also sends totalValue and remainingQuantity: they are accepted and ignored,
 * because the server derives both (price × quantity, and the whole quantity for a new order).
 */
const selfTradePreventionField = z.enum(SELF_TRADE_PREVENTION, { error: 'selfTradePrevention must be "cancel_newest", "cancel_oldest" or "skip"' }).default('cancel_newest');

export const placeOrderBody = z.strictObject({
  projectId: projectIdField,
  orderType: orderTypeField,
  quantity: quantityTonnes,
  type: z.enum(ORDER_KINDS, { error: 'type must be "limit" or "market"' }).default('limit')
    .describe('limit (default); market only with stopPrice: a stop market order (plain market orders go to POST /trading/market-order)'),
  pricePerCredit: priceDollars.optional()
    .describe('The limit price; required except for a sell stop market order. For a buy stop market order: the most it pays per credit, locked at placement'),
  stopPrice: stopPriceField.optional()
    .describe('Makes it a stop (type market) or stop-limit (type limit) order: held, out of the book, until the last book trade price reaches it (buy: at or above, sell: at or below); it must not have reached it already (422)'),
  selfTradePrevention: selfTradePreventionField
    .describe('When the order reaches a resting order of its owner: cancel_newest (default) cancels this order\'s remainder; cancel_oldest cancels the resting order and goes on; skip passes over it'),
  totalValue: z.union([z.number(), z.string()]).optional(),
  remainingQuantity: z.number().optional(),
  timeInForce: z.enum(TIME_IN_FORCE, { error: 'timeInForce must be "GTC", "GTD", "IOC" or "FOK"' }).default('GTC')
    .describe('GTC (default) rests the remainder; GTD rests it until expiresAt; IOC trades what it can at once and cancels the rest; FOK trades the whole quantity at once or nothing'),
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO 8601 date and time, e.g. 2026-12-31T23:59:00Z' }).optional()
    .describe('GTD only, and required there: when the order ends (in the future, at most a year ahead)'),
  postOnly: z.boolean({ error: 'postOnly must be true or false' }).default(false)
    .describe('Only ever rests: refused with 422, nothing traded, if it would trade at once. GTC only'),
}).refine((body) => !(body.postOnly && (body.timeInForce === 'IOC' || body.timeInForce === 'FOK')), {
  error: 'postOnly needs timeInForce "GTC" or "GTD": a post-only order rests, an IOC or FOK order never does', path: ['postOnly'],
}).refine((body) => (body.timeInForce === 'GTD') === (body.expiresAt !== undefined), {
  error: 'expiresAt goes with timeInForce "GTD", and GTD needs expiresAt', path: ['expiresAt'],
}).refine((body) => body.type === 'limit' || body.stopPrice !== undefined, {
  error: 'type "market" needs stopPrice (a stop market order); place a plain market order with POST /api/trading/market-order', path: ['stopPrice'],
}).refine((body) => body.stopPrice === undefined || !body.postOnly, {
  error: 'stopPrice cannot go with postOnly: a triggered stop may take', path: ['postOnly'],
}).refine((body) => body.stopPrice === undefined || body.timeInForce === 'GTC', {
  error: 'stopPrice goes with timeInForce "GTC" only: a stop waits until triggered (a stop market order then trades at once, the rest cancelled)', path: ['timeInForce'],
}).refine((body) => body.pricePerCredit !== undefined || (body.type === 'market' && body.orderType === 'sell'), {
  error: 'pricePerCredit is required (for a buy stop market order: the most it pays per credit)', path: ['pricePerCredit'],
}).refine((body) => body.pricePerCredit === undefined || !(body.type === 'market' && body.orderType === 'sell'), {
  error: 'a sell stop market order takes no pricePerCredit: once triggered it sells at the market', path: ['pricePerCredit'],
});
// The input shape: a client may leave out the fields that have defaults.
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** Issue 31 amend: a new price and/or total quantity (filled tonnes included) for a live limit order. */
export const amendOrderBody = z.strictObject({
  quantity: quantityTonnes.optional().describe('The new total quantity, filled tonnes included; less than now keeps the order\'s place in the queue'),
  pricePerCredit: priceDollars.optional().describe('A new limit price: the order goes to the back of the queue at it; one that would trade at once is refused'),
}).refine((body) => body.quantity !== undefined || body.pricePerCredit !== undefined, { error: 'Give quantity, pricePerCredit or both' });
export type AmendOrderBody = z.input<typeof amendOrderBody>;

export const cancelAllQuery = z.object({
  projectId: wholeNumberQuery('projectId', { min: 1, max: MAX_ID }).optional().describe('Only this project\'s orders; all projects when absent'),
});

const marketSelfTradePrevention = selfTradePreventionField
  .describe('When the order reaches a resting order of its owner: cancel_newest (default) stops the book there (the pool, if any, fills the rest); cancel_oldest cancels the resting order and goes on; skip passes over it');

export const marketOrderBody = z.strictObject({
  projectId: projectIdField,
  orderType: orderTypeField,
  quantity: quantityTonnes,
  selfTradePrevention: marketSelfTradePrevention,
});
export type MarketOrderBody = z.input<typeof marketOrderBody>;

export const order = z.object({
  id: z.number(),
  userId: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  orderType: z.enum(ORDER_TYPES),
  quantity: z.number(),
  /** Limit price; for an executed market order, the worst price it traded at. */
  pricePerCredit: moneyString,
  /** pricePerCredit × quantity. */
  totalValue: moneyString,
  remainingQuantity: z.number(),
  filledQuantity: z.number(),
  status: z.enum(ORDER_STATUSES),
  timeInForce: z.enum(TIME_IN_FORCE),
  postOnly: z.boolean(),
  /** A GTD order's end; null for the other kinds. */
  expiresAt: z.string().nullable(),
  selfTradePrevention: z.enum(SELF_TRADE_PREVENTION),
  /** A stop or stop-limit order's trigger price; null for other orders. */
  stopPrice: moneyString.nullable(),
  /** stop (market once triggered) or stop_limit; null for other orders. */
  stopOrderType: z.enum(['stop', 'stop_limit']).nullable(),
  /** When the stop was triggered and entered the book; null while it waits (status open) and for other orders. */
  triggeredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof order>;

export const trade = z.object({
  id: z.number(),
  projectId: z.number(),
  buyOrderId: z.number().nullable(),
  sellOrderId: z.number().nullable(),
  pricePerCredit: moneyString,
  quantity: z.number(),
  totalValue: moneyString,
  createdAt: z.string(),
});
export type Trade = z.infer<typeof trade>;

export const cancelAllResponse = z.object({ cancelled: z.array(order) });
export type CancelAllResponse = z.infer<typeof cancelAllResponse>;

export const placeOrderResponse = z.object({ order, matched: z.boolean(), trades: z.array(trade) });
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

/** One price level of the book: the live orders at that price, aggregated. */
export const orderBookLevel = z.object({
  pricePerCredit: moneyString,
  remainingQuantity: z.number(),
  /** pricePerCredit × remainingQuantity. */
  total: moneyString,
  orderCount: z.number(),
});
export type OrderBookLevel = z.infer<typeof orderBookLevel>;

/** Best first: buy levels from the highest price, sell levels from the lowest. */
export const orderBook = z.object({ buyOrders: z.array(orderBookLevel), sellOrders: z.array(orderBookLevel) });
export type OrderBookData = z.infer<typeof orderBook>;

export const orderBookQuery = z.object({
  depth: wholeNumberQuery('depth', { min: 1, max: 100 }).default(ORDER_BOOK_DEPTH),
});

export const tradesQuery = z.object({
  limit: wholeNumberQuery('limit', { min: 1, max: 500 }).default(RECENT_TRADES_LIMIT),
});

export const marketStats = z.object({
  /** Cash traded in the last 24 hours. */
  totalVolume24h: moneyString,
  totalTrades24h: z.number(),
  /** Volume-weighted average trade price of the last 24 hours; 0.00 without trades. */
  averagePrice24h: moneyString,
  /** Live (open or partially filled) orders. */
  activeOrders: z.number(),
  /** Tonnes traded in the last 24 hours. */
  totalQuantity24h: z.number(),
});
export type MarketStats = z.infer<typeof marketStats>;

export const priceHistoryQuery = z.object({
  // The SPEC client may send `interval=` empty: that means the default.
  interval: z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined),
    z.enum(PRICE_INTERVALS, { error: 'interval must be 1h, 1d or 1w' }).default('1h')),
  limit: wholeNumberQuery('limit', { min: 1, max: 1000 }).default(PRICE_HISTORY_LIMIT),
});

/** OHLCV of one bucket; `time` is the bucket's start (UTC), prices are per credit, volume in tonnes. */
export const candle = z.object({
  time: z.string(),
  open: moneyString,
  high: moneyString,
  low: moneyString,
  close: moneyString,
  volume: z.number(),
});
export type Candle = z.infer<typeof candle>;

const performanceFields = {
  quantity: z.number(),
  costBasis: moneyString,
  marketValue: moneyString,
  unrealisedPnl: moneyString,
  /** Percent of the cost basis, 2 decimals. */
  unrealisedPnlPercent: moneyString,
};

export const positionPerformance = z.object({
  projectId: z.number(),
  projectName: z.string(),
  /** Last trade price of the project, else its list price. */
  marketPrice: moneyString,
  ...performanceFields,
});

export const portfolioPerformance = z.object({
  positions: z.array(positionPerformance),
  total: z.object(performanceFields),
});
export type PortfolioPerformance = z.infer<typeof portfolioPerformance>;

/** GET /trading/market-order/quote: the same fields as a market order, in the query string. */
export const marketOrderQuoteQuery = z.object({
  projectId: wholeNumberQuery('projectId', { min: 1, max: MAX_ID }),
  orderType: orderTypeField,
  quantity: wholeNumberQuery('quantity', { min: 1, max: MAX_QUANTITY_TONNES }),
  selfTradePrevention: marketSelfTradePrevention,
});

/**
 * What a market order would do now, computed by the code that executes it (nothing is reserved: the book and the
 * pool may move before the order is sent). Market orders never trade with the taker's own resting orders: by default
 * (cancel_newest) the book stops at the first one and the pool fills the rest, and `ownOrder` names it; skip and
 * cancel_oldest fill from the others' orders behind it (ownOrder null).
 */
export const marketOrderQuote = z.object({
  projectId: z.number(),
  orderType: z.enum(ORDER_TYPES),
  requestedQuantity: z.number(),
  /** Tonnes that would fill: fewer than requested when the venues run out or, for a buy, the cash does. */
  quantity: z.number(),
  unfilled: z.number(),
  /** Why less than requested fills; null when all of it does. */
  limitedBy: z.enum(['depth', 'cash']).nullable(),
  /** Cash paid (buy) or received (sell), pool fee included. */
  total: moneyString,
  /** total ÷ quantity, rounded half up to the cent; null when nothing fills. */
  averagePrice: moneyString.nullable(),
  /** The price of the first tonne: where the order starts. */
  bestPrice: moneyString.nullable(),
  /** How far the average is from the best price, against the taker, in percent with 2 decimals. */
  slippagePercent: z.string().regex(/^\d+\.\d{2}$/).nullable(),
  /** Where it fills. */
  venue: z.enum(['book', 'pool', 'both', 'none']),
  book: z.object({ quantity: z.number(), total: moneyString }),
  pool: z.object({ quantity: z.number(), total: moneyString }),
  /** The taker's own resting order that the book stops at, if the order reaches one. */
  ownOrder: z.object({ id: z.number(), pricePerCredit: moneyString, quantity: z.number() }).nullable(),
});
export type MarketOrderQuote = z.infer<typeof marketOrderQuote>;

/** One price level of the market-data feed (issue 31); in a diff, quantity 0 means the level left the view. */
export const feedLevel = z.object({ price: moneyString, quantity: z.number(), orders: z.number() });
export type FeedLevelWire = z.infer<typeof feedLevel>;

/** GET /trading/feed/:projectId and the stream's `snapshot` event: the best levels, the latest trades (newest first), `seq`. */
export const feedSnapshot = z.object({
  projectId: z.number(),
  seq: z.number(),
  bids: z.array(feedLevel),
  asks: z.array(feedLevel),
  trades: z.array(trade),
});
export type FeedSnapshot = z.infer<typeof feedSnapshot>;

/** The stream's `diff` event: what changed from `prevSeq` to `seq` (changed levels only, new trades oldest first). */
export const feedDiff = z.object({
  projectId: z.number(),
  prevSeq: z.number(),
  seq: z.number(),
  bids: z.array(feedLevel),
  asks: z.array(feedLevel),
  trades: z.array(trade),
});
export type FeedDiffWire = z.infer<typeof feedDiff>;
