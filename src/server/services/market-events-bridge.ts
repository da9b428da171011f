import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MarketEvent, MarketEvents } from './market-events';

export const MARKET_EVENTS_CHANNEL = 'market_events';
/** NOTIFY payloads must stay under 8,000 bytes; events are batched into payloads below this. */
const MAX_PAYLOAD_CHARS = 7000;
const RECONNECT_DELAY_MS = 1000;

interface Envelope {
  origin: string;
  events: MarketEvent[];
}

/**
 * Relays MarketEvents between server processes sharing one PostgreSQL database, so that caches and live views in
 * every process hear about changes made in any of them. Local events go out with pg_notify (through the pool,
 * coalesced per event-loop turn); a dedicated client LISTENs and republishes other processes' events locally,
 * skipping its own echoes by origin id. Events are hints to re-read, so a notice lost while reconnecting costs at
 * most the caches' short TTL.
 */
export class MarketEventsBridge {
  private readonly origin = randomUUID();
  /** Events received from other processes: republished locally, never sent back out. */
  private readonly fromRemote = new WeakSet<MarketEvent>();
  private readonly unsubscribe: () => void;
  private outbox: MarketEvent[] = [];
  private flushScheduled = false;
  private listener: pg.Client | null = null;
  private closed = false;

  private constructor(private readonly events: MarketEvents, private readonly pool: pg.Pool, private readonly connectionString: string) {
    this.unsubscribe = events.subscribe((event) => this.onLocal(event));
  }

  static async start(events: MarketEvents, pool: pg.Pool, connectionString: string): Promise<MarketEventsBridge> {
    const bridge = new MarketEventsBridge(events, pool, connectionString);
    await bridge.listen();
    return bridge;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    await this.flush();
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.onRemote(message.payload));
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${MARKET_EVENTS_CHANNEL}`);
    this.listener = client;
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    client.end().catch(() => undefined);
    setTimeout(() => {
      if (!this.closed) this.listen().catch(() => this.retryLater());
    }, RECONNECT_DELAY_MS).unref();
  }

  private retryLater(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed) this.listen().catch(() => this.retryLater());
    }, RECONNECT_DELAY_MS).unref();
  }

  private onLocal(event: MarketEvent): void {
    if (this.fromRemote.has(event)) return;
    this.outbox.push(event);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const unique = new Map(this.outbox.map((event) => [JSON.stringify(event), event]));
    this.outbox = [];
    for (const payload of payloads(this.origin, [...unique.values()])) {
      await this.pool.query('select pg_notify($1, $2)', [MARKET_EVENTS_CHANNEL, payload]).catch(() => undefined);
    }
  }

  private onRemote(payload: string | undefined): void {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.origin || !Array.isArray(envelope.events)) return;
    for (const event of envelope.events) {
      this.fromRemote.add(event);
      this.events.publish(event);
    }
  }
}

/** Splits events into NOTIFY payloads under the size limit. */
function payloads(origin: string, events: MarketEvent[]): string[] {
  const result: string[] = [];
  let chunk: MarketEvent[] = [];
  const encode = (list: MarketEvent[]) => JSON.stringify({ origin, events: list } satisfies Envelope);
  for (const event of events) {
    if (chunk.length > 0 && encode([...chunk, event]).length > MAX_PAYLOAD_CHARS) {
      result.push(encode(chunk));
      chunk = [];
    }
    chunk.push(event);
  }
  if (chunk.length > 0) result.push(encode(chunk));
  return result;
}
