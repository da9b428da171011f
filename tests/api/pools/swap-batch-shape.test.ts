import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwapDesk } from '@/server/services/pools/swap-desk';
import { findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { countingRowsRead } from '@tests/support/rows-read';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { createPool, traderWithCredits } from './pool-kit';
import { BALANCED_LEDGER, checkLedger } from './pool-invariants';

let t: TestApp;
let projectId: number;
let seller: Awaited<ReturnType<typeof traderWithCredits>>;
let buyer: Awaited<ReturnType<typeof traderWithCredits>>;

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  const project = await findProject(t.app, 'Katingan Peatland Restoration');
  projectId = project.id;
  const provider = await traderWithCredits(t.app, project, [400], 'Provider');
  await createPool(t.app, provider.cookie, { projectId, creditReserve: 300, tokenReserve: '4425' });
  seller = await traderWithCredits(t.app, project, [100], 'Seller');
  buyer = await traderWithCredits(t.app, project, [100], 'Buyer');
});
afterAll(async () => { await t?.close(); });

/** One batch of a 1 t buy by `seller` and a 1 t sell by `buyer`: the rows of holdings its read looked at. */
async function holdingsReadByOneBatch(): Promise<number> {
  const { runner, counts } = countingRowsRead(t.deps.statements, { table: 'holdings', reads: (text) => text.includes('pooled_ranked') });
  const desk = new SwapDesk({ db: t.deps.db, clock: t.deps.clock, events: t.deps.events, statements: runner });
  const settled = await Promise.all([
    desk.swap(projectId, { userId: seller.user.id, side: 'buy', quantity: 1, limitCents: null }),
    desk.swap(projectId, { userId: buyer.user.id, side: 'sell', quantity: 1, limitCents: null }),
  ]);
  expect(settled).toHaveLength(2);
  expect(counts).toHaveLength(1);
  return counts[0];
}

/** One batch of `size` 1 t swaps, buys and sells alternating: the statements it sent through the desk's runner. */
async function statementsOfOneBatch(size: number): Promise<number> {
  let sent = 0;
  const desk = new SwapDesk({ db: t.deps.db, clock: t.deps.clock, events: t.deps.events, statements: (executor, query) => { sent += 1; return t.deps.statements(executor, query); } });
  const settled = await Promise.allSettled(Array.from({ length: size }, (_, index) => {
    const trader = index % 2 === 0 ? seller : buyer;
    return desk.swap(projectId, { userId: trader.user.id, side: index % 2 === 0 ? 'buy' : 'sell', quantity: 1, limitCents: null });
  }));
  expect(settled.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  return sent;
}

describe('the statements of a swap batch', () => {
  it('are the same three for 2 swaps as for 40: lock and read, the audit entries, and one write with the webhook outbox', async () => {
    const small = await statementsOfOneBatch(2);
    const large = await statementsOfOneBatch(40);
    expect(small).toBe(3);
    expect(large).toBe(small);
  });
});

describe('the read of a swap batch', () => {
  // See the order batch's twin in tests/api/trading/batch-shape.test.ts: on PostgreSQL the planner's statistics rightly
  // scan a table this small whole; on the embedded database the plan follows from how the query is written.
  it.runIf(!process.env.TEST_DATABASE_URL)('looks at the same few lots after 120 swaps have split the pool and the buyer into 1 t pieces', async () => {
    const before = await holdingsReadByOneBatch();
    // 60 sells add 60 pooled 1 t lots; 60 buys split the reserve and leave the buyer 60 active 1 t lots.
    for (let round = 0; round < 60; round++) {
      const sold = await postJson(t.app, '/api/trading/swap', { projectId, side: 'sell', quantity: 1, minAmountOut: '0' }, seller.cookie);
      const bought = await postJson(t.app, '/api/trading/swap', { projectId, side: 'buy', quantity: 1, maxAmountIn: '1000' }, buyer.cookie);
      expect([sold.statusCode, bought.statusCode]).toEqual([201, 201]);
    }
    const after = await holdingsReadByOneBatch();
    // The pool's oldest lot and the seller's oldest lot, each ranked and then locked by id.
    expect(before).toBeLessThanOrEqual(4);
    expect(after).toBeLessThanOrEqual(4);
    await assertLedgerInvariants(t.deps.db);
    expect(await checkLedger(t.deps)).toEqual(BALANCED_LEDGER);
  });
});
