import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mulberry32 } from '@/domain/mrv/seeded-random';
import type { ServerChain } from '@/server/chain/start-chain';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects, postJson } from '@tests/support/api-calls';
import { anchoringDrained, chainOn, sweptAudit, TEST_CUSTODY_KEY } from './chain-kit';

const SEED = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
const USERS = 24;
const ROUNDS = 14;
const OPERATIONS_PER_ROUND = 16;

/**
 * Holds every anchoring batch until the test opens the gate, so that the first half of the workload happens entirely
 * before anything is minted (the hardest case: lots sold, swapped and pooled whole before their token exists).
 */
function gatedChain() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const wrap = (chain: ServerChain): ServerChain => ({
    ...chain,
    mintBatch: async (inputs) => (await gate, chain.mintBatch(inputs)),
    splitBatch: async (inputs) => (await gate, chain.splitBatch(inputs)),
    retireBatch: async (inputs) => (await gate, chain.retireBatch(inputs)),
  });
  return { wrap, open: () => open() };
}

const gated = gatedChain();
let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp(chainOn(200), { chain: { privateKey: TEST_CUSTODY_KEY, wrap: gated.wrap } });
  projects = (await listProjects(t.app)).slice(0, 2);
});
afterAll(async () => {
  gated.open();
  await t?.close();
});

type Account = { cookie: string; id: number };
type Step = (app: FastifyInstance) => Promise<{ statusCode: number; body: string }>;

/** One random marketplace action; refusals (422/409/404) are part of the mix, a 500 never is. */
function randomStep(next: () => number, accounts: Account[], creditIds: Map<number, number[]>): Step {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const account = pick(accounts);
  const project = pick(projects);
  const price = (cents: number) => (cents / 100).toFixed(2);
  const listCents = Math.round(Number(project.pricePerCredit) * 100);
  const quantity = 1 + Math.floor(next() * 12);
  const post = (url: string, body: unknown) => (app: FastifyInstance) => postJson(app, url, body, account.cookie);
  switch (pick(['buy', 'buy', 'flip', 'flip', 'sell', 'bid', 'market', 'swap-buy', 'swap-sell', 'deposit', 'withdraw', 'retire', 'retire-part'] as const)) {
    case 'flip':
      // A new account buys one lot and at once moves all of it: the lot changes hands whole, usually before its mint.
      return async (app) => {
        const { cookie, user } = await signUp(app, { firstName: 'Flipper' });
        accounts.push({ cookie, id: user.id });
        await buyCredits(app, cookie, project, quantity);
        const whole = { projectId: project.id, quantity };
        const move = pick([
          ['/api/trading/orders', { ...whole, orderType: 'sell', pricePerCredit: price(listCents - 50) }],
          ['/api/trading/market-order', { ...whole, orderType: 'sell' }],
          ['/api/trading/swap', { ...whole, side: 'sell', minAmountOut: '0' }],
        ] as const);
        return postJson(app, move[0], move[1], cookie);
      };
    case 'buy':
      return post('/api/credits/purchase', { projectId: project.id, quantity, pricePerCredit: project.pricePerCredit });
    case 'sell':
      return post('/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity, pricePerCredit: price(listCents + Math.floor(next() * 40) - 20) });
    case 'bid':
      return post('/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity, pricePerCredit: price(listCents + Math.floor(next() * 40) - 20) });
    case 'market':
      return post('/api/trading/market-order', { projectId: project.id, orderType: pick(['buy', 'sell'] as const), quantity });
    case 'swap-buy':
      return post('/api/trading/swap', { projectId: project.id, side: 'buy', quantity, maxAmountIn: '1000000.00' });
    case 'swap-sell':
      return post('/api/trading/swap', { projectId: project.id, side: 'sell', quantity, minAmountOut: '0' });
    case 'deposit':
      return async (app) => {
        const pool = (await app.inject(`/api/trading/pools/${project.id}`)).json() as { id: number };
        return postJson(app, `/api/trading/pools/${pool.id}/add-liquidity`, { creditAmount: quantity, tokenAmount: '100000.00' }, account.cookie);
      };
    case 'withdraw':
      return async (app) => {
        const pool = (await app.inject({ url: `/api/trading/pools/${project.id}`, headers: { cookie: account.cookie } })).json() as { id: number; yourLpUnits?: number | null };
        return postJson(app, `/api/trading/pools/${pool.id}/remove-liquidity`, { lpTokens: Math.max(1, Math.floor((pool.yourLpUnits ?? 1) / 2)) }, account.cookie);
      };
    case 'retire':
    case 'retire-part':
      return async (app) => {
        const credits = (await app.inject({ url: '/api/credits/my', headers: { cookie: account.cookie } })).json() as { id: number; status: string; quantity: number }[];
        const active = credits.filter((credit) => credit.status === 'active');
        if (active.length === 0) return { statusCode: 404, body: 'nothing to retire' };
        const credit = pick(active);
        const part = credit.quantity > 1 && next() < 0.6 ? { quantity: 1 + Math.floor(next() * (credit.quantity - 1)) } : {};
        creditIds.set(account.id, [...(creditIds.get(account.id) ?? []), credit.id]);
        return postJson(app, `/api/credits/${credit.id}/retire`, { reason: 'Mixed workload', ...part }, account.cookie);
      };
  }
}

/**
 * Before the random mix and before any mint, one lot of each kind the chain must mirror, whatever the seed: a trade
 * fill, a swap, a pool withdrawal and a partial retirement (a split). The random rounds add more of each.
 */
async function everyKindOfLot(accounts: Account[]) {
  const project = projects[0];
  const listCents = Math.round(Number(project.pricePerCredit) * 100);
  const bid = { projectId: project.id, orderType: 'buy', quantity: 3, pricePerCredit: ((listCents + 50) / 100).toFixed(2) };
  const scripted = [
    await postJson(t.app, '/api/trading/orders', bid, accounts[1].cookie),
    await postJson(t.app, '/api/trading/market-order', { projectId: project.id, orderType: 'sell', quantity: 3 }, accounts[2].cookie),
    await postJson(t.app, '/api/trading/swap', { projectId: project.id, side: 'buy', quantity: 2, maxAmountIn: '1000000.00' }, accounts[3].cookie),
  ];
  const pool = (await t.app.inject({ url: `/api/trading/pools/${project.id}`, headers: { cookie: accounts[0].cookie } })).json() as { id: number; yourLpUnits: number };
  scripted.push(await postJson(t.app, `/api/trading/pools/${pool.id}/remove-liquidity`, { lpTokens: Math.floor(pool.yourLpUnits / 4) }, accounts[0].cookie));
  const [credit] = ((await t.app.inject({ url: '/api/credits/my', headers: { cookie: accounts[4].cookie } })).json() as { id: number; quantity: number }[]);
  scripted.push(await postJson(t.app, `/api/credits/${credit.id}/retire`, { reason: 'Mixed workload', quantity: 1 }, accounts[4].cookie));
  for (const answer of scripted) expect(answer.statusCode, `seed ${SEED}: ${answer.body}`).toBeLessThan(300);
}

describe('a seeded mixed workload', () => {
  it(`leaves every lot with a token of its tonnes and every certificate with a successful transaction (seed ${SEED})`, async () => {
    const next = mulberry32(SEED);
    const accounts: Account[] = [];
    for (let i = 0; i < USERS; i++) {
      const { cookie, user } = await signUp(t.app, { firstName: `Mixed${i}` });
      accounts.push({ cookie, id: user.id });
      for (const project of projects) await buyCredits(t.app, cookie, project, 20 + Math.floor(next() * 30));
    }
    for (const project of projects) {
      const created = await postJson(t.app, '/api/trading/pools', { projectId: project.id, creditReserve: 10, tokenReserve: '200.00' }, accounts[0].cookie);
      expect(created.statusCode, `seed ${SEED}`).toBe(201);
    }
    await everyKindOfLot(accounts);
    const statuses = new Map<number, number>();
    const retired = new Map<number, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      // Half the workload runs before anything is anchored, the rest while the worker catches up.
      if (round === ROUNDS / 2) gated.open();
      const steps = Array.from({ length: OPERATIONS_PER_ROUND }, () => randomStep(next, accounts, retired));
      for (const { statusCode } of await Promise.all(steps.map((step) => step(t.app)))) statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(statuses.get(500) ?? 0, `seed ${SEED}: ${JSON.stringify([...statuses])}`).toBe(0);
    expect(statuses.get(201) ?? 0, `seed ${SEED}`).toBeGreaterThan(ROUNDS * OPERATIONS_PER_ROUND * 0.4);

    await anchoringDrained(t, 120_000);
    const rows = ((await t.deps.db.execute(sql`
      select h.id, h.token_id::int as token_id, h.quantity, h.status, h.anchor_error, c.chain_tx_hash
      from holdings h left join certificates c on c.holding_id = h.id order by h.id`)) as unknown as {
      rows: { id: number; token_id: number | null; quantity: number; status: string; anchor_error: string | null; chain_tx_hash: string | null }[];
    }).rows;
    const chain = t.deps.chain!;
    const wrong: string[] = [];
    for (const row of rows) {
      if (row.token_id === null) {
        wrong.push(`holding ${row.id} (${row.status}) has no token: ${row.anchor_error}`);
        continue;
      }
      const details = await chain.getCreditDetails(row.token_id!);
      if (details.quantityTonnes !== row.quantity) wrong.push(`holding ${row.id}: ${row.quantity} t, token ${row.token_id} ${details.quantityTonnes} t`);
      if (details.isRetired !== (row.status === 'retired')) wrong.push(`holding ${row.id} (${row.status}): token retired ${details.isRetired}`);
      if (row.status === 'retired' && (await chain.getTransaction(row.chain_tx_hash as `0x${string}`)).status !== 'success') wrong.push(`certificate of ${row.id}`);
    }
    expect(wrong, `seed ${SEED}`).toEqual([]);
    expect(new Set(rows.map((row) => row.token_id)).size, `seed ${SEED}`).toBe(rows.length);
    const kinds = ((await t.deps.db.execute(sql`select distinct origin from holdings`)) as unknown as { rows: { origin: string }[] }).rows.map((row) => row.origin);
    expect(kinds.sort(), `seed ${SEED}: the mix reached every kind of lot`).toEqual(expect.arrayContaining(['pool', 'purchase', 'split', 'swap', 'trade']));

    const audit = await sweptAudit(t);
    expect(audit, `seed ${SEED}`).toMatchObject({ status: 'anchored', mismatches: [], holdings: { pending: 0, failed: 0 }, certificates: { withoutTx: 0, failed: 0 } });
  }, 240_000);
});
