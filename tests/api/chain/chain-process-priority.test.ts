import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/server/config';
import { startChain, type ChainRuntime } from '@/server/chain/start-chain';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { chainOn, TEST_CUSTODY_KEY } from './chain-kit';

// Inside `npm start` the chain process yields the CPU to the web server; the chain node of `npm run chain` serves the
// chain alone, and every instance's anchoring and /rpc wait on it, so it runs at normal priority.
let t: TestApp;
let node: ChainRuntime;

beforeAll(async () => {
  t = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
  node = await startChain(testConfig(chainOn()), t.deps.db, { privateKey: TEST_CUSTODY_KEY, chainNode: true });
}, 120_000);
afterAll(async () => {
  await node?.close();
  await t?.close();
});

const niceOf = (runtimeChain: { nodeHealth?(): { pid: number | null } }) => getPriority(runtimeChain.nodeHealth!().pid!);

describe('the chain process\'s priority', () => {
  it('is nice 10 inside the app and 0 in the chain node', () => {
    expect(niceOf(t.deps.chain!)).toBe(10);
    expect(niceOf(node.chain)).toBe(0);
  });
});
