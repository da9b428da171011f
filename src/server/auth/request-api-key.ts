import type { FastifyRequest } from 'fastify';
import type { ActiveApiKey } from './api-keys';

const keysOfRequests = new WeakMap<FastifyRequest, ActiveApiKey>();

/** The API key that authenticated this request, if it was sent with one (set by the bearer-auth plugin). */
export function requestApiKey(request: FastifyRequest): ActiveApiKey | undefined {
  return keysOfRequests.get(request);
}

/** Records the key that authenticated `request`: the request's user is then the key's. */
export function authenticateWithApiKey(request: FastifyRequest, key: ActiveApiKey): void {
  keysOfRequests.set(request, key);
}

/** True when the request authenticates with `Authorization` (then its cookies are ignored). */
export function hasAuthorization(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined;
}
