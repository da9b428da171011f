import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { buyCredits, findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { chainOn, TEST_CUSTODY_KEY } from '@tests/api/chain/chain-kit';
import { queryRows } from '@tests/api/trading/trading-kit';

// A replay of a keyed request answers exactly what the first request answered: the same status, the same bytes, the
// same headers of the answer. The chain is on: anchoring changes the rows behind the answers (token ids, retirement
// transactions) between the first request and its replay, and a replay must not show it (issue 27: the first answer
// of a keyed purchase carried the token id it waited for, the replay the stored `tokenId: null`).

let t: TestApp;
let project: Project;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ ...chainOn(), ...ROOMY_RATE_LIMIT }, { chain: { privateKey: TEST_CUSTODY_KEY } });
  project = await findProject(t.app, 'Amazon Rainforest Conservation');
  ({ cookie } = await signUp(t.app));
}, 60_000);
afterAll(async () => t?.close());

/** Until the worker has anchored everything committed so far (every holding has its token, every retirement its tx). */
async function anchoringDone(): Promise<void> {
  for (let waitedMs = 0; waitedMs < 30_000; waitedMs += 20) {
    const [row] = await queryRows<{ pending: number }>(t.deps, sql`
      select ((select count(*) from holdings where token_id is null and anchor_error is null and status <> 'escrowed')
        + (select count(*) from certificates where chain_tx_hash is null and anchor_error is null))::int as pending`);
    if (row.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('anchoring did not finish within 30 s');
}

/** Sends a keyed request, lets anchoring change the rows, replays it, and requires the same answer; returns its body. */
async function firstAndReplay(method: 'POST' | 'PATCH', url: string, payload: object | undefined, key: string) {
  const request = { method, url, ...(payload ? { payload } : {}), headers: { cookie, 'idempotency-key': key } };
  const first = await t.app.inject(request);
  expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
  await anchoringDone();
  const replay = await t.app.inject(request);
  expect(replay.headers['idempotent-replayed'], url).toBe('true');
  expect({ status: replay.statusCode, body: replay.body }, url).toEqual({ status: first.statusCode, body: first.body });
  expect(replay.headers['x-routing'], url).toBe(first.headers['x-routing']);
  return first.json();
}

describe('a replay of a keyed request after anchoring changed the rows', () => {
  it('answers a purchase byte for byte as the first time (tokenId as stored at the commit)', async () => {
    const bought = await firstAndReplay('POST', '/api/credits/purchase', { projectId: project.id, quantity: 5, pricePerCredit: project.pricePerCredit }, 'buy-1');
    // The token exists by now; the answer is the one of the commit, where it did not yet.
    expect(bought.credit.tokenId).toBeNull();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/credits/my', headers: { cookie } })).json() as { id: number; tokenId: number | null }[];
    expect(listed.find((credit) => credit.id === bought.credit.id)?.tokenId).toEqual(expect.any(Number));
  });

  it('answers buy-and-retire, a quoted purchase and a retirement byte for byte as the first time', async () => {
    await firstAndReplay('POST', '/api/credits/purchase', { projectId: project.id, quantity: 2, pricePerCredit: project.pricePerCredit, retireImmediately: true }, 'bar-1');
    const quote = await firstAndReplay('POST', '/api/quotes', { projectId: project.id, quantity: 2 }, 'quote-1');
    await firstAndReplay('POST', '/api/credits/purchase', { projectId: project.id, quantity: 2, pricePerCredit: quote.pricePerCredit, quoteId: quote.id }, 'quoted-1');
    const lot = await buyCredits(t.app, cookie, project, 20);
    await firstAndReplay('POST', `/api/credits/${lot.credit.id}/retire`, { reason: 'Scope 2', quantity: 3 }, 'retire-1');
  });

  it('answers orders, cancels, market orders, pool changes and swaps byte for byte as the first time', async () => {
    await buyCredits(t.app, cookie, project, 40);
    const sell = await firstAndReplay('POST', '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '999.00' }, 'sell-1');
    await firstAndReplay('PATCH', `/api/trading/orders/${sell.order.id}/cancel`, undefined, 'cancel-1');
    await firstAndReplay('POST', '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '1.00' }, 'sell-2');
    // Crosses the ask above: a trade, whose lots the worker anchors before the replay.
    await firstAndReplay('POST', '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' }, 'buy-order-1');
    await firstAndReplay('POST', '/api/trading/market-order', { projectId: project.id, orderType: 'buy', quantity: 1 }, 'market-1');
    await firstAndReplay('POST', '/api/trading/pools', { projectId: project.id, creditReserve: 10, tokenReserve: '200.00' }, 'pool-1');
    const pool = (await t.app.inject({ method: 'GET', url: `/api/trading/pools/${project.id}` })).json() as { id: number };
    await firstAndReplay('POST', `/api/trading/pools/${pool.id}/add-liquidity`, { creditAmount: 5, tokenAmount: '100.00' }, 'add-1');
    await firstAndReplay('POST', '/api/trading/swap', { projectId: project.id, side: 'buy', quantity: 1, maxAmountIn: '1000.00' }, 'swap-1');
    // Routed over the book and the pool now.
    await firstAndReplay('POST', '/api/trading/market-order', { projectId: project.id, orderType: 'buy', quantity: 2 }, 'market-2');
    await firstAndReplay('POST', `/api/trading/pools/${pool.id}/remove-liquidity`, { lpTokens: 1 }, 'remove-1');
  });
});
