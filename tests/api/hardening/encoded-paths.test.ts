import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';
import { queryRows } from '@tests/api/trading/trading-kit';

// Issue 27, item 1: the guards looked at the raw URL while the router decodes it, so `POST /%61pi/credits/purchase`
// with a signed-in cookie and a foreign Origin spent the victim's cash. Every state-changing route, in every spelling
// the router accepts, must be refused from another site and change nothing.

// Every route the app registers, as Fastify's onRoute hook sees it (the app cannot be given a hook before its routes).
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

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN = { origin: 'http://evil.example' };

let t: TestApp;
let kenya: Project;
let victim: { cookie: string; user: { id: number } };
/** Ids the victim owns, so that a request that got through would really change something. */
const owned: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  kenya = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  victim = await traderWithCredits(t.app, kenya, [150], 'Victim');
  owned.pool = (await createPool(t.app, victim.cookie, { projectId: kenya.id, creditReserve: 100, tokenReserve: '2400' })).pool.id;
  owned.holding = (await buyCredits(t.app, victim.cookie, kenya, 20)).credit.id;
  owned.order = (await postJson(t.app, '/api/trading/orders', { projectId: kenya.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' }, victim.cookie)).json().order.id;
  owned.key = (await postJson(t.app, '/api/developers/keys', { name: 'Books', scopes: ['read'] }, victim.cookie)).json().id;
});
afterAll(async () => { await t?.close(); });

function stateChangingRoutes() {
  return routes.filter((route) => STATE_CHANGING.has(route.method));
}

/** A concrete path of a route pattern, with the victim's own ids in its parameters. */
function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === 'creditId') return String(owned.holding);
    if (pattern.startsWith('/api/trading/orders/')) return String(owned.order);
    if (pattern.startsWith('/api/trading/pools/')) return String(owned.pool);
    if (pattern.startsWith('/api/developers/keys/')) return String(owned.key);
    return '1';
  });
}

/** A body the route would accept from the victim, where one is easy to give; the guard must refuse before reading it. */
function bodyFor(pattern: string): object {
  const bodies: Record<string, object> = {
    '/api/credits/purchase': { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit },
    '/api/credits/:creditId/retire': { reason: 'Forged', quantity: 1 },
    '/api/trading/orders': { projectId: kenya.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' },
    '/api/trading/market-order': { projectId: kenya.id, orderType: 'buy', quantity: 1 },
    '/api/trading/swap': { projectId: kenya.id, side: 'buy', quantity: 1, maxAmountIn: '1000' },
    '/api/trading/pools/:id/remove-liquidity': { lpUnits: '1' },
    '/api/developers/keys': { name: 'Forged', scopes: ['read', 'trade', 'retire'] },
  };
  return bodies[pattern] ?? {};
}

const hex = (character: string, upper: boolean) => {
  const code = character.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};

/** The spellings of one path that a client may send: those the router accepts must meet the guard too. */
function spellings(path: string): Array<[string, string]> {
  const rest = path.slice('/api/'.length);
  const encodeLetters = (text: string, upper: boolean) => text.replace(/[a-z]/g, (letter) => hex(letter, upper));
  const firstLetter = rest.search(/[a-z]/);
  return [
    ['as written', path],
    ['/%61pi/…', `/%61pi/${rest}`],
    ['a later segment encoded', `/api/${rest.slice(0, firstLetter)}${hex(rest[firstLetter], false)}${rest.slice(firstLetter + 1)}`],
    ['every letter in lower-case hex', `/${encodeLetters('api', false)}/${encodeLetters(rest, false)}`],
    ['every letter in upper-case hex', `/${encodeLetters('api', true)}/${encodeLetters(rest, true)}`],
    ['a doubled leading slash', `/${path}`],
    ['a doubled inner slash', `/api//${rest}`],
    ['an encoded slash', `/api%2F${rest}`],
  ];
}

/** Everything a forged request could touch, as one comparable value. */
async function everything(): Promise<string> {
  const tables = ['users', 'sessions', 'holdings', 'orders', 'trades', 'transactions', 'certificates', 'pools', 'lp_positions', 'projects',
    'api_keys', 'webhook_endpoints', 'webhook_deliveries', 'quotes', 'idempotency_keys'];
  const digests = [];
  for (const table of tables) {
    const [row] = await queryRows<{ digest: string }>(t.deps, sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${table} x`));
    digests.push(`${table} ${row.digest}`);
  }
  return digests.join('\n');
}

describe('the routes under test', () => {
  it('are found, and the only state-changing route outside /api is the public JSON-RPC', () => {
    const found = stateChangingRoutes().map((route) => `${route.method} ${route.url}`);
    expect(found).toEqual(expect.arrayContaining(['POST /api/credits/purchase', 'POST /api/auth/logout', 'PATCH /api/trading/orders/:id/cancel', 'DELETE /api/developers/keys/:id']));
    expect(found.filter((route) => !route.split(' ')[1].startsWith('/api/'))).toEqual(['POST /rpc']);
  });
});

describe('a state-changing request from another site with a signed-in cookie', () => {
  it('is refused (403) on every state-changing route, in every spelling the router accepts, and changes nothing', async () => {
    const before = await everything();
    const answered: string[] = [];
    for (const route of stateChangingRoutes().filter((candidate) => candidate.url.startsWith('/api/'))) {
      for (const [spelling, url] of spellings(concretePath(route.url))) {
        for (const site of [FOREIGN, { referer: 'http://evil.example/page' }]) {
          const response = await t.app.inject({ method: route.method as 'POST', url, payload: bodyFor(route.url), headers: { cookie: victim.cookie, ...site } });
          // A spelling the router does not match is a 404 that runs nothing; one it matches must meet the guard.
          if (response.statusCode !== 403 && response.statusCode !== 404) answered.push(`${route.method} ${url} (${spelling}): ${response.statusCode} ${response.body}`);
          if (spelling !== 'as written' && !spelling.includes('slash')) {
            expect(response.statusCode, `${route.method} ${url} (${spelling}): ${response.body}`).toBe(403);
          }
        }
      }
    }
    expect(answered).toEqual([]);
    expect(await everything()).toBe(before);
    expect((await getAs(t.app, '/api/auth/user', victim.cookie)).statusCode).toBe(200);
  });

  it('still works from our own origin when the path is encoded', async () => {
    const own = { origin: 'http://localhost', host: 'localhost' };
    const bought = await t.app.inject({ method: 'POST', url: '/%61pi/credits/purchase', payload: bodyFor('/api/credits/purchase'), headers: { cookie: victim.cookie, ...own } });
    expect(bought.statusCode, bought.body).toBe(201);
  });
});

describe('an API key on an encoded path', () => {
  it('authenticates and is held to its scopes as on the plain path', async () => {
    const created = await postJson(t.app, '/api/developers/keys', { name: 'Reader', scopes: ['read'] }, victim.cookie);
    const reader = { authorization: `Bearer ${created.json().secret}` };
    const me = await t.app.inject({ method: 'GET', url: '/%61pi/auth/user', headers: reader });
    expect(me.json()).toMatchObject({ id: victim.user.id });
    // The key's first use is recorded in the background: let it land before taking the picture.
    await expect.poll(async () => (await queryRows<{ used: boolean }>(t.deps, sql`
      select last_used_at is not null as used from api_keys where id = ${created.json().id}`))[0].used).toBe(true);
    const before = await everything();
    const buy = await t.app.inject({ method: 'POST', url: '/%61pi/credits/purchase', payload: bodyFor('/api/credits/purchase'), headers: reader });
    expect(buy.statusCode, buy.body).toBe(403);
    expect(buy.json().message).toMatch(/lacks the trade scope/);
    const forged = await t.app.inject({ method: 'POST', url: '/%61pi/credits/purchase', payload: bodyFor('/api/credits/purchase'), headers: { authorization: 'Bearer cl_live_nope' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/Invalid or revoked API key/);
    expect(await everything()).toBe(before);
  });
});

describe('an encoded path', () => {
  it('gets the API security headers', async () => {
    const response = await t.app.inject('/%61pi/projects');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe((await t.app.inject('/api/projects')).headers['content-security-policy']);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('replays an idempotent write sent first on the plain path', async () => {
    const headers = { cookie: victim.cookie, 'idempotency-key': 'encoded-path-replay' };
    const body = bodyFor('/api/credits/purchase');
    const first = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', payload: body, headers });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/credits/purch%61se', payload: body, headers });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});
