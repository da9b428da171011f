import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects, postJson } from '@tests/support/api-calls';
import { retire } from '@tests/api/retirement/retirement-kit';
import { anchoringDrained, chainAudit, chainOn, sweptAudit, TEST_CUSTODY_KEY } from './chain-kit';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
  projects = await listProjects(t.app);
});
afterAll(() => t?.close());

describe('GET /api/chain/audit', () => {
  it('is green once every holding has its token and every certificate its transaction', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[0], 10);
    await buyCredits(t.app, cookie, projects[1], 4);
    expect((await retire(t.app, cookie, credit.id, { reason: 'Scope 2', quantity: 3 })).statusCode).toBe(201);
    await anchoringDrained(t);

    const report = await sweptAudit(t);
    expect(report).toMatchObject({
      status: 'anchored',
      holdings: { anchored: 3, pending: 0, failed: 0, oldestPendingAgeSeconds: null },
      certificates: { withTx: 1, withoutTx: 0, failed: 0 },
      sweep: { state: 'done', checkedHoldings: 3, error: null },
      mismatches: [],
    });
  });

  it('reports a corrupted row: a lot whose tonnes no longer match its token', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[2], 8);
    await anchoringDrained(t);
    await t.deps.db.execute(sql`update holdings set quantity = 7, serial_end = serial_end - 1 where id = ${credit.id}`);

    const report = await sweptAudit(t);
    expect(report.status).toBe('attention');
    expect(report.mismatches).toEqual([{ kind: 'tonnes', holdingId: credit.id, tokenId: expect.any(Number), expected: '7 t', actual: '8 t' }]);
    await t.deps.db.execute(sql`update holdings set quantity = 8, serial_end = serial_end + 1 where id = ${credit.id}`);
    expect((await sweptAudit(t)).mismatches).toEqual([]);
  });

  it('reports a token named by two lots and a certificate transaction that retired another token', async () => {
    const { cookie } = await signUp(t.app);
    const first = (await buyCredits(t.app, cookie, projects[3], 2)).credit;
    const second = (await buyCredits(t.app, cookie, projects[3], 2)).credit;
    const retired = (await retire(t.app, cookie, second.id, { reason: 'Scope 1' })).json();
    await anchoringDrained(t);
    const tokens = (await t.deps.db.execute(sql`select id, token_id::int as token_id from holdings where id in (${first.id}, ${second.id}) order by id`) as unknown as { rows: { token_id: number }[] }).rows;
    await t.deps.db.execute(sql`update holdings set token_id = ${tokens[0].token_id} where id = ${second.id}`);

    const kinds = (await sweptAudit(t)).mismatches.map((mismatch) => [mismatch.kind, mismatch.holdingId]);
    expect(kinds).toEqual(expect.arrayContaining([['token', first.id], ['retired', second.id], ['certificate-tx', second.id]]));
    await t.deps.db.execute(sql`update holdings set token_id = ${tokens[1].token_id} where id = ${second.id}`);
    expect(retired.certificateId).toEqual(expect.any(String));
    expect((await sweptAudit(t)).mismatches).toEqual([]);
  });

  it('takes no input: any query parameter is a 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chain/audit?sweep=1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('starts a sweep on demand with POST /api/chain/audit/sweep', async () => {
    const response = await postJson(t.app, '/api/chain/audit/sweep', {});
    expect(response.statusCode).toBe(202);
    await t.deps.chainAudit!.sweep();
    expect((await chainAudit(t.app)).sweep.state).toBe('done');
  });
});
