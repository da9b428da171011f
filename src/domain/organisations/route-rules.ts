import type { Permission } from './roles';

/**
 * Who may call a route. `public`: anyone (the route itself may show more to a signed-in caller). `person`: a
 * signed-in person acting for themselves, whatever their role (their sign-in, two-factor enrolment and sessions,
 * their list of organisations, accepting an invite). Otherwise the permissions the caller's role in the active
 * organisation needs; a function reads them from the body (buying and retiring in one step needs both).
 */
export type RouteRule = 'public' | 'person' | readonly Permission[] | ((body: unknown) => readonly Permission[]);

const READ = ['read'] as const;
const TRADE = ['trade'] as const;
const KEYS = ['manage_keys'] as const;
const MEMBERS = ['manage_members'] as const;
const AUDIT = ['read_audit'] as const;

/**
 * Every /api route, by method and matched route URL (never the raw URL), and who may call it. The one table that
 * decides every route: a route missing here is refused (and fails tests/api/organisations/route-rules.test.ts).
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  // Sign-in and the person's own account.
  'GET /api/login': 'public',
  'GET /api/logout': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/two-factor': 'public',
  'GET /api/auth/user': 'person',
  'GET /api/account/two-factor': 'person',
  'POST /api/account/two-factor/setup': 'person',
  'POST /api/account/two-factor/enable': 'person',
  'POST /api/account/two-factor/disable': 'person',
  'POST /api/account/two-factor/recovery-codes': 'person',
  'GET /api/account/sessions': 'person',
  'DELETE /api/account/sessions/:id': 'person',
  'POST /api/account/sessions/sign-out-others': 'person',

  // Organisations and their members.
  'GET /api/organisations': 'person',
  'POST /api/organisations': 'person',
  'POST /api/organisations/:id/activate': 'person',
  'GET /api/organisation': READ,
  'PATCH /api/organisation': ['manage_organisation'],
  'GET /api/organisation/members': READ,
  'PATCH /api/organisation/members/:userId': MEMBERS,
  // A member's own spend limit is part of the approval policy: the same permission sets it.
  'PUT /api/organisation/members/:userId/spend-limit': ['manage_organisation'],
  'DELETE /api/organisation/members/:userId': MEMBERS,
  'GET /api/organisation/invites': MEMBERS,
  'POST /api/organisation/invites': MEMBERS,
  'DELETE /api/organisation/invites/:id': MEMBERS,
  'GET /api/invites/:token': 'person',
  'POST /api/invites/:token/accept': 'person',

  // Maker–checker approvals: everyone sees their own requests (approvers see all); only approvers decide.
  'GET /api/organisation/approval-policy': READ,
  'PUT /api/organisation/approval-policy': ['manage_organisation'],
  'GET /api/approvals': READ,
  'GET /api/approvals/:id': READ,
  'POST /api/approvals/:id/approve': ['approve'],
  'POST /api/approvals/:id/reject': ['approve'],

  // The public catalogue, registry, verification and chain.
  'GET /api/projects': 'public',
  'GET /api/projects/:id': 'public',
  'GET /api/stats/platform': 'public',
  'GET /api/certificates/:id': 'public',
  'GET /api/certificates/:id/html': 'public',
  'GET /api/certificates/:id/pdf': 'public',
  'GET /api/certificates/:id/qr.png': 'public',
  'GET /api/verify': 'public',
  'GET /api/registry/retirements': 'public',
  'GET /api/registry/retirements.csv': 'public',
  'GET /api/chain/info': 'public',
  'GET /api/chain/credits/:tokenId': 'public',
  'GET /api/chain/tx/:hash': 'public',
  'GET /api/chain/health': 'public',
  'GET /api/chain/audit': 'public',
  'POST /api/chain/audit/sweep': 'public',
  'GET /api/trading/orderbook/:projectId': 'public',
  'GET /api/trading/trades/:projectId': 'public',
  'GET /api/trading/stats': 'public',
  'GET /api/trading/stats/:projectId': 'public',
  'GET /api/trading/price-history/:projectId': 'public',
  'GET /api/trading/stream/:projectId': 'public',
  'GET /api/trading/feed/:projectId': 'public',
  'GET /api/trading/feed/:projectId/stream': 'public',
  'GET /api/trading/pools/:projectId': 'public',
  'GET /api/trading/pools/:projectId/quote': 'public',

  // The organisation's own data: anyone in it reads.
  'GET /api/stats/user': READ,
  'GET /api/activity': READ,
  'GET /api/activity.csv': READ,
  'GET /api/credits/my': READ,
  'GET /api/credits/my/projects/:projectId': READ,
  'GET /api/transactions/my': READ,
  'GET /api/trading/orders/my': READ,
  'GET /api/trading/orders/user/:userId': READ,
  'GET /api/trading/market-order/quote': READ,
  'GET /api/trading/portfolio/performance': READ,
  'GET /api/exports/retirements.csv': READ,
  'GET /api/exports/retirements.json': READ,
  'GET /api/exports/transactions.csv': READ,
  'GET /api/exports/transactions.json': READ,
  'GET /api/reports/cdp-c11-2a.csv': READ,
  'GET /api/reports/esrs-e1-7.csv': READ,
  'GET /api/reports/esrs-e1-7.pdf': READ,
  'GET /api/reports/retirement-statement.pdf': READ,

  // Trading and retiring.
  'POST /api/credits/purchase': (body) => ((body as { retireImmediately?: boolean } | undefined)?.retireImmediately ? ['trade', 'retire'] : TRADE),
  'POST /api/credits/:creditId/retire': ['retire'],
  'POST /api/quotes': TRADE,
  'POST /api/trading/orders': TRADE,
  'PATCH /api/trading/orders/:id/cancel': TRADE,
  'PATCH /api/trading/orders/:id': TRADE,
  'POST /api/trading/orders/cancel-all': TRADE,
  'POST /api/trading/market-order': TRADE,
  'POST /api/trading/swap': TRADE,
  'POST /api/trading/pools': TRADE,
  'POST /api/trading/pools/:id/add-liquidity': TRADE,
  'POST /api/trading/pools/:id/remove-liquidity': TRADE,

  // The audit log: owners, admins and approvers.
  'GET /api/audit': AUDIT,
  'GET /api/audit.csv': AUDIT,
  'GET /api/audit/verify': AUDIT,

  // API keys and webhooks.
  'GET /api/developers/keys': KEYS,
  'POST /api/developers/keys': KEYS,
  'DELETE /api/developers/keys/:id': KEYS,
  'GET /api/developers/webhooks': KEYS,
  'POST /api/developers/webhooks': KEYS,
  'DELETE /api/developers/webhooks/:id': KEYS,
  'GET /api/developers/webhooks/:id/deliveries': KEYS,
  'POST /api/developers/webhooks/:id/deliveries/:deliveryId/resend': KEYS,

  // Alerts: rules and notifications of the organisation. Making or deleting a rule moves no money, so reading is enough.
  'GET /api/alerts/rules': READ,
  'POST /api/alerts/rules': READ,
  'DELETE /api/alerts/rules/:id': READ,
  'GET /api/alerts': READ,
  'POST /api/alerts/read': READ,
};

/** The API's own documentation (the OpenAPI document and its viewer's files) is public, whatever its file names. */
export const PUBLIC_PREFIXES = ['/api/docs'];

/** The rule of a matched route; undefined when the table has none (the route is then refused). */
export function routeRule(method: string, routeUrl: string): RouteRule | undefined {
  if (PUBLIC_PREFIXES.some((prefix) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`))) return 'public';
  return ROUTE_RULES[`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`];
}

/** The permissions a rule needs for this body, or the rule's kind when it needs no organisation role. */
export function neededPermissions(rule: RouteRule, body: unknown): readonly Permission[] | 'public' | 'person' {
  return typeof rule === 'function' ? rule(body) : rule;
}
