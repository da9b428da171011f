import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Transaction } from '@/server/db/client';
import type { StatementRunner } from '@/server/db/statement-runner';
import { PurchaseDesk, type DeskPurchase } from '@/server/services/purchases/purchase-desk';
import type { PurchaseResult } from '@/server/services/purchases/purchase-batch';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { queryRows } from '@tests/api/trading/trading-kit';
import type { Project } from '@/shared/schemas/project';

// The shape of a purchase batch, not its speed: the statements one batch transaction sends must not grow with the
// batch, nor with Idempotency-Keys (their answers ride in the batch's one write), nor with webhook outbox rows.
let t: TestApp;
let projects: Project[];
let buyers: number[];
let statementsInLastTransaction = 0;
let desk: PurchaseDesk;
/** Set while the hot-path runner sends one statement: its own way there (a prepared EXECUTE) is that one statement. */
let insideRunner = false;

/** The app's statement runner, each statement it sends counted once whatever path it takes to the database. */
function countingRunner(inner: StatementRunner): StatementRunner {
  return async (executor, query) => {
    statementsInLastTransaction++;
    insideRunner = true;
    try { return await inner(executor, query); } finally { insideRunner = false; }
  };
}

/** The app's database, except that every statement sent inside a transaction is counted. */
function countingDatabase(db: Database): Database {
  const countingTx = (tx: Transaction) => new Proxy(tx, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (query: never) => { if (!insideRunner) statementsInLastTransaction++; return target.execute(query); };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return (work: (tx: Transaction) => Promise<unknown>) => {
          statementsInLastTransaction = 0;
          return target.transaction((tx) => work(countingTx(tx)));
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const ticketFor = (userId: number, key: string): IdempotencyTicket<PurchaseResult> => ({
  userId, key, requestHash: `hash-${key}`, answer: (purchase) => ({ status: 201, body: { creditId: purchase.holding.id } }),
});

/** `size` purchases submitted in one turn of the event loop, so that they form one batch. */
async function batchOf(size: number, keyed: boolean): Promise<PurchaseResult[]> {
  const runId = `${size}-${keyed}-${Math.random().toString(36).slice(2)}`;
  return Promise.all(Array.from({ length: size }, (_, i) => {
    const project = projects[i % projects.length];
    const userId = buyers[i % buyers.length];
    const request: DeskPurchase = {
      userId, projectId: project.id, quantity: 1, priceCents: BigInt(Math.round(Number(project.pricePerCredit) * 100)),
      ticket: keyed ? ticketFor(userId, `shape-${runId}-${i}`) : undefined,
    };
    return desk.purchase(request);
  }));
}

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  projects = (await listProjects(t.app)).filter((project) => project.availableCredits > 1000);
  buyers = [];
  for (let i = 0; i < 5; i++) buyers.push((await signUp(t.app)).user.id);
  // One buyer listens for purchase.completed: its outbox rows must ride in the same write.
  await t.deps.db.execute(sql`insert into webhook_endpoints (user_id, url, events, secret)
    values (${buyers[0]}, 'https://127.0.0.1:9/carbon', ${'{purchase.completed}'}::text[], 'whsec_test')`);
  desk = new PurchaseDesk({ db: countingDatabase(t.deps.db), clock: t.deps.clock, events: t.deps.events, statements: countingRunner(t.deps.statements) });
  // Prepares the statements once (the embedded database prepares each shape on first use).
  await batchOf(3, true);
});
afterAll(async () => { await t?.close(); });

describe('a purchase batch', () => {
  it.each([1, 10, 50])('sends two statements for %i purchases, with or without Idempotency-Keys', async (size) => {
    const keyless = await batchOf(size, false);
    expect(keyless).toHaveLength(size);
    expect(statementsInLastTransaction).toBe(2);
    const keyed = await batchOf(size, true);
    expect(new Set(keyed.map((purchase) => purchase.holding.id)).size).toBe(size);
    expect(statementsInLastTransaction).toBe(2);
  });

  it('writes every answer, holding, transaction and outbox row of the batch in that write', async () => {
    const count = async () => (await queryRows<{ keys: number; holdings: number; purchases: number; deliveries: number }>(t.deps, sql`
      select (select count(*)::int from idempotency_keys) as keys, (select count(*)::int from holdings) as holdings,
             (select count(*)::int from transactions where type = 'purchase') as purchases,
             (select count(*)::int from webhook_deliveries) as deliveries`))[0];
    const before = await count();
    const bought = await batchOf(20, true);
    const after = await count();
    // Buyer 0 makes every fifth purchase of the batch and subscribed once.
    expect(after).toEqual({
      keys: before.keys + 20, holdings: before.holdings + 20, purchases: before.purchases + 20, deliveries: before.deliveries + 4,
    });
    const ids = bought.map((purchase) => purchase.holding.id);
    const stored = await queryRows<{ id: number }>(t.deps, sql`select id from holdings where id = any(${`{${ids.join(',')}}`}::int[])`);
    expect(stored).toHaveLength(20);
    await assertLedgerInvariants(t.deps.db);
  });

  it('refuses a key this desk answered before without any statement', async () => {
    const userId = buyers[1];
    const project = projects[0];
    const request: DeskPurchase = {
      userId, projectId: project.id, quantity: 1, priceCents: BigInt(Math.round(Number(project.pricePerCredit) * 100)),
      ticket: ticketFor(userId, 'answered-once'),
    };
    await desk.purchase(request);
    statementsInLastTransaction = 0;
    await expect(desk.purchase(request)).rejects.toThrow(/Idempotency-Key/);
    expect(statementsInLastTransaction).toBe(0);
  });
});
