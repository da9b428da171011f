import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBody, registerBody } from '@/shared/schemas/auth';
import { retireBody } from '@/shared/schemas/certificate';
import { purchaseBody } from '@/shared/schemas/credit';
import { addLiquidityBody, createPoolBody, removeLiquidityBody, swapBody } from '@/shared/schemas/pool';
import type { Project } from '@/shared/schemas/project';
import { marketOrderBody, placeOrderBody } from '@/shared/schemas/trading';
import { quoteBody } from '@/shared/schemas/quote';
import { createApiKeyBody } from '@/shared/schemas/developer';
import { createAlertRuleBody, markAlertsReadBody } from '@/shared/schemas/alerts';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { takeMismatches } from '@tests/support/response-check';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';
import { fuzzCases, type FuzzCase } from './fuzz-cases';

// Every state-changing route gets a few hundred requests generated from its zod schema and mutated (fuzz-cases.ts).
// Whatever the body: never a 5xx, a message on every 4xx, an answer as /api/docs/json declares it, and a refused
// request leaves the user's cash, holdings, orders, LP units and alert rules as they were. param-fuzz.test.ts does query strings
// and path parameters. FUZZ_SEED reruns a failure; FUZZ_RUNS changes the number of cases per route.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

interface FuzzRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  schema: z.ZodType | null;
  /** Sent with the fuzz user's session (the auth routes are sent signed out, so logout cannot end it). */
  signedIn: boolean;
}

const ROUTES: FuzzRoute[] = [
  { method: 'POST', path: '/api/auth/register', schema: registerBody, signedIn: false },
  { method: 'POST', path: '/api/auth/login', schema: loginBody, signedIn: false },
  { method: 'POST', path: '/api/auth/logout', schema: null, signedIn: false },
  { method: 'POST', path: '/api/credits/purchase', schema: purchaseBody, signedIn: true },
  { method: 'POST', path: '/api/credits/:id/retire', schema: retireBody, signedIn: true },
  { method: 'POST', path: '/api/trading/orders', schema: placeOrderBody, signedIn: true },
  { method: 'PATCH', path: '/api/trading/orders/:id/cancel', schema: null, signedIn: true },
  { method: 'POST', path: '/api/trading/market-order', schema: marketOrderBody, signedIn: true },
  { method: 'POST', path: '/api/trading/pools', schema: createPoolBody, signedIn: true },
  { method: 'POST', path: '/api/trading/pools/:id/add-liquidity', schema: addLiquidityBody, signedIn: true },
  { method: 'POST', path: '/api/trading/pools/:id/remove-liquidity', schema: removeLiquidityBody, signedIn: true },
  { method: 'POST', path: '/api/trading/swap', schema: swapBody, signedIn: true },
  { method: 'POST', path: '/api/quotes', schema: quoteBody, signedIn: true },
  { method: 'POST', path: '/api/developers/keys', schema: createApiKeyBody, signedIn: true },
  { method: 'DELETE', path: '/api/developers/keys/:id', schema: null, signedIn: true },
  { method: 'POST', path: '/api/alerts/rules', schema: createAlertRuleBody, signedIn: true },
  { method: 'DELETE', path: '/api/alerts/rules/:id', schema: null, signedIn: true },
  { method: 'POST', path: '/api/alerts/read', schema: markAlertsReadBody, signedIn: true },
];
// Not fuzzed here: webhook endpoints (a valid random https URL would have the delivery worker resolve and call a host
// off this machine; tests/api/programmatic/webhooks.test.ts covers their bad input) and POST /api/chain/audit/sweep,
// which takes no body or query.

let t: TestApp;
let user: { cookie: string; userId: number };
let knownIds: number[];
const casesRun = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, signInFailureLimit: { maxFailures: 1_000_000, windowMs: 60_000 } });
  const kenya: Project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  const amazon: Project = await findProject(t.app, 'Amazon Rainforest Conservation');
  const provider = await traderWithCredits(t.app, kenya, [200], 'Provider');
  const poolId = (await createPool(t.app, provider.cookie, { projectId: kenya.id, creditReserve: 100, tokenReserve: '2400' })).pool.id;
  const account = await signUp(t.app, { firstName: 'Fuzz' });
  user = { cookie: account.cookie, userId: account.user.id };
  const holdingIds: number[] = [];
  for (const [project, quantity] of [[kenya, 120], [kenya, 40], [amazon, 60]] as const) holdingIds.push((await buyCredits(t.app, user.cookie, project, quantity)).credit.id);
  await postJson(t.app, `/api/trading/pools/${poolId}/add-liquidity`, { creditAmount: 10, tokenAmount: '240' }, user.cookie);
  const orderIds: number[] = [];
  for (const body of [{ orderType: 'sell', pricePerCredit: '90.00' }, { orderType: 'buy', pricePerCredit: '1.00' }]) {
    const response = await postJson(t.app, '/api/trading/orders', { projectId: amazon.id, quantity: 5, ...body }, user.cookie);
    orderIds.push(response.json().order.id);
  }
  knownIds = [...new Set([kenya.id, amazon.id, poolId, ...holdingIds, ...orderIds, user.userId])];
});
afterAll(async () => {
  if (t) await assertLedgerInvariants(t.deps.db);
  console.log(`[fuzz] seed ${SEED}: ${[...casesRun].map(([route, count]) => `${route} ${count}`).join(', ')}`);
  await t?.close();
});

/** The fuzz user's side of the ledger as one comparable text. */
async function userLedger(): Promise<string> {
  const result = await t.deps.db.execute(sql`select
    (select cash_cents::text from users where id = ${user.userId}) as cash,
    (select coalesce(json_agg(json_build_array(id, quantity, status, serial_start, pool_id) order by id), '[]')::text from holdings where user_id = ${user.userId}) as holdings,
    (select coalesce(json_agg(json_build_array(id, status, remaining_quantity, locked_cents::text) order by id), '[]')::text from orders where user_id = ${user.userId}) as orders,
    (select coalesce(json_agg(json_build_array(pool_id, lp_units::text) order by pool_id), '[]')::text from lp_positions where user_id = ${user.userId}) as lp,
    (select coalesce(json_agg(json_build_array(id, kind, project_id, threshold_cents::text) order by id), '[]')::text from alert_rules where account_id = ${user.userId}) as alert_rules`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

async function send(route: FuzzRoute, request: FuzzCase) {
  const url = route.path.replace(':id', request.pathId ?? '1');
  const headers: Record<string, string> = route.signedIn ? { cookie: user.cookie } : {};
  if (request.contentType) headers['content-type'] = request.contentType;
  return t.app.inject({ method: route.method, url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
}

describe.each(ROUTES)('$method $path under fuzzed bodies', (route) => {
  it(`answers every case without a 5xx, with a message on every 4xx, changing nothing when refused (seed ${SEED})`, async () => {
    const name = `${route.method} ${route.path}`;
    const cases = fuzzCases(route.schema, { knownIds, hasPathId: route.path.includes(':id') });
    await fc.assert(fc.asyncProperty(cases, async (request) => {
      casesRun.set(name, (casesRun.get(name) ?? 0) + 1);
      const before = await userLedger();
      const response = await send(route, request);
      const what = `${name} [${request.mutation}] id=${request.pathId ?? '-'} → ${response.statusCode} ${response.body.slice(0, 200)} (FUZZ_SEED=${SEED})`;
      expect(response.statusCode, what).toBeLessThan(500);
      expect(takeMismatches(), what).toEqual([]);
      if (response.statusCode >= 400) {
        const message = (response.json() as { message?: unknown }).message;
        expect(typeof message === 'string' && message.length > 0, `a message: ${what}`).toBe(true);
        expect(await userLedger(), `refused but changed: ${what}`).toBe(before);
      }
    }), { seed: SEED, numRuns: RUNS });
  });
});
