import { describe, expect, it } from 'vitest';
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
