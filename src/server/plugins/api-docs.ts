import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requiredScopes } from '../auth/api-key-scopes';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency-gate';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const IDEMPOTENCY_HEADER_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
  description: 'Optional. A retry with the same key and body gets the first answer (24 h, per account) and does the work once; '
    + 'the same key with another body is 422; a duplicate still running elsewhere is 409.',
};

/** The OpenAPI security schemes: a browser session cookie, or an API key as a bearer token. */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http' as const, scheme: 'bearer', description: 'An API key (cl_live_…) from /developers; its scopes decide the routes (403 otherwise).' },
  cookieAuth: { type: 'apiKey' as const, in: 'cookie', name: 'sid', description: 'The browser session from /api/auth/login.' },
};

/**
 * The zod transform plus, on every route an API key may call, the bearer scheme with the scopes it needs and, on
 * every state-changing one, the Idempotency-Key header: both come from api-key-scopes.ts, so the docs cannot drift
 * from what the server enforces.
 */
export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const transformed = jsonSchemaTransform(input);
  const methods = ([] as string[]).concat(input.route.method);
  const scopes = requiredScopes(methods[0], input.url, { retireImmediately: true });
  if (!scopes || !input.url.startsWith('/api/')) return transformed;
  const schema = transformed.schema as Record<string, unknown>;
  schema.security = [{ bearerAuth: [] }, { cookieAuth: [] }];
  schema.description = [schema.description, `API keys need the ${scopes.join(' + ')} scope${scopes.length > 1 ? 's' : ''}.`].filter(Boolean).join(' ');
  if (methods[0] !== 'GET' && methods[0] !== 'HEAD') {
    const headers = (schema.headers as { type: string; properties: Record<string, unknown> } | undefined) ?? { type: 'object', properties: {} };
    headers.properties['idempotency-key'] = IDEMPOTENCY_HEADER_SCHEMA;
    schema.headers = headers;
  }
  return transformed;
}
