import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@/shared/schemas/common';
import { feedSnapshot, idPathParam } from '@/shared/schemas/trading';
import { NotFoundError, RateLimitedError } from '@/domain/errors';
import type { AppDeps } from '@/server/app-deps';
import { MarketFeed, readFeedState, snapshotToWire, type FeedMessage } from '@/server/services/trading/market-feed';
import { fileResponse } from './file-responses';
import { openEventStream, trackEventStreams, type EventStream } from './event-stream';

/** Open feed streams per instance: each holds a socket and a listener; past this, new ones wait (429, Retry-After). */
export const MAX_FEED_STREAMS = 1000;
/** A client this far behind (bytes written and not yet taken by its socket) is cut off; it reconnects to a snapshot. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const projectParams = z.object({ projectId: idPathParam });

/**
 * Issue 31's sequenced market-data feed (docs/api.md, "Market-data feed"): a snapshot with `seq`, then diffs each
 * from `prevSeq` to `seq`, over Server-Sent Events. The stream starts with its own snapshot (unless the client's
 * Last-Event-ID is where this instance's feed stands), so that the diffs after it chain onto it exactly.
 */
export function marketFeedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, events } = deps;
  return async (app) => {
    const feed = new MarketFeed(db, events, (error) => app.log.error({ err: error }, 'market feed read failed'));
    const openStreams = trackEventStreams(app);
    app.addHook('onClose', async () => feed.close());

    app.get('/trading/feed/:projectId', {
      schema: {
        tags: ['trading'],
        description: 'The project\'s market data as the feed numbers it: the best 50 price levels of each side, the latest 50 trades (newest first) and `seq`, read at one instant.',
        params: projectParams,
        response: { 200: feedSnapshot, 400: errorResponse, 404: errorResponse },
      },
    }, async (request) => {
      const state = await readFeedState(db, request.params.projectId, null);
      if (!state) throw new NotFoundError(`Project ${request.params.projectId} not found`);
      return snapshotToWire(request.params.projectId, state);
    });

    app.get('/trading/feed/:projectId/stream', {
      schema: {
        tags: ['trading'],
        params: projectParams,
        response: {
          200: fileResponse('text/event-stream', 'Server-Sent Events: `event: snapshot` (id = seq; data as GET /trading/feed/:projectId), then `event: diff` (id = seq; data {projectId, prevSeq, seq, bids, asks, trades}) and `event: resync` (take a new snapshot: reconnect); `: heartbeat` every 15 s.'),
          400: errorResponse, 404: errorResponse, 429: errorResponse,
        },
      },
    }, async (request, reply) => {
      const { projectId } = request.params;
      if (openStreams.size >= MAX_FEED_STREAMS) throw new RateLimitedError('Too many live market feeds are open on this server; try again in a few seconds', 5);
      const lastEventId = Number(request.headers['last-event-id']);
      let stream: EventStream | null = null;
      const send = (message: FeedMessage) => {
        if (message.kind === 'resync') return void raw.write('event: resync\ndata: {}\n\n');
        raw.write(`event: diff\nid: ${message.diff.seq}\ndata: ${JSON.stringify(message.diff)}\n\n`);
        if (raw.writableLength > MAX_BUFFERED_BYTES) stream?.end();
      };
      const raw = reply.raw;
      const subscription = await feed.subscribe(projectId, (message) => send(message));
      if (!subscription) throw new NotFoundError(`Project ${projectId} not found`);
      stream = openEventStream(openStreams, request, reply, { onClose: () => subscription.unsubscribe() });
      // A client that resumes where this instance's feed stands needs no snapshot: the next diff starts there.
      if (lastEventId !== subscription.snapshot.seq) {
        raw.write(`event: snapshot\nid: ${subscription.snapshot.seq}\ndata: ${JSON.stringify(subscription.snapshot)}\n\n`);
      }
    });
  };
}
