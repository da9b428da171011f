import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerChain } from '@/server/chain/start-chain';
import { findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { sampleValue, scrapeMetrics } from '@tests/support/prometheus';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { chainOn, TEST_CUSTODY_KEY } from '@tests/api/chain/chain-kit';
import { queryRows } from '@tests/api/trading/trading-kit';

// The anchoring gauges are read from the database when /metrics is scraped: the first scrape shows the backlog as it
// is, and every scrape the backlog as it is then (issue 27: the backlog was set from another gauge's collect, so it
// showed the previous scrape's figure, and nothing on the first scrape).

const LOTS = 20;
let openChain!: () => void;
const chainOpen = new Promise<void>((resolve) => (openChain = resolve));
/** Holds every mint until the test opens the chain: lots wait for their tokens as long as the test wants. */
const heldChain = (chain: ServerChain): ServerChain => ({ ...chain, mintBatch: async (inputs) => { await chainOpen; return chain.mintBatch(inputs); } });

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...chainOn(100), ...ROOMY_RATE_LIMIT }, { chain: { privateKey: TEST_CUSTODY_KEY, wrap: heldChain } });
}, 60_000);
afterAll(async () => {
  openChain();
  await t?.close();
});

const pendingHoldings = async () =>
  (await queryRows<{ n: number }>(t.deps, sql`select count(*)::int as n from holdings where token_id is null and anchor_error is null`))[0].n;

describe('marketplace_anchoring_backlog', () => {
  it('shows on the first scrape the lots waiting now, and on the next scrape the backlog as it is then', async () => {
    const project = await findProject(t.app, 'Amazon Rainforest Conservation');
    const { cookie } = await signUp(t.app);
    const bought = await Promise.all(Array.from({ length: LOTS }, () =>
      postJson(t.app, '/api/credits/purchase', { projectId: project.id, quantity: 5, pricePerCredit: project.pricePerCredit }, cookie)));
    expect(bought.map((response) => response.statusCode)).toEqual(Array(LOTS).fill(201));
    expect(await pendingHoldings()).toBe(LOTS);

    const first = await scrapeMetrics(t.app);
    expect(sampleValue(first, 'marketplace_anchoring_backlog', { kind: 'holding' })).toBe(LOTS);
    expect(sampleValue(first, 'marketplace_anchoring_backlog', { kind: 'certificate' })).toBe(0);
    expect(first.marketplace_anchoring_backlog?.data).toHaveLength(2);

    openChain();
    for (let waitedMs = 0; (await pendingHoldings()) > 0; waitedMs += 20) {
      if (waitedMs > 30_000) throw new Error('the lots were not anchored within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const next = await scrapeMetrics(t.app);
    expect(sampleValue(next, 'marketplace_anchoring_backlog', { kind: 'holding' })).toBe(0);
    expect(sampleValue(next, 'marketplace_anchoring_oldest_pending_seconds')).toBe(0);
  });
});
