import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNull, and } from 'drizzle-orm';
import { OPERATIONS_PER_TRANSACTION } from '@/server/anchoring/chain-anchoring';
import { chainJournal, holdings } from '@/server/db/schema';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { retire } from '@tests/api/retirement/retirement-kit';
import { chainCredit, chainOn, chainTx, retirementTxOf, TEST_CUSTODY_KEY, tokenOf } from './chain-kit';
import { buyCredits, listProjects } from '@tests/support/api-calls';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
  projects = await listProjects(t.app);
});
afterAll(() => t?.close());

describe('when a purchase commits', () => {
  it('mints a token for the new holding with the project provenance and the quantity', async () => {
    const { cookie } = await signUp(t.app);
    const amazon = projects.find((project) => project.name === 'Amazon Rainforest Conservation')!;
    const { credit } = await buyCredits(t.app, cookie, amazon, 7);

    // The worker was idle, so the request waited for its own mint.
    expect(credit.tokenId).toEqual(expect.any(Number));
    expect(await tokenOf(t, credit.id)).toBe(credit.tokenId);
    const onChain = await chainCredit(t.app, credit.tokenId!);
    expect(onChain).toMatchObject({
      projectName: 'Amazon Rainforest Conservation',
      projectId: 'amazon-rainforest-conservation',
      verificationBody: 'Verra VCS',
      vintageYear: 2021,
      gpsLocation: '-3.4653,-62.2159',
      quantity: 7,
      isRetired: false,
      rootTokenId: credit.tokenId,
      owner: t.deps.chain!.custodyAddress,
    });
    const [mint] = await t.deps.db.select().from(chainJournal).where(eq(chainJournal.holdingId, credit.id));
    expect(mint).toMatchObject({ source: 'embedded', kind: 'mint', status: 'success' });
    expect((await chainTx(t.app, mint.txHash)).body).toMatchObject({ found: true, status: 'success' });
  });
});

describe('when credits are retired', () => {
  it('retires the whole holding token on chain and stores the transaction on the certificate', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[1], 4);
    const tokenId = await tokenOf(t, credit.id);
    const response = await retire(t.app, cookie, credit.id, { reason: 'Scope 1 offset' });
    expect(response.statusCode).toBe(201);
    const { certificateId } = response.json();

    const txHash = await retirementTxOf(t, certificateId);
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chainTx(t.app, txHash!)).body).toMatchObject({ found: true, status: 'success', blockNumber: expect.any(Number) });
    expect(await chainCredit(t.app, tokenId!)).toMatchObject({ isRetired: true, retirementReason: 'Scope 1 offset', quantity: 4 });
    const certificate = (await t.app.inject(`/api/certificates/${certificateId}`)).json();
    expect(certificate.chainTxHash).toBe(txHash);
  });

  it('splits a partial retirement off the parent token, then retires only the split', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[2], 10);
    const parentToken = await tokenOf(t, credit.id);
    const response = await retire(t.app, cookie, credit.id, { reason: 'Partial offset', quantity: 3 });
    const { certificateId, creditId: retiredId } = response.json();
    expect(retiredId).not.toBe(credit.id);

    const txHash = await retirementTxOf(t, certificateId);
    const splitToken = await tokenOf(t, retiredId);
    expect(txHash).not.toBeNull();
    expect(splitToken).not.toBe(parentToken);
    expect(await chainCredit(t.app, splitToken!)).toMatchObject({ quantity: 3, isRetired: true, rootTokenId: parentToken });
    expect(await chainCredit(t.app, parentToken!)).toMatchObject({ quantity: 7, isRetired: false });
    const kinds = await t.deps.db.select({ kind: chainJournal.kind, targets: chainJournal.targets }).from(chainJournal);
    expect(kinds.filter((row) => row.targets?.includes(retiredId)).map((row) => row.kind)).toEqual(['split']);
  });

  it('gives each lot split off before the parent is retired its own token first', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[3], 9);
    // Two partial retirements, then the rest: the parent token ends with exactly the last 4 tonnes.
    const first = (await retire(t.app, cookie, credit.id, { reason: 'first', quantity: 2 })).json();
    const second = (await retire(t.app, cookie, credit.id, { reason: 'second', quantity: 3 })).json();
    const rest = (await retire(t.app, cookie, credit.id, { reason: 'rest' })).json();
    for (const { certificateId } of [first, second, rest]) expect(await retirementTxOf(t, certificateId)).not.toBeNull();

    const quantities = await Promise.all(
      [first.creditId, second.creditId, credit.id].map(async (id) => chainCredit(t.app, (await tokenOf(t, id))!)),
    );
    expect(quantities.map((details) => [details.quantity, details.isRetired])).toEqual([[2, true], [3, true], [4, true]]);
  });
});

describe('when a purchased lot changes owner whole before it is minted', () => {
  it('mints it as the issuance it is, and splits what was split off it from that token', async () => {
    const { user } = await signUp(t.app);
    const { user: other } = await signUp(t.app);
    const lot = { userId: user.id, projectId: projects[4].id, purchasePriceCents: 100n };
    // Rows as the desks leave them: a purchase sold whole (origin rewritten to 'swap', no parent), then part of it
    // escrowed into a child row. A plan that looked at the origin refused both for good.
    const [whole] = await t.deps.db.insert(holdings).values({ ...lot, userId: other.id, quantity: 5, serialStart: 900_001, serialEnd: 900_005, origin: 'swap' }).returning();
    const [child] = await t.deps.db
      .insert(holdings)
      .values({ ...lot, quantity: 2, serialStart: 900_006, serialEnd: 900_007, origin: 'split', parentHoldingId: whole.id })
      .returning();
    t.deps.anchoring!.kick();

    const childToken = await tokenOf(t, child.id);
    const wholeToken = await tokenOf(t, whole.id);
    expect(await chainCredit(t.app, wholeToken!)).toMatchObject({ quantity: 5, rootTokenId: wholeToken });
    expect(await chainCredit(t.app, childToken!)).toMatchObject({ quantity: 2, rootTokenId: wholeToken });
  });
});

describe('when many lots wait at once', () => {
  it(`sends them as ⌈N/${OPERATIONS_PER_TRANSACTION}⌉ transactions per kind, each journaled with its lots in order`, async () => {
    const { user } = await signUp(t.app);
    const lot = { userId: user.id, projectId: projects[5].id, purchasePriceCents: 100n };
    const size = OPERATIONS_PER_TRANSACTION;
    const lotCount = 2 * size + 50;
    const childCount = size + 10;
    const lots = await t.deps.db.insert(holdings)
      .values(Array.from({ length: lotCount }, (_, i) => ({ ...lot, quantity: 2, serialStart: 7_000_000 + 3 * i, serialEnd: 7_000_001 + 3 * i })))
      .returning({ id: holdings.id });
    const children = await t.deps.db.insert(holdings)
      .values(Array.from({ length: childCount }, (_, i) => ({ ...lot, quantity: 1, serialStart: 7_000_002 + 3 * i, serialEnd: 7_000_002 + 3 * i, origin: 'split', parentHoldingId: lots[i].id })))
      .returning({ id: holdings.id });
    const ids = [...lots, ...children].map((row) => row.id);
    t.deps.anchoring!.kick();
    for (let waited = 0; ; waited++) {
      const pending = await t.deps.db.select({ id: holdings.id }).from(holdings).where(and(inArray(holdings.id, ids), isNull(holdings.tokenId)));
      if (pending.length === 0) break;
      if (waited > 600) throw new Error(`${pending.length} lots still without a token`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const ours = new Set(ids);
    const rows = (await t.deps.db.select({ kind: chainJournal.kind, targets: chainJournal.targets }).from(chainJournal).orderBy(chainJournal.id))
      .filter((row) => row.targets?.some((target) => ours.has(Number(target))));
    const sizesOf = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.targets!.length);
    expect(sizesOf('mint')).toEqual([size, size, 50]);
    expect(sizesOf('split')).toEqual([size, 10]);
    expect(rows.filter((row) => row.kind === 'mint').flatMap((row) => row.targets!.map(Number))).toEqual(lots.map((row) => row.id));
    // Each lot minted with its subtree's tonnes, then the child's tonne split off: every token holds its lot's.
    const tokens = await t.deps.db.select({ id: holdings.id, tokenId: holdings.tokenId }).from(holdings).where(inArray(holdings.id, [lots[0].id, children[0].id, lots[lotCount - 1].id]));
    const quantities = await Promise.all(tokens.map(async (row) => [row.id, (await chainCredit(t.app, row.tokenId!)).quantity]));
    expect(new Map(quantities as [number, number][])).toEqual(new Map([[lots[0].id, 2], [children[0].id, 1], [lots[lotCount - 1].id, 2]]));
  });
});

describe('GET /api/chain/*', () => {
  it('describes the network, with /rpc as an absolute URL on the listen address (not the Host named) and the contract and custody addresses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chain/info', headers: { host: 'market.example:8080' } });
    expect(response.json()).toMatchObject({
      enabled: true, mode: 'embedded', chainId: 80002, chainIdHex: '0x13882', networkName: 'Polygon Amoy Testnet', currency: 'MATIC',
      rpcUrl: `http://127.0.0.1:${t.deps.config.port}/rpc`, contractAddress: t.deps.chain!.contractAddress, custodyAddress: t.deps.chain!.custodyAddress,
    });
  });

  it('answers 404 for a token that does not exist and 400 for a malformed one', async () => {
    expect((await t.app.inject('/api/chain/credits/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/api/chain/credits/abc')).statusCode).toBe(400);
  });

  it('says not found for an unknown transaction and 400 for a malformed hash', async () => {
    expect((await chainTx(t.app, `0x${'ab'.repeat(32)}`)).body).toMatchObject({ found: false, blockNumber: null, status: null });
    expect((await chainTx(t.app, '0x1234')).status).toBe(400);
  });

  it('never mints twice: every holding has exactly one journaled token-creating transaction', async () => {
    const rows = await t.deps.db.select({ targets: chainJournal.targets, kind: chainJournal.kind }).from(chainJournal);
    const created = rows.filter((row) => row.kind === 'mint' || row.kind === 'split').flatMap((row) => row.targets ?? []);
    expect(new Set(created).size).toBe(created.length);
    const tokened = await t.deps.db.select({ id: holdings.id, tokenId: holdings.tokenId }).from(holdings);
    expect(tokened.filter((row) => row.tokenId !== null).length).toBe(created.length);
  });
});
