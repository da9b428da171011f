import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@/shared/schemas/activity';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createPool, swap } from '@tests/api/pools/pool-kit';

// Every response here is also checked against /api/docs/json by the harness (buildCheckedApp).
let t: TestApp;
let now = new Date('2026-03-01T10:00:00.000Z');
let cookie: string;
let amazon: Project;
let rwanda: Project;

const page = async (query = '', who = cookie) => {
  const response = await getAs(t.app, `/api/activity${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ActivityPage;
};

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT, { clock: () => now });
  amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
  rwanda = await findProject(t.app, 'Rwanda Clean Cookstoves');
  ({ cookie } = await signUp(t.app, { firstName: 'Ledger' }));
  // 1 March: three purchases of Amazon; 2 March: a purchase of Rwanda and its retirement; 3 March: a pool and a swap.
  for (const quantity of [1, 2, 3]) await buyCredits(t.app, cookie, amazon, quantity);
  now = new Date('2026-03-02T23:59:00.000Z');
  const { credit } = await buyCredits(t.app, cookie, rwanda, 4);
  const retired = await postJson(t.app, `/api/credits/${credit.id}/retire`, { reason: 'activity test', quantity: 1 }, cookie);
  expect(retired.statusCode, retired.body).toBe(201);
  now = new Date('2026-03-03T08:00:00.000Z');
  await buyCredits(t.app, cookie, amazon, 10);
  await createPool(t.app, cookie, { projectId: amazon.id, creditReserve: 10, tokenReserve: '185' });
  await swap(t.app, cookie, { projectId: amazon.id, side: 'buy', quantity: 1, maxAmountIn: '100.00' });
  // Someone else's activity never shows.
  const other = await signUp(t.app);
  await buyCredits(t.app, other.cookie, amazon, 1);
});
afterAll(() => t?.close());

describe('GET /api/activity', () => {
  it('lists every transaction of the user, newest first, with the totals', async () => {
    const all = await page();
    expect(all).toMatchObject({ page: 1, pageSize: 25, total: 8, pageCount: 1 });
    expect(all.items.map((item) => item.type)).toEqual(['swap_buy', 'liquidity_add', 'purchase', 'retirement', 'purchase', 'purchase', 'purchase', 'purchase']);
    const times = all.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by type, project and UTC days (both ends included)', async () => {
    expect((await page('?type=purchase')).items.map((item) => item.quantity)).toEqual([10, 4, 3, 2, 1]);
    expect((await page('?type=retirement')).items).toMatchObject([{ type: 'retirement', projectName: rwanda.name, quantity: 1 }]);
    expect((await page('?type=pool')).items.map((item) => item.type)).toEqual(['liquidity_add']);
    expect((await page('?type=swap')).items.map((item) => item.type)).toEqual(['swap_buy']);
    expect((await page('?type=trade')).total).toBe(0);
    expect((await page(`?projectId=${rwanda.id}`)).items.map((item) => item.type)).toEqual(['retirement', 'purchase']);
    expect((await page('?from=2026-03-02&to=2026-03-02')).total).toBe(2);
    expect((await page('?from=2026-03-02')).total).toBe(5);
    expect((await page('?to=2026-03-01')).total).toBe(3);
    expect((await page(`?type=purchase&projectId=${amazon.id}&from=2026-03-03`)).items.map((item) => item.quantity)).toEqual([10]);
  });

  it('pages through the rows; a page past the last is empty but keeps the totals', async () => {
    const first = await page('?pageSize=3');
    const second = await page('?pageSize=3&page=2');
    const third = await page('?pageSize=3&page=3');
    expect([first.pageCount, first.total]).toEqual([3, 8]);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([3, 3, 2]);
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(8);
    expect(ids).toEqual((await page()).items.map((item) => item.id));
    expect(await page('?pageSize=3&page=4')).toMatchObject({ items: [], page: 4, total: 8, pageCount: 3 });
    expect((await page('?pageSize=100')).items).toHaveLength(8);
  });

  it('refuses bad input with 400 and a message', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=1.5', '?pageSize=0', '?pageSize=101', '?type=gift', '?projectId=abc', '?projectId=0',
      '?from=2026-02-30', '?from=yesterday', '?from=2026-03-03&to=2026-03-01', '?unknown=1']) {
      const response = await getAs(t.app, `/api/activity${query}`, cookie);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('needs a session: 401 without one', async () => {
    expect((await getAs(t.app, '/api/activity')).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/activity.csv')).statusCode).toBe(401);
  });

  it('shows a new account an empty first page', async () => {
    const fresh = await signUp(t.app);
    expect(await page('', fresh.cookie)).toEqual({ items: [], page: 1, pageSize: 25, total: 0, pageCount: 0 });
  });
});

describe('GET /api/activity.csv', () => {
  it('downloads the filtered rows as CSV', async () => {
    const response = await getAs(t.app, `/api/activity.csv?type=purchase&projectId=${amazon.id}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="carbonledger-activity-2026-03-03\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('transaction_id,date,type,project_id,project_name,quantity_tco2e,total_usd,fee_usd,certificate_id');
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['10', '3', '2', '1']);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['?type=gift', '?from=2026-03-03&to=2026-03-01', '?page=1']) {
      expect((await getAs(t.app, `/api/activity.csv${query}`, cookie)).statusCode).toBe(400);
    }
  });
});
