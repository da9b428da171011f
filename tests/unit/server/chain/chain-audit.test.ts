import { encodeFunctionResult } from 'viem';
import { describe, expect, it } from 'vitest';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';
import { createChainAudit } from '@/server/anchoring/chain-audit';
import { ChainTimeoutError } from '@/server/chain/with-timeout';
import type { Database } from '@/server/db/client';

const countsRow = { anchored: 5, pending: 1, failed: 0, oldest_pending_at: '2026-01-01T00:00:00.000Z', with_tx: 2, without_tx: 0, certificates_failed: 0 };

/** A database whose answers the test releases by hand (or never). */
function heldDatabase() {
  const releases: (() => void)[] = [];
  const db = {
    execute: () => new Promise((resolve) => releases.push(() => resolve({ rows: [countsRow] }))),
  } as unknown as Database;
  return { db, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

const clock = () => new Date('2026-01-01T00:00:30.000Z');
const chain = {} as CarbonCreditChain;

describe('the audit report', () => {
  it('never waits longer than the timeout: a first report times out, later ones fall back to the previous', async () => {
    const held = heldDatabase();
    const audit = createChainAudit({ db: held.db, chain, clock, cacheMs: 0 });
    await expect(audit.report(50)).rejects.toBeInstanceOf(ChainTimeoutError);

    held.releaseAll();
    const first = await audit.report(50);
    expect(first).toMatchObject({ status: 'pending', holdings: { anchored: 5, pending: 1, oldestPendingAgeSeconds: 30 } });

    const startedMs = Date.now();
    expect(await audit.report(50)).toBe(first);
    expect(Date.now() - startedMs).toBeLessThan(1000);
    held.releaseAll();
  });
});

describe('the audit sweep', () => {
  it('reads a few tokens at a time, so the node it shares with the anchoring never holds a page of calls', async () => {
    const holdings = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1, token_id: i + 1, quantity: 1, status: 'active', chain_tx_hash: null, root_token_id: i + 1, has_pending_child: false,
    }));
    let pages = 0;
    // The first page of anchored holdings, then nothing: no further page, no ledger conflict, no lot to confirm.
    const db = { execute: async () => ({ rows: pages++ === 0 ? holdings : [] }) } as unknown as Database;
    let inFlight = 0;
    let mostInFlight = 0;
    let calls = 0;
    const answer = async <T>(value: T): Promise<T> => {
      calls++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return value;
    };
    const custody = '0x00000000000000000000000000000000000000c5';
    const stub = {
      contractAddress: '0x00000000000000000000000000000000000000aa',
      custodyAddress: custody,
      getCreditDetails: (tokenId: number) => answer({ quantityTonnes: 1, isRetired: false, rootTokenId: tokenId }),
      ownerOf: () => answer(custody),
      request: () => answer(encodeFunctionResult({ abi: carbonCreditAbi, functionName: 'tokenURI', result: '' })),
    } as unknown as CarbonCreditChain;

    const audit = createChainAudit({ db, chain: stub, clock });
    await audit.sweep();
    expect(calls, 'three reads a token').toBe(holdings.length * 3);
    expect(mostInFlight, 'chain calls in flight at once').toBeLessThanOrEqual(6);
  });
});
