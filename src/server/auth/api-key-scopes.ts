import type { ApiKeyScope } from '@/shared/schemas/developer';

type ScopeRule = ApiKeyScope[] | ((body: unknown) => ApiKeyScope[]);

/**
 * The writes an API key may send and the scopes each needs; reads (GET) need `read`. Anything not listed here —
 * sign-in, sign-up, managing keys and webhooks, the account's two-factor sign-in and sessions — needs a browser session, so a leaked key cannot mint more keys.
 */
const WRITE_SCOPES: Record<string, ScopeRule> = {
  // Buying and retiring in one step is both.
  'POST /api/credits/purchase': (body) => ((body as { retireImmediately?: boolean } | undefined)?.retireImmediately ? ['trade', 'retire'] : ['trade']),
  'POST /api/credits/:creditId/retire': ['retire'],
  'POST /api/quotes': ['trade'],
  'POST /api/trading/orders': ['trade'],
  'PATCH /api/trading/orders/:id/cancel': ['trade'],
  'POST /api/trading/market-order': ['trade'],
  'POST /api/trading/swap': ['trade'],
  'POST /api/trading/pools': ['trade'],
  'POST /api/trading/pools/:id/add-liquidity': ['trade'],
  'POST /api/trading/pools/:id/remove-liquidity': ['trade'],
};

const SESSION_ONLY_PREFIXES = ['/api/developers', '/api/account', '/api/login', '/api/logout'];

/** The scopes a key needs for this route, or null when keys may not use it at all. */
export function requiredScopes(method: string, routeUrl: string, body: unknown): ApiKeyScope[] | null {
  if (SESSION_ONLY_PREFIXES.some((prefix) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`))) return null;
  if (method === 'GET' || method === 'HEAD') return ['read'];
  const rule = WRITE_SCOPES[`${method} ${routeUrl}`];
  if (!rule) return null;
  return typeof rule === 'function' ? rule(body) : rule;
}

/** Routes an API key can write to, for the docs. */
export const API_KEY_WRITE_ROUTES = Object.keys(WRITE_SCOPES);
