import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { holdings } from '@/server/db/schema';
import type { ServerChain } from '@/server/chain/start-chain';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { chainCredit, chainOn, TEST_CUSTODY_KEY } from './chain-kit';
import { buyCredits, listProjects } from '@tests/support/api-calls';

/** Holds every mint until the test opens the gate (a chain as slow as the test wants), or fails the next one. */
function gatedChain() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const state = { failNextMint: false };
  const wrap = (chain: ServerChain): ServerChain => ({
    ...chain,
    mintBatch: async (inputs) => {
      if (state.failNextMint) {
        state.failNextMint = false;
        throw new Error('connect ECONNREFUSED 127.0.0.1:8545');
      }
      await gate;
      return chain.mintBatch(inputs);
    },
  });
  return { wrap, open: () => open(), state };
}

const TIMEOUT_MS = 300;
const slow = gatedChain();
let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp(chainOn(TIMEOUT_MS), { chain: { privateKey: TEST_CUSTODY_KEY, wrap: slow.wrap } });
  projects = await listProjects(t.app);
});
afterAll(() => t?.close());

const storedToken = async (holdingId: number) =>
  (await t.deps.db.select({ tokenId: holdings.tokenId }).from(holdings).where(eq(holdings.id, holdingId)))[0].tokenId;

describe('when the chain is slower than CHAIN_TIMEOUT_MS', () => {
  it('answers the purchase with tokenId null (pending) and anchors it once the chain catches up', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[0], 2);
    expect(credit.tokenId).toBeNull();
    expect(t.deps.anchoring!.status().state).toBe('anchoring');

    slow.open();
    const anchored = await t.deps.anchoring!.waitFor({ holdingId: credit.id }, 30_000);
    expect(anchored).toEqual({ tokenId: expect.any(Number) });
    expect(await storedToken(credit.id)).toBe(anchored!.tokenId);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/credits/my', headers: { cookie } })).json();
    expect(listed[0].tokenId).toBe(anchored!.tokenId);
  });

  it('answers a chain read that takes too long with 504', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[1], 1);
    const tokenId = (await t.deps.anchoring!.waitFor({ holdingId: credit.id }, 30_000))!.tokenId;
    // A read that never answers, for this request only.
    const never = new Promise<never>(() => {});
    const chain = t.deps.chain!;
    const read = chain.getCreditDetails;
    chain.getCreditDetails = () => never;
    try {
      const response = await t.app.inject(`/api/chain/credits/${tokenId}`);
      expect(response.statusCode).toBe(504);
      expect(response.json().message).toBe(`The chain did not answer within ${TIMEOUT_MS} ms`);
    } finally {
      chain.getCreditDetails = read;
    }
    expect((await chainCredit(t.app, tokenId)).quantity).toBe(1);
  });
});

describe('when the chain fails for a moment', () => {
  it('backs off, answers pending meanwhile, and anchors on the retry', async () => {
    slow.state.failNextMint = true;
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[2], 3);
    expect(credit.tokenId).toBeNull();
    await vi.waitFor(async () => expect(await storedToken(credit.id)).not.toBeNull(), { timeout: 30_000, interval: 100 });
    expect(t.deps.anchoring!.status().lastError).toBe('connect ECONNREFUSED 127.0.0.1:8545');
  });
});
