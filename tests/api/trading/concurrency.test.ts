import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { cancelOrder, marketOrder, newTrader, placeOrder, queryRows, send, type Trader } from './trading-kit';
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

const USERS = 20;
const REQUESTS = 2000;
const IN_FLIGHT = 50;
const TONNES_EACH = 60;

let t: TestApp;
let projects: Project[];
let traders: Trader[];
const statuses = new Map<string, number>();
const orderIds: number[][] = [];

beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, logLevel: process.env.DEBUG_LOG ?? "silent" });
  projects = [await findProject(t.app, 'Amazon Rainforest Conservation'), await findProject(t.app, 'Atacama Desert Solar Park')];
  traders = [];
  for (let i = 0; i < USERS; i++) {
    const trader = await newTrader(t.app, projects[0], TONNES_EACH, `Racer ${i}`);
    const second = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', headers: { cookie: trader.cookie }, payload: { projectId: projects[1].id, quantity: TONNES_EACH, pricePerCredit: projects[1].pricePerCredit } });
    expect(second.statusCode).toBe(201);
    traders.push(trader);
    orderIds.push([]);
  }

  const next = random(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  // Each request is decided up front except the order a cancel targets, which is chosen when it runs.
  const requests = Array.from({ length: REQUESTS }, () => {
    const userIndex = Math.floor(next() * USERS);
    const project = pick(projects);
    const roll = next();
    const orderType = next() < 0.5 ? 'buy' : 'sell';
    const quantity = 1 + Math.floor(next() * 20);
    const midCents = Number(project.pricePerCredit.replace('.', ''));
    const priceCents = midCents - 100 + Math.floor(next() * 201);
    const cancelPick = next();
    return async () => {
      const trader = traders[userIndex];
      let kind: string;
      let response: { statusCode: number; json(): unknown };
      if (roll < 0.62) {
        kind = `limit ${orderType}`;
        response = await placeOrder(t.app, trader, { projectId: project.id, orderType, quantity, pricePerCredit: (priceCents / 100).toFixed(2) });
        if (response.statusCode === 201) orderIds[userIndex].push((response.json() as { order: { id: number } }).order.id);
      } else if (roll < 0.77 || (roll < 0.85 && orderIds[userIndex].length === 0)) {
        kind = `market ${orderType}`;
        response = await marketOrder(t.app, trader, { projectId: project.id, orderType, quantity: Math.ceil(quantity / 2) });
      } else if (roll < 0.85) {
        kind = 'cancel';
        // Mostly the user's newest order, which is the likeliest to still rest; sometimes an older one, which has
        // often been filled meanwhile (409).
        const ids = orderIds[userIndex];
        const index = cancelPick < 0.7 ? ids.length - 1 : Math.floor(cancelPick * ids.length);
        response = await cancelOrder(t.app, trader, ids[index]);
        if (response.statusCode === 200) ids.splice(index, 1);
      } else if (project === projects[0]) {
        // Purchases lock the project row and then the buyer; trades take the project first too, so they interleave
        // without deadlocks. (Only in the first project: see the retirements below.)
        kind = 'purchase';
        response = await send(t.app, 'POST', '/api/credits/purchase', trader.cookie, { projectId: project.id, quantity: 1 + (quantity % 3), pricePerCredit: project.pricePerCredit });
      } else {
        // Retiring races with escrow and fills for the same lots: the loser gets 404 or 409, never a broken ledger.
        // Only in the second project: a retirement locks its holding before the project row, the opposite of a
        // purchase, so a purchase and a retirement of the same user and project can deadlock (retire-credits.ts).
        kind = 'retire';
        const credits = (await send(t.app, 'GET', '/api/credits/my', trader.cookie)).json() as { id: number; projectId: number; status: string }[];
        const lot = credits.find((credit) => credit.projectId === project.id && credit.status === 'active');
        response = lot
          ? await send(t.app, 'POST', `/api/credits/${lot.id}/retire`, trader.cookie, { reason: 'Concurrency test', quantity: 1 })
          : { statusCode: 404, json: () => null };
      }
      const key = `${kind} ${response.statusCode}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    };
  });
  let cursor = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (cursor < requests.length) await requests[cursor++]();
  }));
}, 120_000);
afterAll(async () => { await t?.close(); });

describe(`${REQUESTS} random orders, cancels, purchases and retirements from ${USERS} users, ${IN_FLIGHT} in flight`, () => {
  it('answers every request with success or an expected refusal, never a server error', () => {
    const allowed = /^(limit (buy|sell) (201|422)|market (buy|sell) (200|422)|cancel (200|409)|purchase 201|retire (201|404|409|422))$/;
    const unexpected = [...statuses.keys()].filter((key) => !allowed.test(key));
    expect(unexpected, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(REQUESTS);
    // The workload really traded and really cancelled.
    expect(statuses.get('limit buy 201')! + statuses.get('limit sell 201')!).toBeGreaterThan(1000);
    // How many cancels find their order still resting depends on timing, so only a floor that timing cannot break.
    expect((statuses.get('cancel 200') ?? 0) + (statuses.get('cancel 409') ?? 0)).toBeGreaterThan(100);
    expect(statuses.get('cancel 200')).toBeGreaterThan(0);
    // Sellers run out of credits along the way: refusals happen under load too and must change nothing.
    expect(statuses.get('limit sell 422')).toBeGreaterThan(0);
    expect(statuses.get('market buy 200')! + statuses.get('market sell 200')!).toBeGreaterThan(100);
  });

  it('traded a lot', async () => {
    const [row] = await queryRows<{ trades: number }>(t.deps, sql`select count(*)::int as trades from trades`);
    expect(row.trades).toBeGreaterThan(300);
  });

  it('keeps every ledger invariant and leaves both books uncrossed', async () => {
    await assertLedgerInvariants(t.deps.db);
  });

  it('purchased and retired along the way', () => {
    expect(statuses.get("purchase 201")).toBeGreaterThan(30);
    expect(statuses.get('retire 201')).toBeGreaterThan(20);
  });
});
