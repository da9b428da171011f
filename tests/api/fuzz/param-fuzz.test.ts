import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import type { OpenApiDocument, OpenApiOperation } from '@tests/support/openapi-schema';
import { takeMismatches } from '@tests/support/response-check';
import { createTestApp, signUp } from '@tests/support/test-app';
import { buyCredits, findProject, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { chainOn, retirementTxOf, TEST_CUSTODY_KEY, tokenOf } from '@tests/api/chain/chain-kit';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';
import { paramFuzzCases, type ParamFuzzCase } from './param-fuzz-cases';

// Every operation of /api/docs/json, public GETs included, gets its path parameters and query string fuzzed
// (param-fuzz-cases.ts): never a 5xx, and every answer matches the document (tests/support/response-check.ts).
// Bodies are schema-fuzz.test.ts's business; here a write sends `{}`. FUZZ_SEED reruns a failure; FUZZ_PARAM_RUNS
// changes the number of cases per operation.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_PARAM_RUNS ?? 300);
/** Event streams: an open one never ends an inject. */
const STREAM_PATHS = new Set(['/api/trading/stream/{projectId}', '/api/trading/feed/{projectId}/stream']);
/** Sent signed out: with the fuzz user's cookie they would end its session. */
const SIGNED_OUT_PATHS = new Set(['/api/logout', '/api/auth/logout']);

// With the embedded chain, so that the chain routes read tokens and transactions instead of answering 503.
const t = await createTestApp(
  { ...chainOn(), ...ROOMY_RATE_LIMIT, signInFailureLimit: { maxFailures: 1_000_000, windowMs: 60_000 } },
  { chain: { privateKey: TEST_CUSTODY_KEY } },
);
afterAll(async () => {
  await assertLedgerInvariants(t.deps.db);
  const total = [...casesRun.values()].reduce((sum, count) => sum + count, 0);
  console.log(`[param-fuzz] seed ${SEED}: ${total} requests over ${casesRun.size} operations: ${[...casesRun].map(([route, count]) => `${route} ${count}`).join(', ')}`);
  await t.close();
});

const kenya: Project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
const amazon: Project = await findProject(t.app, 'Amazon Rainforest Conservation');
const projectIds = new Set((await listProjects(t.app)).map((project) => project.id));
const provider = await traderWithCredits(t.app, kenya, [200], 'Provider');
const poolId = (await createPool(t.app, provider.cookie, { projectId: kenya.id, creditReserve: 100, tokenReserve: '2400' })).pool.id;
const user = await signUp(t.app, { firstName: 'ParamFuzz' });
const holdingIds = [(await buyCredits(t.app, user.cookie, kenya, 30)).credit.id, (await buyCredits(t.app, user.cookie, amazon, 20)).credit.id];
const retired = await postJson(t.app, `/api/credits/${holdingIds[0]}/retire`, { reason: 'Fuzz offset', quantity: 5 }, user.cookie);
const certificateId: string = retired.json().certificateId;
const order = await postJson(t.app, '/api/trading/orders', { projectId: amazon.id, quantity: 2, orderType: 'sell', pricePerCredit: '90.00' }, user.cookie);
const key = await t.app.inject({ method: 'POST', url: '/api/developers/keys', payload: { name: 'fuzz', scopes: ['read'] }, headers: { cookie: user.cookie } });
const ids = [...new Set([kenya.id, amazon.id, poolId, ...holdingIds, order.json().order.id, key.json().id, user.user.id])].map(String);
const tokenIds = (await Promise.all(holdingIds.map((holdingId) => tokenOf(t, holdingId)))).filter((id) => id !== null).map(String);
const txHash = await retirementTxOf(t, certificateId);
const knownValues = (name: string): string[] => {
  if (name === 'tokenId') return [...tokenIds, ...ids];
  if (name === 'hash') return txHash ? [txHash, txHash.toUpperCase().replace('0X', '0x')] : [];
  if (name === 'id') return [...ids, certificateId, certificateId.toLowerCase()];
  if (name === 'query') return [certificateId, 'VCS', 'x'];
  if (name === 'from' || name === 'to') return ['2024-01-01', '2030-12-31', '2024-02-30'];
  if (name === 'year') return ['2024', '1990', '2100'];
  return /id$/i.test(name) ? ids : [];
};

const document = t.app.swagger() as unknown as OpenApiDocument;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation: operation as OpenApiOperation })));
const casesRun = new Map<string, number>();
let clientNumber = 0;

/** An open market stream never ends an inject: a case that would open one (an existing project) is not sent. */
function opensStream(path: string, request: ParamFuzzCase): boolean {
  const projectId = /^\/api\/trading\/(?:stream|feed)\/([1-9]\d{0,9})(?:\/stream)?(?:\?|$)/.exec(request.url)?.[1];
  return STREAM_PATHS.has(path) && projectId !== undefined && projectIds.has(Number(projectId));
}

describe.each(operations)('$name under fuzzed path parameters and query strings', ({ name, method, path, operation }) => {
  it(`answers every case without a 5xx and as the document says (seed ${SEED})`, async () => {
    await fc.assert(fc.asyncProperty(paramFuzzCases(path, operation, knownValues), async (request) => {
      if (opensStream(path, request)) return;
      casesRun.set(name, (casesRun.get(name) ?? 0) + 1);
      clientNumber++;
      const response = await t.app.inject({
        method: method as 'GET',
        url: request.url,
        // Each case from its own address, so that per-client rate limits leave the route reachable.
        remoteAddress: `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`,
        headers: SIGNED_OUT_PATHS.has(path) ? {} : { cookie: user.cookie },
        ...(method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {} : { payload: {} }),
      });
      const what = `${method} ${request.url.slice(0, 300)} [${request.mutation}] → ${response.statusCode} ${response.body.slice(0, 200)} (FUZZ_SEED=${SEED})`;
      expect(response.statusCode, what).toBeLessThan(500);
      expect(takeMismatches(), what).toEqual([]);
    }), { seed: SEED, numRuns: RUNS });
  });
});
