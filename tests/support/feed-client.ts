import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EventSource } from 'eventsource';
import type { FeedSnapshot } from '@/shared/schemas/trading';
import type { FeedFollower } from '@/client/features/trading/lib/feed-follower';

/** Serves the app on a free loopback port (a real EventSource needs a socket, not inject) and answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return baseUrlOf(app);
}

/** The base URL of an app that listens (listenOnLoopback). */
export const baseUrlOf = (app: FastifyInstance): string => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A real EventSource (the `eventsource` package) on the project's feed stream, kept in `sources` for the test to close. */
export function openFeedSource(baseUrl: string, projectId: number, sources: EventSource[]): EventSource {
  const source = new EventSource(`${baseUrl}/api/trading/feed/${projectId}/stream`);
  sources.push(source);
  return source;
}

/** What a follower's book shows, in the snapshot's wire terms, to compare with `asShown(snapshot)`. */
export function shownBook(follower: FeedFollower) {
  const book = follower.book;
  if (!book) return null;
  const level = (l: { priceCents: bigint; tonnes: number; orders: number }) => ({ price: (Number(l.priceCents) / 100).toFixed(2), quantity: l.tonnes, orders: l.orders });
  return { seq: book.seq, bids: book.bids.map(level), asks: book.asks.map(level), tradeIds: book.trades.map((trade) => trade.id) };
}

/** A snapshot as shownBook tells a follower's book. */
export const asShown = (snapshot: FeedSnapshot) => ({ seq: snapshot.seq, bids: snapshot.bids, asks: snapshot.asks, tradeIds: snapshot.trades.map((trade) => trade.id) });

/** The feed stream's first text (up to its snapshot, or 300 ms of it), read raw to see what a reconnect with `headers` is sent. */
export async function readFeedStreamStart(baseUrl: string, projectId: number, headers: Record<string, string>): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/trading/feed/${projectId}/stream`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  let text = '';
  const deadline = Date.now() + 300;
  while (Date.now() < deadline && !text.includes('event: snapshot')) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]);
    if (chunk?.value) text += new TextDecoder().decode(chunk.value);
  }
  controller.abort();
  return text;
}
