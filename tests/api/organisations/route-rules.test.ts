import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeRule, ROUTE_RULES } from '@/domain/organisations/route-rules';
import { ROLES, roleAllows, type Permission, type Role } from '@/domain/organisations/roles';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';
import { createActiveOrganisation, memberWithRole } from './organisation-kit';

// Issue 30, item 2: one table of rules decides every route; this walks every /api route × every role.

const routes = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create };
});

let t: TestApp;
let kenya: Project;
let organisationId: number;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  kenya = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  const owner = await signUp(t.app, { firstName: 'Owner' });
  organisationId = await createActiveOrganisation(t.app, owner.cookie);
  cookies.owner = owner.cookie;
  for (const role of ROLES.filter((candidate) => candidate !== 'owner')) cookies[role] = (await memberWithRole(t.app, owner.cookie, organisationId, role)).cookie;
});
afterAll(async () => { await t?.close(); });

const apiRoutes = () => routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
const ruleOf = (route: { method: string; url: string }) => routeRule(route.method, route.url);

/** A path of the pattern whose ids exist nowhere (or are the organisation's own), so no allowed call changes much. */
const concretePath = (pattern: string) => pattern.replace(/:(\w+)/g, (_match, name: string) => {
  if (pattern.startsWith('/api/organisations/:id')) return String(organisationId);
  if (name === 'token') return 'x'.repeat(30);
  if (name === 'projectId') return String(kenya.id);
  if (name === 'hash') return `0x${'0'.repeat(64)}`;
  return '2000000000';
});

const REFUSAL = /^Your role in this organisation \((\w+)\) cannot .+/;

describe('the rule table', () => {
  it('leaves the API documentation public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('has a rule for every /api route the app registers, and none for a route that does not exist', () => {
    const registered = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(80);
    expect(apiRoutes().filter((route) => !ruleOf(route)).map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((key) => !registered.includes(key))).toEqual([]);
  });
});

describe('every organisation route × every role', () => {
  it.each(ROLES)('%s: allowed, or 403 with a message naming the role', async (role) => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const rule = ruleOf(route);
      if (rule === 'public' || rule === undefined) continue;
      const needed = rule === 'person' ? [] : typeof rule === 'function' ? rule({}) : rule;
      const url = concretePath(route.url);
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: { cookie: cookies[role] }, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
      const expectAllowed = roleAllows(role, needed);
      const refused = response.statusCode === 403 && REFUSAL.test(String(response.json().message));
      if (expectAllowed && response.statusCode === 403) wrong.push(`${route.method} ${url}: expected allowed, got 403 ${response.body}`);
      if (!expectAllowed && !refused) wrong.push(`${route.method} ${url}: expected 403 for ${role}, got ${response.statusCode} ${response.body}`);
      if (refused) expect(response.json().message).toContain(`(${role})`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a trader who buys and retires in one step (retiring is the retirer’s)', async () => {
    const response = await postJson(t.app, '/api/credits/purchase', { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit, retireImmediately: true }, cookies.trader);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your role in this organisation (trader) cannot retire credits');
  });
});

/** Everything a refused write could touch, as one comparable value. */
async function everything(): Promise<string> {
  const tables = ['users', 'holdings', 'orders', 'trades', 'transactions', 'certificates', 'pools', 'lp_positions', 'api_keys', 'webhook_endpoints',
    'quotes', 'organisations', 'organisation_members', 'organisation_invites'];
  const digests = [];
  for (const table of tables) {
    const [row] = await queryRows<{ digest: string }>(t.deps, sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${table} x`));
    digests.push(`${table} ${row.digest}`);
  }
  return digests.join('\n');
}

describe('a viewer', () => {
  it('is refused every organisation write with a 403 and a message, and nothing changes', async () => {
    const before = await everything();
    // Writes that need no more than reading (alert rules: they move no money) are a viewer's too; every other one is refused.
    const ownWrites = apiRoutes().filter((route) => route.method !== 'GET' && Array.isArray(ruleOf(route)) && roleAllows('viewer', ruleOf(route) as readonly Permission[]));
    expect(ownWrites.map((route) => `${route.method} ${route.url}`).sort()).toEqual(['DELETE /api/alerts/rules/:id', 'POST /api/alerts/read', 'POST /api/alerts/rules']);
    const writes = apiRoutes().filter((route) => route.method !== 'GET' && Array.isArray(ruleOf(route)) && !ownWrites.includes(route));
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const payload = route.url === '/api/credits/purchase' ? { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit } : {};
      const response = await t.app.inject({ method: route.method as 'POST', url: concretePath(route.url), headers: { cookie: cookies.viewer }, ...(route.method === 'DELETE' ? {} : { payload }) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message).toMatch(REFUSAL);
    }
    expect(await everything()).toBe(before);
  });
});
