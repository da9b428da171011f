import type { Server } from 'node:http';

export interface HttpTimeouts {
  /** Longest a client may take to send a request's headers, and to send its first byte on a new connection. */
  headersMs: number;
  /** Longest a client may take to send a whole request (headers and body). */
  requestMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveMs: number;
}

/**
 * Fastify options that bound how long a slow or silent client holds a connection (slow-loris). Node checks the
 * header and request deadlines every `connectionsCheckingInterval`, so that runs at least once a second.
 */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) },
  };
}

/**
 * Node's header deadline starts with the first byte, so a socket that never sends one would stay open for ever:
 * give each new connection the header deadline as an idle timeout until its first request arrives. From then on,
 * the request and keep-alive deadlines apply, and a long response (the market stream) is not cut.
 */
export function closeSilentConnections(server: Server, timeouts: HttpTimeouts): void {
  server.on('connection', (socket) => socket.setTimeout(timeouts.headersMs));
  server.on('request', (request) => request.socket.setTimeout(0));
}
