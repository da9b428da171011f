import { OrderBook } from '@/domain/orderbook/order-book';
import type { LimitOrderInput, MarketOrderInput } from '@/domain/orderbook/order-input';
import type { OrderSide } from '@/domain/orderbook/order-status';
import { mulberry32 } from '@/domain/mrv/seeded-random';

// Order-book engine benchmark: 1,000,000 seeded operations (70% limit orders around a mid price, 20% cancels of
// live orders, 10% market orders) replayed on fresh books: untimed per operation for throughput (best of
// THROUGHPUT_PASSES, since the machine is shared), then timing every operation for latency percentiles.
// Two price mixes bracket real books: "crossing" draws both sides from mid ± 50 ticks, so most limit orders
// trade and the book stays thin; "deep" draws buys from mid − 50…mid + 10 (sells mirrored), so most orders
// rest and the book grows to a quarter of a million orders, where cancels hit cold memory.

const OPERATION_COUNT = 1_000_000;
const SEED = 0x5eed_cafe;
const MID_PRICE_CENTS = 2500;
const PASSIVE_TICKS = 50;
const THROUGHPUT_PASSES = 5;
const SCENARIOS = [
  { name: 'crossing', aggressiveTicks: 50 },
  { name: 'deep', aggressiveTicks: 10 },
] as const;
const MAX_ORDER_TONNES = 100;
const OWNER_COUNT = 1000;
const LIMIT = 0;
const CANCEL = 1;
const MARKET = 2;
const SIDES: readonly OrderSide[] = ['buy', 'sell'];

/** A recorded operation stream; replaying it on a fresh book reproduces the same states, so cancels hit live orders. */
interface Tape {
  kind: Uint8Array;
  side: Uint8Array;
  priceCents: Int32Array;
  quantityTonnes: Int32Array;
  /** The new order's id, or for a cancel the id of the live order to cancel. */
  orderId: Int32Array;
  ownerId: Int32Array;
  /** Mean number of live orders in the book over the run, to show how deep the benchmarked book is. */
  meanLiveOrders: number;
}

/** Generates the tape by running it once, tracking live order ids so that every cancel targets a live order. */
function recordTape(count: number, aggressiveTicks: number): Tape {
  const random = mulberry32(SEED);
  const tape: Tape = {
    kind: new Uint8Array(count),
    side: new Uint8Array(count),
    priceCents: new Int32Array(count),
    quantityTonnes: new Int32Array(count),
    orderId: new Int32Array(count),
    ownerId: new Int32Array(count),
    meanLiveOrders: 0,
  };
  let liveOrderSum = 0;
  const live = new Int32Array(count + 1);
  const positionOf = new Int32Array(count + 2).fill(-1);
  let liveCount = 0;
  const addLive = (id: number) => {
    positionOf[id] = liveCount;
    live[liveCount++] = id;
  };
  const removeLive = (id: number) => {
    const position = positionOf[id];
    const last = live[--liveCount];
    live[position] = last;
    positionOf[last] = position;
    positionOf[id] = -1;
  };
  const book = new OrderBook();
  let nextId = 1;
  for (let i = 0; i < count; i++) {
    liveOrderSum += liveCount;
    const draw = random();
    const side = random() < 0.5 ? 0 : 1;
    const quantityTonnes = 1 + Math.floor(random() * MAX_ORDER_TONNES);
    const ownerId = Math.floor(random() * OWNER_COUNT);
    const offsetTicks = Math.floor(random() * (PASSIVE_TICKS + aggressiveTicks + 1)) - aggressiveTicks;
    const priceCents = side === 0 ? MID_PRICE_CENTS - offsetTicks : MID_PRICE_CENTS + offsetTicks;
    if (draw >= 0.7 && draw < 0.9 && liveCount > 0) {
      const targetId = live[Math.floor(random() * liveCount)];
      tape.kind[i] = CANCEL;
      tape.orderId[i] = targetId;
      book.cancel(targetId);
      removeLive(targetId);
      continue;
    }
    const id = nextId++;
    tape.side[i] = side;
    tape.quantityTonnes[i] = quantityTonnes;
    tape.orderId[i] = id;
    tape.ownerId[i] = ownerId;
    let result;
    if (draw >= 0.9) {
      tape.kind[i] = MARKET;
      result = book.submitMarket({ id, ownerId, side: SIDES[side], quantityTonnes });
    } else {
      tape.kind[i] = LIMIT;
      tape.priceCents[i] = priceCents;
      result = book.submitLimit({ id, ownerId, side: SIDES[side], priceCents, quantityTonnes });
    }
    for (let t = 0; t < result.tradeCount; t++) {
      const trade = result.trades[t];
      if (trade.makerRemainingTonnes === 0) removeLive(trade.makerId as number);
    }
    if (result.restingTonnes > 0) addLive(id);
  }
  tape.meanLiveOrders = liveOrderSum / count;
  return tape;
}

interface ReplayTotals {
  tradeCount: number;
  tradedTonnes: number;
  missedCancels: number;
}

/** Replays the tape; with `latencyNs` it times each operation into it, otherwise it times nothing. */
function replay(tape: Tape, book: OrderBook, latencyNs: Float64Array | null): ReplayTotals {
  // One request object per kind, reused: the caller's side of the hot path allocates nothing either.
  const limit: LimitOrderInput = { id: 0, ownerId: 0, side: 'buy', priceCents: 1, quantityTonnes: 1 };
  const market: MarketOrderInput = { id: 0, ownerId: 0, side: 'buy', quantityTonnes: 1 };
  const totals: ReplayTotals = { tradeCount: 0, tradedTonnes: 0, missedCancels: 0 };
  const { kind, side, priceCents, quantityTonnes, orderId, ownerId } = tape;
  for (let i = 0; i < kind.length; i++) {
    const started = latencyNs === null ? 0n : process.hrtime.bigint();
    if (kind[i] === CANCEL) {
      if (book.cancel(orderId[i]) === 0) totals.missedCancels++;
    } else {
      let result;
      if (kind[i] === LIMIT) {
        limit.id = orderId[i];
        limit.ownerId = ownerId[i];
        limit.side = SIDES[side[i]];
        limit.priceCents = priceCents[i];
        limit.quantityTonnes = quantityTonnes[i];
        result = book.submitLimit(limit);
      } else {
        market.id = orderId[i];
        market.ownerId = ownerId[i];
        market.side = SIDES[side[i]];
        market.quantityTonnes = quantityTonnes[i];
        result = book.submitMarket(market);
      }
      totals.tradeCount += result.tradeCount;
      totals.tradedTonnes += result.filledTonnes;
    }
    if (latencyNs !== null) latencyNs[i] = Number(process.hrtime.bigint() - started);
  }
  return totals;
}

function percentile(sortedNs: Float64Array, fraction: number): number {
  return sortedNs[Math.min(sortedNs.length - 1, Math.floor(fraction * sortedNs.length))];
}

/** Cost of one hrtime.bigint() pair, which the latency figures include. */
function timerOverheadNs(samples: number): number {
  const deltas = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const started = process.hrtime.bigint();
    deltas[i] = Number(process.hrtime.bigint() - started);
  }
  return percentile(deltas.sort(), 0.5);
}

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const micros = (ns: number) => (ns / 1000).toFixed(2);

export async function run(): Promise<void> {
  for (const { name, aggressiveTicks } of SCENARIOS) {
    // Recording runs the engine over the whole tape, which also warms the JIT before anything is timed.
    const tape = recordTape(OPERATION_COUNT, aggressiveTicks);
    let bestSeconds = Infinity;
    let totals: ReplayTotals | undefined;
    let book = new OrderBook();
    for (let pass = 0; pass < THROUGHPUT_PASSES; pass++) {
      book = new OrderBook();
      const started = process.hrtime.bigint();
      totals = replay(tape, book, null);
      bestSeconds = Math.min(bestSeconds, Number(process.hrtime.bigint() - started) / 1e9);
    }
    const latencyNs = new Float64Array(OPERATION_COUNT);
    const timedTotals = replay(tape, new OrderBook(), latencyNs);
    latencyNs.sort();
    if (totals === undefined || timedTotals.tradedTonnes !== totals.tradedTonnes || totals.missedCancels !== 0) {
      throw new Error('engine benchmark replay diverged: the engine is not deterministic');
    }
    console.log(
      `engine (${name}): ${count(OPERATION_COUNT)} ops in ${bestSeconds.toFixed(3)} s = ${count(OPERATION_COUNT / bestSeconds)} ops/s; ` +
        `p50 ${micros(percentile(latencyNs, 0.5))} µs, p99 ${micros(percentile(latencyNs, 0.99))} µs, ` +
        `p99.9 ${micros(percentile(latencyNs, 0.999))} µs, max ${micros(latencyNs[OPERATION_COUNT - 1])} µs`,
    );
    const share = (kind: number) => ((100 * tape.kind.filter((k) => k === kind).length) / OPERATION_COUNT).toFixed(1);
    console.log(
      `engine (${name}): ${share(LIMIT)}% limit, ${share(CANCEL)}% cancel, ${share(MARKET)}% market; ${count(totals.tradeCount)} trades, ${count(totals.tradedTonnes)} t traded; ` +
        `${count(tape.meanLiveOrders)} live orders on average, ${count(book.size)} at the end`,
    );
  }
  console.log(`engine: latencies include ~${timerOverheadNs(100_000)} ns of process.hrtime.bigint() per operation`);
}
