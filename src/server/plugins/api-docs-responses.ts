/** A response as @fastify/swagger reads it from a transformed route schema: a JSON schema, or `{ description, content }`. */
export type ResponseDoc = Record<string, unknown> & { description?: string };

/** What the server does to every request of a route before (or instead of) its handler; see `standardResponses`. */
export interface RouteFacts {
  method: string;
  url: string;
  /** The route validates a body, query string, path or headers (a 400 with the issues). */
  validates: boolean;
  /** The route has its own @fastify/rate-limit budget. */
  rateLimited: boolean;
  /** Takes the Idempotency-Key header. */
  idempotent: boolean;
}

const ERROR_SCHEMA = {
  type: 'object',
  properties: { message: { type: 'string', description: 'What went wrong, for people: the UI shows it in a toast.' } },
  required: ['message'],
  additionalProperties: false,
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const error = (description: string, extra: Record<string, unknown> = {}): ResponseDoc => ({ ...ERROR_SCHEMA, description, ...extra });

const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' } };

/**
 * The answers the server's shared machinery gives on a route, whatever its handler does (app.ts, bearer-auth.ts,
 * request-guard.ts, error-handler.ts, @fastify/rate-limit): validation, the API-key checks on every /api route, the
 * cross-site guard on state-changing ones, the body parser's refusals, the rate limits and the error handler's 500.
 */
export function standardResponses(route: RouteFacts): Record<string, ResponseDoc> {
  const api = route.url.startsWith('/api/');
  const hasBody = BODY_METHODS.has(route.method);
  const responses: Record<string, ResponseDoc> = {};
  if (route.validates || hasBody) {
    responses[400] = error('Invalid input: a field, the query string, a path parameter, malformed JSON or a malformed Idempotency-Key.');
  }
  if (api) {
    responses[401] = error('A malformed, unknown or revoked API key in Authorization (and, where the route needs one, no signed-in user).');
    responses[403] = error(hasBody
      ? 'A cross-site request (Origin or Referer of another site), an API key without the scope the route needs, or an API key on a route for browser sessions only.'
      : 'An API key without the scope the route needs, or an API key on a route for browser sessions only.');
  }
  if (route.idempotent) {
    responses[409] = error('A request with the same Idempotency-Key is still running (or another state conflict).');
    responses[422] = error('The Idempotency-Key was used with another request (or a business rule refused the request).');
  }
  if (hasBody) {
    responses[413] = error('The request body is larger than 64 KiB.');
    responses[415] = error('The request body is not application/json.');
  }
  if (api || route.rateLimited) {
    responses[429] = error(api && !route.rateLimited
      ? 'The API key used up its requests for this minute.'
      : 'Too many requests from this client (or API key) this minute.', { headers: RETRY_AFTER });
  }
  // Never an answer to bad input (that is a 4xx): a bug or an outage, logged under the request id it names.
  responses[500] = error('Internal error (a bug or an outage): the message names the request id, under which the server logged it.');
  return responses;
}

/** What a status means when the route itself declares it (these win over the standard texts). */
const ROUTE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 302: 'Redirect (see Location)',
  401: 'Not signed in (no session cookie or API key), or a malformed, unknown or revoked API key.',
  404: 'Not found (or not yours)', 503: 'Unavailable', 504: 'The chain did not answer in time',
};
const FALLBACK_DESCRIPTIONS: Record<string, string> = {
  400: 'Invalid input', 403: 'Refused', 409: 'Conflict with the current state', 422: 'Refused by a business rule',
};

/** No content: `z.undefined()` (the type provider writes `type: 'null'`), or `z.null()` in the openapi-3.0 target. */
const isNoContent = (schema: ResponseDoc) => schema.type === 'null'
  || (schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);

/**
 * The route's own responses over the standard ones, each with a description; `z.undefined()` (204, 302) is a
 * response without content, which @fastify/swagger writes for `type: 'null'`.
 */
export function mergeResponses(standard: Record<string, ResponseDoc>, own: Record<string, ResponseDoc>): Record<string, ResponseDoc> {
  const merged: Record<string, ResponseDoc> = { ...standard };
  for (const [status, response] of Object.entries(own)) {
    const description = response.description ?? ROUTE_DESCRIPTIONS[status] ?? standard[status]?.description ?? FALLBACK_DESCRIPTIONS[status] ?? 'Answer';
    merged[status] = isNoContent(response)
      ? { type: 'null', description, ...(status === '302' ? { headers: { location: { type: 'string', description: 'Where to go.' } } } : {}) }
      : { ...response, description };
  }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}
