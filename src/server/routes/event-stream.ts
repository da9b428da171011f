import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies and the browser from timing the stream out. */
export const HEARTBEAT_MS = 15_000;
/** Sent as the stream's `retry` when the server shuts down: clients reconnect (to another instance) this soon. */
export const RECONNECT_AFTER_SHUTDOWN_MS = 500;

/** The open streams of one route plugin, each by the function that ends it (with an optional last message). */
export type OpenEventStreams = Set<(farewell?: string) => void>;

/** The streams a plugin opens; open streams would keep the server from closing, so they end first, telling clients to reconnect soon. */
export function trackEventStreams(app: FastifyInstance): OpenEventStreams {
  const openStreams: OpenEventStreams = new Set();
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n: server shutting down, reconnect\n\n`);
  });
  return openStreams;
}

export interface EventStream {
  raw: ServerResponse;
  end: (farewell?: string) => void;
}

/**
 * Takes the reply over as a Server-Sent Events stream: headers that keep proxies from buffering it, `retry` (and a
 * first comment, if given), a heartbeat every HEARTBEAT_MS; `onClose` runs once the client goes or the stream ends.
 */
export function openEventStream(
  openStreams: OpenEventStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  { comment, onClose }: { comment?: string; onClose: () => void },
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: 2000\n${comment === undefined ? '' : `: ${comment}\n`}\n`);
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const cleanUp = () => {
    onClose();
    clearInterval(heartbeat);
    openStreams.delete(end);
  };
  const end = (farewell?: string) => {
    cleanUp();
    raw.end(farewell);
  };
  openStreams.add(end);
  request.raw.once('close', cleanUp);
  raw.once('close', cleanUp);
  return { raw, end };
}
