import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { myCredits, retire } from './retirement-kit';
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import { buyCredits, listProjects } from '@tests/support/api-calls';

// Retirements, purchases, buy-and-retire and order-book trading of the SAME project by the SAME accounts, all at
// once. On PostgreSQL these writers lock the project, accounts and lots; they must take them in one order (or be
// retried as deadlock victims), so every request gets a 2xx or a 4xx, never a 500, and the ledger stays whole.
let t: TestApp;
let project: Project;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  project = (await listProjects(t.app))[3];
});
afterAll(() => t.close());

describe('retirements racing trading and purchases of the same project', () => {
  it('answer every request with 2xx or 4xx and keep the ledger invariants', async () => {
    const next = random(4242);
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    for (const { cookie } of accounts) await buyCredits(t.app, cookie, project, 30);
    const priceCents = Number(project.pricePerCredit.replace('.', ''));
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const holdingsByAccount = await Promise.all(accounts.map(({ cookie }) => myCredits(t.app, cookie)));
      const requests: Array<Promise<{ statusCode: number }>> = [];
      accounts.forEach(({ cookie }, index) => {
        const active = holdingsByAccount[index].filter((credit) => credit.status === 'active' && credit.projectId === project.id);
        for (const holding of active.slice(0, 2)) {
          requests.push(retire(t.app, cookie, holding.id, { reason: `race ${round}`, quantity: 1 }));
        }
        for (let order = 0; order < 3; order += 1) {
          const side = next() < 0.5 ? 'buy' : 'sell';
          const cents = priceCents - 20 + Math.floor(next() * 41);
          requests.push(t.app.inject({
            method: 'POST', url: '/api/trading/orders', headers: { cookie },
            payload: { projectId: project.id, orderType: side, quantity: 1 + Math.floor(next() * 3), pricePerCredit: (cents / 100).toFixed(2) },
          }));
        }
        requests.push(t.app.inject({
          method: 'POST', url: '/api/credits/purchase', headers: { cookie },
          payload: { projectId: project.id, quantity: 2, pricePerCredit: project.pricePerCredit, retireImmediately: next() < 0.5 },
        }));
      });
      statuses.push(...(await Promise.all(requests)).map((response) => response.statusCode));
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(statuses.length / 2);
    await assertLedgerInvariants(t.deps.db);
  });
});
