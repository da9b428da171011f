import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requiredScopes } from '@/server/auth/api-key-scopes';
import { mergeResponses, standardResponses, type ResponseDoc } from './api-docs-responses';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency-gate';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type SecurityRequirement = Record<string, string[]>;

const IDEMPOTENCY_HEADER_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
  description: 'Optional. A retry with the same key and body gets the first answer (24 h, per account) and does the work once; '
    + 'the same key with another body is 422; a duplicate still running elsewhere is 409.',
};

/** The OpenAPI security schemes: a browser session cookie, or an API key as a bearer token (and the metrics token). */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http' as const, scheme: 'bearer', description: 'An API key (cl_live_…) from /developers; its scopes decide the routes (403 otherwise).' },
  cookieAuth: { type: 'apiKey' as const, in: 'cookie', name: 'sid', description: 'The browser session from /api/auth/login.' },
  metricsToken: { type: 'http' as const, scheme: 'bearer', description: 'METRICS_TOKEN, when the server sets one: /metrics then wants it.' },
};

/**
 * The zod transform plus what the server's shared machinery adds to a route (api-docs-responses.ts): the standard
 * statuses, who may call it (security), the API-key scopes it needs and, on every state-changing route an API key may
 * call, the Idempotency-Key header. Scopes come from api-key-scopes.ts, which bearer-auth.ts enforces, so the document
 * cannot drift from the server; tests/support/response-check.ts checks every answer of the API tests against it.
 */
export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return transformed;
  const method = ([] as string[]).concat(input.route.method)[0];
  const url = input.url;
  const source = (input.schema ?? {}) as Record<string, unknown>;
  const scopes = url.startsWith('/api/') ? requiredScopes(method, url, {}) : null;
  const idempotent = scopes !== null && method !== 'GET' && method !== 'HEAD';
  const own = (schema.response ?? {}) as Record<string, ResponseDoc>;
  const standard = standardResponses({
    method, url, idempotent,
    validates: ['body', 'querystring', 'params', 'headers'].some((part) => source[part] !== undefined),
    rateLimited: (input.route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined,
  });
  schema.response = mergeResponses(standard, own);
  schema.security = source.security ?? securityOf(method, url, scopes !== null, own[401] !== undefined);
  schema.description = [schema.description, scopeText(method, url, scopes)].filter(Boolean).join(' ');
  if (idempotent) {
    const headers = (schema.headers as { type: string; properties: Record<string, unknown> } | undefined) ?? { type: 'object', properties: {} };
    headers.properties['idempotency-key'] = IDEMPOTENCY_HEADER_SCHEMA;
    schema.headers = headers;
  }
  return { ...transformed, schema };
}

/**
 * Unless the route says otherwise (`security` in its schema), a route that declares 401 itself needs a signed-in user: a session cookie or, where keys may call it, an API key.
 * Any other route answers without one (`{}`), and reads a session or key when sent (a key's scopes still apply).
 */
function securityOf(method: string, url: string, keysMayCall: boolean, needsUser: boolean): SecurityRequirement[] {
  if (url === '/metrics') return [{}, { metricsToken: [] }];
  if (!url.startsWith('/api/')) return [];
  const schemes: SecurityRequirement[] = [...(keysMayCall ? [{ bearerAuth: [] }] : []), { cookieAuth: [] }];
  return needsUser ? schemes : [{}, ...schemes];
}

function scopeText(method: string, url: string, scopes: string[] | null): string | undefined {
  if (!url.startsWith('/api/')) return undefined;
  if (!scopes) return 'API keys cannot call this route (403): it is for browser sessions.';
  const plural = (names: string[]) => `${names.join(' + ')} scope${names.length > 1 ? 's' : ''}`;
  // Buy-and-retire needs the retire scope too, which only the body tells (api-key-scopes.ts).
  const extra = (requiredScopes(method, url, { retireImmediately: true }) ?? []).filter((scope) => !scopes.includes(scope));
  return `API keys need the ${plural(scopes)}${extra.length ? `, plus the ${plural(extra)} when the body sets retireImmediately: true` : ''}.`;
}
