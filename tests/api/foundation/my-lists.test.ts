import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

/** A buyer with five lots of two projects and one retirement: six transactions. */
async function buyerWithHistory() {
  const { cookie } = await signUp(t.app);
  const katingan = await findProject(t.app, 'Katingan Peatland Restoration');
  const amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
  for (const [project, quantity] of [[katingan, 1], [amazon, 2], [katingan, 3], [amazon, 4], [katingan, 5]] as const) {
    await buyCredits(t.app, cookie, project, quantity);
  }
  const all = (await getAs(t.app, '/api/credits/my', cookie)).json() as { id: number; quantity: number }[];
  expect((await postJson(t.app, `/api/credits/${all[1].id}/retire`, { reason: 'Scope 3 travel' }, cookie)).statusCode).toBe(201);
  return cookie;
}

describe('GET /api/credits/my and /api/transactions/my', () => {
  it('answer the whole history newest first, and with ?limit=N the same first N rows', async () => {
    const cookie = await buyerWithHistory();
    for (const [path, length] of [['/api/credits/my', 5], ['/api/transactions/my', 6]] as const) {
      const all = (await getAs(t.app, path, cookie)).json() as { id: number }[];
      expect(all).toHaveLength(length);
      for (const limit of [1, 3, length, 1000]) {
        const newest = await getAs(t.app, `${path}?limit=${limit}`, cookie);
        expect(newest.statusCode).toBe(200);
        expect(newest.json()).toEqual(all.slice(0, limit));
      }
    }
    const credits = (await getAs(t.app, '/api/credits/my', cookie)).json() as { quantity: number; status: string; projectName: string }[];
    // Newest first: the 5 t lot last bought leads; the retired 4 t lot keeps its place.
    expect(credits.map((credit) => [credit.quantity, credit.status])).toEqual([[5, 'active'], [4, 'retired'], [3, 'active'], [2, 'active'], [1, 'active']]);
    const transactions = (await getAs(t.app, '/api/transactions/my?limit=1', cookie)).json() as { type: string; quantity: number }[];
    expect(transactions).toMatchObject([{ type: 'retirement', quantity: 4 }]);
  });

  it('answer the held lots or the retired ones (newest retirement first) with ?view, and page either with limit and offset', async () => {
    const cookie = await buyerWithHistory();
    const all = (await getAs(t.app, '/api/credits/my', cookie)).json() as { id: number; quantity: number; status: string }[];
    // Retire the newest lot (5 t), then 1 t of the oldest (1 t): the retirements run against the purchase order.
    expect((await postJson(t.app, `/api/credits/${all[0].id}/retire`, { reason: 'Scope 1' }, cookie)).statusCode).toBe(201);
    expect((await postJson(t.app, `/api/credits/${all[4].id}/retire`, { reason: 'Scope 2' }, cookie)).statusCode).toBe(201);
    const everything = (await getAs(t.app, '/api/credits/my', cookie)).json() as { id: number; quantity: number; status: string; retiredAt: string | null }[];
    const held = (await getAs(t.app, '/api/credits/my?view=held', cookie)).json() as typeof everything;
    const retired = (await getAs(t.app, '/api/credits/my?view=retired', cookie)).json() as typeof everything;
    expect(held).toEqual(everything.filter((lot) => lot.status !== 'retired'));
    expect(held.map((lot) => lot.quantity)).toEqual([3, 2]);
    // Only a page (a request with offset) is counted.
    expect((await getAs(t.app, '/api/credits/my?view=held&limit=1', cookie)).headers['x-total-count']).toBeUndefined();
    expect(retired.map((lot) => [lot.quantity, lot.status])).toEqual([[1, 'retired'], [5, 'retired'], [4, 'retired']]);
    expect([...retired].sort((a, b) => b.retiredAt!.localeCompare(a.retiredAt!) || b.id - a.id)).toEqual(retired);
    expect([...held, ...retired].sort((a, b) => a.id - b.id)).toEqual([...everything].sort((a, b) => a.id - b.id));
    const active = everything.filter((lot) => lot.status === 'active');
    for (const [view, whole] of [['held', held], ['active', active], ['retired', retired], ['', everything]] as const) {
      for (const [limit, offset] of [[1, 0], [2, 1], [2, 2], [1000, 1], [3, 7]]) {
        const page = await getAs(t.app, `/api/credits/my?limit=${limit}&offset=${offset}${view ? `&view=${view}` : ''}`, cookie);
        expect(page.statusCode).toBe(200);
        expect(page.json(), `${view} ${limit} ${offset}`).toEqual(whole.slice(offset, offset + limit));
        expect(page.headers['x-total-count']).toBe(String(whole.length));
      }
    }
  });

  it('answer the active lots with ?view=active, and find lots by project name or by a serial they hold with ?q, counted in pages', async () => {
    const cookie = await buyerWithHistory();
    const katingan = await findProject(t.app, 'Katingan Peatland Restoration');
    const amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
    type Lot = { id: number; quantity: number; status: string; projectId: number; projectName: string; serialStart: number; serialEnd: number; serialRange: string };
    const lots = (await getAs(t.app, '/api/credits/my', cookie)).json() as Lot[];
    // A resting sell order escrows Amazon's 2 t lot: held, but no longer active.
    expect((await postJson(t.app, '/api/trading/orders', { projectId: amazon.id, orderType: 'sell', quantity: 2, pricePerCredit: '999.00' }, cookie)).statusCode).toBe(201);
    const everything = (await getAs(t.app, '/api/credits/my', cookie)).json() as Lot[];
    expect(everything.map((lot) => lot.status)).toEqual(['active', 'retired', 'active', 'escrowed', 'active']);
    const active = (await getAs(t.app, '/api/credits/my?view=active', cookie)).json() as Lot[];
    expect(active).toEqual(everything.filter((lot) => lot.status === 'active'));
    expect(active.map((lot) => lot.projectId)).toEqual([katingan.id, katingan.id, katingan.id]);
    const held = (await getAs(t.app, '/api/credits/my?view=held', cookie)).json() as Lot[];
    expect(held.map((lot) => lot.status)).toEqual(['active', 'active', 'escrowed', 'active']);

    const search = async (query: string) => {
      const page = await getAs(t.app, `/api/credits/my?${query}&limit=1000&offset=0`, cookie);
      expect(page.statusCode, query).toBe(200);
      const found = page.json() as Lot[];
      expect(page.headers['x-total-count'], query).toBe(String(found.length));
      return found;
    };
    // Project names, any case, any part; like's wildcards match only themselves.
    expect(await search('q=amazon')).toEqual(everything.filter((lot) => lot.projectId === amazon.id));
    expect(await search('q=PEATLAND&view=active')).toEqual(active);
    expect(await search('view=active&q=Amazon')).toEqual([]);
    expect(await search('q=%25')).toEqual([]);
    expect(await search('q=_')).toEqual([]);
    expect(await search('q=%20%20katingan%20')).toEqual(everything.filter((lot) => lot.projectId === katingan.id));
    // A serial inside a lot's range finds that lot only, in any case; one past every range finds nothing.
    const middle = lots.find((lot) => lot.quantity === 5)!;
    const [prefix] = middle.serialRange.split(/-\d{6}/);
    const serial = (n: number) => encodeURIComponent(`${prefix.toLowerCase()}-${String(n).padStart(6, '0')}`);
    expect((await search(`q=${serial(middle.serialStart + 2)}`)).map((lot) => lot.id)).toEqual([middle.id]);
    expect((await search(`q=${serial(middle.serialEnd)}&view=active`)).map((lot) => lot.id)).toEqual([middle.id]);
    expect((await search(`q=${serial(middle.serialEnd)}&view=retired`))).toEqual([]);
    const katinganEnd = Math.max(...everything.filter((lot) => lot.projectId === katingan.id).map((lot) => lot.serialEnd));
    expect(await search(`q=${serial(katinganEnd + 1_000_000)}`)).toEqual([]);
    // Paged: the count is the search's, not the view's.
    const first = await getAs(t.app, '/api/credits/my?view=active&q=katingan&limit=2&offset=0', cookie);
    expect(first.json()).toEqual(active.slice(0, 2));
    expect(first.headers['x-total-count']).toBe('3');
    // Another account's lots are never found.
    const { cookie: stranger } = await signUp(t.app);
    expect((await getAs(t.app, '/api/credits/my?q=katingan', stranger)).json()).toEqual([]);
  });

  it('refuse a limit that is not a whole number from 1 to 1000 with a 400 that says so', async () => {
    const { cookie } = await signUp(t.app);
    for (const path of ['/api/credits/my', '/api/transactions/my']) {
      for (const [limit, message] of [
        ['0', 'limit must be at least 1'], ['1001', 'limit must be at most 1000'], ['-1', 'limit must be a whole number written in digits'],
        ['2.5', 'limit must be a whole number written in digits'], ['three', 'limit must be a whole number written in digits'],
      ]) {
        const response = await getAs(t.app, `${path}?limit=${limit}`, cookie);
        expect(response.statusCode, `${path}?limit=${limit}`).toBe(400);
        expect(response.json().message).toContain(message);
      }
    }
    for (const [query, message] of [
      ['view=pooled', 'view must be one of held, active, retired'], ['view=', 'view must be one of held, active, retired'],
      [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'], ['q=a%00b', 'q must not contain control characters'],
      ['offset=-1', 'offset must be a whole number written in digits'], ['offset=100000001', 'offset must be at most 100000000'],
    ]) {
      const response = await getAs(t.app, `/api/credits/my?${query}`, cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('sum one project\'s active and escrowed tonnes (GET /api/credits/my/projects/:projectId), as the lots do', async () => {
    const cookie = await buyerWithHistory();
    const katingan = await findProject(t.app, 'Katingan Peatland Restoration');
    const amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
    const gazi = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
    // A resting sell order escrows 2 of Amazon's 2 active tonnes (its 4 t lot is retired).
    const order = await postJson(t.app, '/api/trading/orders', { projectId: amazon.id, orderType: 'sell', quantity: 2, pricePerCredit: '999.00' }, cookie);
    expect(order.statusCode).toBe(201);
    const lots = (await getAs(t.app, '/api/credits/my', cookie)).json() as { projectId: number; quantity: number; status: string }[];
    for (const project of [katingan, amazon, gazi]) {
      const tonnes = await getAs(t.app, `/api/credits/my/projects/${project.id}`, cookie);
      expect(tonnes.statusCode).toBe(200);
      const sum = (status: string) => lots.filter((lot) => lot.projectId === project.id && lot.status === status).reduce((total, lot) => total + lot.quantity, 0);
      expect(tonnes.json()).toEqual({ projectId: project.id, activeTonnes: sum('active'), escrowedTonnes: sum('escrowed') });
    }
    expect((await getAs(t.app, `/api/credits/my/projects/${katingan.id}`, cookie)).json()).toMatchObject({ activeTonnes: 9, escrowedTonnes: 0 });
    expect((await getAs(t.app, `/api/credits/my/projects/${amazon.id}`, cookie)).json()).toMatchObject({ activeTonnes: 0, escrowedTonnes: 2 });
    expect((await getAs(t.app, `/api/credits/my/projects/${gazi.id}`, cookie)).json()).toMatchObject({ activeTonnes: 0, escrowedTonnes: 0 });
    for (const bad of ['0', 'abc', '99999999999']) {
      expect((await getAs(t.app, `/api/credits/my/projects/${bad}`, cookie)).statusCode, bad).toBe(400);
    }
  });

  it('still ask for an account', async () => {
    for (const path of ['/api/credits/my?limit=3', '/api/credits/my?view=retired&limit=50', '/api/transactions/my?limit=3', '/api/credits/my/projects/1']) {
      expect((await getAs(t.app, path)).statusCode).toBe(401);
    }
  });
});
