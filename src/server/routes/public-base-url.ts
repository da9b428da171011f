import { isIP, type AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '@/server/config';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

/**
 * The origin that links handed out (certificate URLs, their QR codes and PDFs, the registry, exports, the RPC URL)
 * point to: PUBLIC_ORIGIN when set, else this server's own listen address. Never the request's Host or
 * X-Forwarded-Host: whoever sends a request chooses those, and a printed certificate would point wherever they say.
 * The listen address is the configured HOST (`localhost` for a wildcard such as 0.0.0.0) with the port the server
 * really listens on (PORT before it listens, or when it is only injected into), over http: the server speaks no TLS,
 * so a deployment behind an https proxy or on a public name sets PUBLIC_ORIGIN.
 */
export function publicBaseUrl(request: FastifyRequest, config: Config): string {
  if (config.publicOrigin) return config.publicOrigin.replace(/\/+$/, '');
  const address = request.server.server.address() as AddressInfo | string | null;
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const host = WILDCARD_HOSTS.has(config.host) ? 'localhost' : config.host;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}
