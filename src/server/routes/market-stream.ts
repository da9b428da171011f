import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@/shared/schemas/common';
import { idPathParam } from '@/shared/schemas/trading';
import { NotFoundError } from '@/domain/errors';
import type { AppDeps } from '@/server/app-deps';
import { projectExists } from '@/server/services/trading/market-queries';
import { fileResponse } from './file-responses';

/** A comment line this often keeps proxies and the browser from timing the stream out. */
export const HEARTBEAT_MS = 15_000;
/** Changes within this window are announced once: a batch of trades is one refresh, not fifty. */
export const COALESCE_MS = 100;
/** Sent as the stream's `retry` when the server shuts down: clients reconnect (to another instance) this soon. */
export const RECONNECT_AFTER_SHUTDOWN_MS = 500;

/**
 * GET /api/trading/stream/:projectId — Server-Sent Events. Sends `event: market` (data `{"projectId":…}`) within
 * COALESCE_MS of every order, trade or cancel of the project, and a heartbeat comment every HEARTBEAT_MS. The
 * client refetches what it shows; the event carries no market data, so it can never disagree with the API.
 */
export function marketStreamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, events } = deps;
  return async (app) => {
    const openStreams = new Set<(farewell?: string) => void>();
    // Open streams would keep the server from closing: end them first, telling clients to reconnect soon.
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n: server shutting down, reconnect\n\n`);
    });

    app.get('/trading/stream/:projectId', {
      schema: {
        tags: ['trading'],
        params: z.object({ projectId: idPathParam }),
        response: {
          200: fileResponse('text/event-stream', 'Server-Sent Events: `event: market` with data {"projectId"} after every change of the project; `: heartbeat` every 15 s.'),
          400: errorResponse, 404: errorResponse,
        },
      },
    }, async (request, reply) => {
      const { projectId } = request.params;
      if (!(await projectExists(db, projectId))) throw new NotFoundError(`Project ${projectId} not found`);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 2000\n: connected to project ${projectId}\n\n`);

      let pending: NodeJS.Timeout | null = null;
      const announce = () => {
        pending = null;
        raw.write(`event: market\ndata: ${JSON.stringify({ projectId })}\n\n`);
      };
      const unsubscribe = events.subscribe((event) => {
        if (event.type === 'project' && event.projectId === projectId && pending === null) pending = setTimeout(announce, COALESCE_MS);
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const cleanUp = () => {
        unsubscribe();
        clearInterval(heartbeat);
        if (pending) clearTimeout(pending);
        openStreams.delete(end);
      };
      const end = (farewell?: string) => {
        cleanUp();
        raw.end(farewell);
      };
      openStreams.add(end);
      request.raw.once('close', cleanUp);
      raw.once('close', cleanUp);
    });
  };
}
