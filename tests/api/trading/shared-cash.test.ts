import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import type { StatementRunner } from '@/server/db/statement-runner';
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import type { Project } from '@/shared/schemas/project';
import { buyCredits, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';

// The trading desk keeps one cache of buyers' cash for all its projects. Batches of several projects run at once (on
// PostgreSQL), and a batch that fails or runs again forgets its buyers' cash; a batch of another project reading
// meanwhile must still run on the figures it took (issue 27: valid limit orders answered 500 "user N was not
// loaded"). Here 4 users trade on 4 projects through one instance while a second instance on the same database buys
// (moving their cash, so that batches run again) and trades the same books (moving their versions, so that batches
// read again); the statements are slowed where a batch reads, and failures are injected where a batch writes.
// Every request must be answered with success or an expected refusal, never a 500.

const USERS = 4;
const REQUESTS = 1200;
const IN_FLIGHT = 40;

/** The lock statement of a trading batch (lockBook): its last parameter is how many orders the batch may place. */
const isBookLock = (text: string) => text.includes('orders_id_seq');
/** The read of what a batch's caches lack (tradingStateQuery). */
const isBatchRead = (text: string) => /\bas (users|lots|asks|bids|by_id)\b/.test(text);
/** The trading write (writeTradingChanges), which checks the balances the batch relied on. */
const isTradingWrite = (text: string) => text.includes('a balance the batch relied on has moved');

const injected = { lost: 0, retried: 0, slowed: 0 };

/**
 * Slows each batch read a little (so that other projects' batches commit, fail and run again meanwhile), and fails the
 * write of every 3rd batch that places several orders: as a deadlock victim (40001: the transaction runs again, and
 * may be failed again), or every 7th as a lost connection (the batch fails). A batch whose attempts all fail has its
 * requests run one by one, each placing one order, which is never failed here: so no failure injected here may
 * reach a client, and every 500 is the desk's own.
 */
function injectFailures(inner: StatementRunner): StatementRunner {
  const dialect = new PgDialect();
  const doomed = new WeakMap<object, 'retryable' | 'lost'>();
  let locks = 0;
  return async (executor, query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (isBookLock(text) && Number(params.at(-1)) >= 2) {
      locks++;
      if (locks % 7 === 0) doomed.set(executor, 'lost');
      else if (locks % 3 === 0) doomed.set(executor, 'retryable');
    }
    if (isBatchRead(text)) {
      injected.slowed++;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const failure = isTradingWrite(text) ? doomed.get(executor) : undefined;
    if (failure === 'retryable') {
      injected.retried++;
      throw Object.assign(new Error('injected: deadlock victim'), { code: '40001' });
    }
    if (failure === 'lost') {
      injected.lost++;
      throw new Error('injected: connection lost');
    }
    return inner(executor, query);
  };
}

let t: TestApp;
let other: FastifyInstance;
let projects: Project[];
const statuses = new Map<string, number>();
/** What the unexpected answers said, so that a failure names its cause. */
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, logLevel: process.env.DEBUG_LOG ?? 'silent' }, { wrapStatements: injectFailures });
  // A second instance on the same database: its own desks and caches (and, on PostgreSQL, connections).
  other = await buildApp({ ...t.deps }, { clientDist: '/nonexistent' });
  await other.ready();
  projects = (await listProjects(t.app)).filter((project) => project.availableCredits > 3_000).slice(0, 4);
  expect(projects).toHaveLength(4);
  const users: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const { cookie } = await signUp(t.app, { firstName: `Desk ${i}` });
    for (const project of projects) await buyCredits(t.app, cookie, project, 60);
    users.push(cookie);
  }
  const next = random(20261127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const requests = Array.from({ length: REQUESTS }, () => {
    const cookie = pick(users);
    const project = pick(projects);
    const roll = next();
    const quantity = 1 + Math.floor(next() * 5);
    const midCents = Number(project.pricePerCredit.replace('.', ''));
    const price = ((midCents - 50 + Math.floor(next() * 101)) / 100).toFixed(2);
    return async () => {
      let kind: string;
      let response: { statusCode: number; body: string };
      if (roll < 0.5) {
        kind = 'limit buy';
        response = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity, pricePerCredit: price }, cookie);
      } else if (roll < 0.7) {
        kind = 'limit sell';
        response = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity, pricePerCredit: price }, cookie);
      } else if (roll < 0.9) {
        kind = 'purchase';
        response = await postJson(other, '/api/credits/purchase', { projectId: project.id, quantity, pricePerCredit: project.pricePerCredit }, cookie);
      } else {
        kind = 'limit buy elsewhere';
        response = await postJson(other, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity, pricePerCredit: price }, cookie);
      }
      const status = response.statusCode;
      if (status >= 500) failures.push(`${kind} ${status}: ${response.body}`);
      statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
    };
  });
  let cursor = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (cursor < requests.length) await requests[cursor++]();
  }));
}, 180_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe(`${REQUESTS} orders on 4 projects from ${USERS} users, with purchases and orders on a second instance and injected failures`, () => {
  it('answers every request with success or an expected refusal, never a 500', () => {
    const allowed = /^(limit (buy|sell) (201|422)|limit buy elsewhere (201|422)|purchase (201|422))$/;
    const unexpected = [...statuses.keys()].filter((key) => !allowed.test(key));
    expect(unexpected, `${JSON.stringify(Object.fromEntries(statuses))}\n${failures.join('\n')}`).toEqual([]);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(REQUESTS);
    expect(statuses.get('limit buy 201')).toBeGreaterThan(300);
  });

  it('injected its failures and delays', () => {
    expect(injected.lost).toBeGreaterThan(5);
    expect(injected.retried).toBeGreaterThan(20);
    expect(injected.slowed).toBeGreaterThan(20);
  });

  it('keeps every ledger invariant', async () => {
    await assertLedgerInvariants(t.deps.db);
  });
});
