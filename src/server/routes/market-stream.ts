import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@/shared/schemas/common';
import { idPathParam } from '@/shared/schemas/trading';
import { NotFoundError } from '@/domain/errors';
import type { AppDeps } from '@/server/app-deps';
import { projectExists } from '@/server/services/trading/market-queries';
import { fileResponse } from './file-responses';
import { openEventStream, trackEventStreams } from './event-stream';

/** Changes within this window are announced once: a batch of trades is one refresh, not fifty. */
export const COALESCE_MS = 100;

/**
 * GET /api/trading/stream/:projectId — Server-Sent Events. Sends `event: market` (data `{"projectId":…}`) within
 * COALESCE_MS of every order, trade or cancel of the project, and a heartbeat comment every HEARTBEAT_MS. The
 * client refetches what it shows; the event carries no market data, so it can never disagree with the API.
 */
export function marketStreamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, events } = deps;
  return async (app) => {
    const openStreams = trackEventStreams(app);

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
      let pending: NodeJS.Timeout | null = null;
      const { raw } = openEventStream(openStreams, request, reply, {
        comment: `connected to project ${projectId}`,
        onClose: () => {
          unsubscribe();
          if (pending) clearTimeout(pending);
        },
      });
      const announce = () => {
        pending = null;
        raw.write(`event: market\ndata: ${JSON.stringify({ projectId })}\n\n`);
      };
      const unsubscribe = events.subscribe((event) => {
        if (event.type === 'project' && event.projectId === projectId && pending === null) pending = setTimeout(announce, COALESCE_MS);
      });
    });
  };
}
