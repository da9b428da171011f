import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chainJournal, holdings } from '@/server/db/schema';
import { createTestApp, signUp } from '@tests/support/test-app';
import { retire } from '@tests/api/retirement/retirement-kit';
import { chainCredit, chainOn, chainTx, retirementTxOf, TEST_CUSTODY_KEY, tokenOf } from './chain-kit';
import { buyCredits, listProjects } from '@tests/support/api-calls';

// A file-backed PGlite in a temp directory, even in the PostgreSQL run: what is tested is the chain's replay.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-chain-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const open = () => createTestApp(chainOn(), { persistentDataDir: dataDir, chain: { privateKey: TEST_CUSTODY_KEY } });

describe('when the app restarts on the same data directory', () => {
  it('replays the journal: certificates stay verifiable, tokens stay retired, new tokens continue the sequence', async () => {
    const first = await open();
    const projects = await listProjects(first.app);
    const { cookie } = await signUp(first.app);
    const whole = (await buyCredits(first.app, cookie, projects[0], 5)).credit;
    const split = (await buyCredits(first.app, cookie, projects[1], 8)).credit;
    const kept = (await buyCredits(first.app, cookie, projects[2], 2)).credit;
    const wholeRetirement = (await retire(first.app, cookie, whole.id, { reason: 'Annual report 2025' })).json();
    const partRetirement = (await retire(first.app, cookie, split.id, { reason: 'Event offset', quantity: 3 })).json();
    const wholeTx = await retirementTxOf(first, wholeRetirement.certificateId);
    const partTx = await retirementTxOf(first, partRetirement.certificateId);
    const tokens = {
      whole: await tokenOf(first, whole.id),
      part: await tokenOf(first, partRetirement.creditId),
      rest: await tokenOf(first, split.id),
      kept: await tokenOf(first, kept.id),
    };
    const contractAddress = first.deps.chain!.contractAddress;
    // A crash between mining and saving the result: the journal has the mint, the holding lost its token id.
    await first.deps.db.update(holdings).set({ tokenId: null }).where(eq(holdings.id, kept.id));
    await first.close();

    const second = await open();
    try {
      expect(second.deps.chain!.contractAddress).toBe(contractAddress);
      for (const hash of [wholeTx!, partTx!]) {
        expect((await chainTx(second.app, hash)).body).toMatchObject({ found: true, status: 'success' });
      }
      expect(await chainCredit(second.app, tokens.whole!)).toMatchObject({ isRetired: true, retirementReason: 'Annual report 2025', quantity: 5 });
      expect(await chainCredit(second.app, tokens.part!)).toMatchObject({ isRetired: true, quantity: 3 });
      expect(await chainCredit(second.app, tokens.rest!)).toMatchObject({ isRetired: false, quantity: 5 });
      const certificate = (await second.app.inject(`/api/certificates/${partRetirement.certificateId}`)).json();
      expect(certificate.chainTxHash).toBe(partTx);

      // Reconciled from the journal, not minted again.
      expect(await tokenOf(second, kept.id)).toBe(tokens.kept);
      const keptMints = await second.deps.db.select().from(chainJournal).where(eq(chainJournal.holdingId, kept.id));
      expect(keptMints).toHaveLength(1);

      const next = (await buyCredits(second.app, cookie, projects[0], 1)).credit;
      const nextToken = await tokenOf(second, next.id);
      expect(nextToken).toBe(Math.max(...Object.values(tokens).map(Number)) + 1);
    } finally {
      await second.close();
    }
  });
});
