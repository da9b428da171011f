import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { cashOf, ledgerFingerprint, newTrader, placeOrder, queryRows, tonnesOf } from './trading-kit';

// Issue 31: GTD orders (timeInForce "GTD" with expiresAt) never fill at or after their end and are cancelled then,
// their lock or escrow released, also when their end passed while the server was down.

const START_MS = Date.parse('2026-11-27T12:00:00Z');
let nowMs = START_MS;
const clock = () => new Date(nowMs);
const at = (offsetMs: number) => new Date(START_MS + offsetMs).toISOString();

async function orderRow(t: TestApp, id: number) {
  const [row] = await queryRows<{ status: string; expires_at: string | null; time_in_force: string; locked_cents: string }>(
    t.deps, sql`select status, expires_at::text, time_in_force, locked_cents::text from orders where id = ${id}`);
  return row;
}

describe('GTD orders on a running server', () => {
  let t: TestApp;
  let project: Project;
  beforeAll(async () => {
    nowMs = START_MS;
    t = await createTestApp(ROOMY_RATE_LIMIT, { clock });
    project = await findProject(t.app, 'Amazon Rainforest Conservation');
  });
  afterAll(async () => { await t?.close(); });

  it.each([
    [{ timeInForce: 'GTD' }, 'expiresAt goes with timeInForce "GTD", and GTD needs expiresAt'],
    [{ expiresAt: at(60_000) }, 'expiresAt goes with timeInForce "GTD", and GTD needs expiresAt'],
    [{ timeInForce: 'GTD', expiresAt: 'tomorrow' }, 'expiresAt must be an ISO 8601 date and time'],
    [{ timeInForce: 'GTD', expiresAt: at(-1000) }, `expiresAt must be in the future: ${at(-1000)} has passed`],
    [{ timeInForce: 'GTD', expiresAt: at(366 * 86_400_000) }, 'expiresAt must be at most a year ahead'],
  ])('%j is a 400 with a message and changes nothing', async (fields, message) => {
    const trader = await newTrader(t.app, project, 0, 'Bad');
    const before = await ledgerFingerprint(t.deps);
    const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });

  it('rests until its end, shows it, and never fills at or after it; its escrow comes back', async () => {
    const seller = await newTrader(t.app, project, 3, 'Seller');
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    const placed = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '25.00', timeInForce: 'GTD', expiresAt: at(60_000) });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order.id as number;
    expect(placed.json().order).toMatchObject({ status: 'open', timeInForce: 'GTD', expiresAt: at(60_000) });
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ escrowed: 3 });
    // Before its end it trades.
    nowMs = START_MS + 59_999;
    const early = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '25.00', timeInForce: 'IOC' });
    expect(early.json().trades).toHaveLength(1);
    // At its end it does not, whether the sweep or the batch meets it first.
    nowMs = START_MS + 60_000;
    const late = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '25.00', timeInForce: 'IOC' });
    expect(late.json()).toMatchObject({ matched: false, trades: [] });
    await vi.waitFor(async () => expect((await orderRow(t, id)).status).toBe('cancelled'));
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 2 });
    // The audit log says the market ended it, for the seller's organisation, once.
    const audited = await queryRows<{ action: string; person_id: number | null; account_id: number }>(t.deps,
      sql`select action, person_id, account_id from audit_entries where target_type = 'order' and target_id = ${String(id)} order by seq`);
    expect(audited).toEqual([{ action: 'order.placed', person_id: seller.id, account_id: seller.id }, { action: 'order.expired', person_id: null, account_id: seller.id }]);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('a GTD order whose end passes while the server is down', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'order-expiry-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is cancelled when the server starts again, and its lock is back in cash', async () => {
    nowMs = START_MS;
    let t = await createTestApp(ROOMY_RATE_LIMIT, { clock, persistentDataDir: dataDir });
    const project = await findProject(t.app, 'Amazon Rainforest Conservation');
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    const cash = await cashOf(t.deps, buyer.id);
    const placed = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 4, pricePerCredit: '2.50', timeInForce: 'GTD', expiresAt: at(3_600_000) });
    const id = placed.json().order.id as number;
    expect(await cashOf(t.deps, buyer.id)).toBe(cash - 1000n);
    await t.close();

    nowMs = START_MS + 2 * 3_600_000;
    t = await createTestApp(ROOMY_RATE_LIMIT, { clock, persistentDataDir: dataDir });
    try {
      await vi.waitFor(async () => expect((await orderRow(t, id)).status).toBe('cancelled'), { timeout: 20_000 });
      expect(await orderRow(t, id)).toMatchObject({ time_in_force: 'GTD', locked_cents: '0' });
      expect(await cashOf(t.deps, buyer.id)).toBe(cash);
      await assertLedgerInvariants(t.deps.db);
    } finally {
      await t.close();
    }
  });
});
