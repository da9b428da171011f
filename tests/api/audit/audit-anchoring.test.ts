import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { decodeAuditAnchor, encodeAuditAnchor } from '@/domain/audit/audit-anchor';
import { hashAuditEntry, verifyAuditChain, type AuditEntry } from '@/domain/audit/audit-chain';
import { anchorAuditHeadOnce } from '@/server/anchoring/audit-head-anchoring';
import { startAuditHeadAnchoring } from '@/server/ops/audit-anchoring-job';
import { auditEntries } from '@/server/db/schema';
import type { Project } from '@/shared/schemas/project';
import type { AuditVerification } from '@/shared/schemas/audit';
import { buyCredits, findProject, getAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { queryRows } from '@tests/api/trading/trading-kit';
import { chainOn, TEST_CUSTODY_KEY } from '@tests/api/chain/chain-kit';

// Issue 30 item 4: the audit log's head is anchored on chain at intervals, so that a rewrite of the log which
// recomputes every hash after an edit (consistent in itself) is still caught by GET /api/audit/verify.

let t: TestApp;
let project: Project;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp({ ...chainOn(), ...ROOMY_RATE_LIMIT }, { chain: { privateKey: TEST_CUSTODY_KEY } });
  project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  owner = await signUp(t.app, { firstName: 'Anchor' });
}, 120_000);
afterAll(async () => { await t?.close(); });

const chain = () => t.deps.chain!;
const anchorNow = () => anchorAuditHeadOnce(t.deps.db, chain(), t.deps.clock);
const head = async () => (await queryRows<{ seq: string; hash: string }>(t.deps, sql`select seq::text, hash from audit_head where id = 1`))[0];
const verify = async () => {
  const response = await getAs(t.app, '/api/audit/verify', owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditVerification;
};

describe('the calldata', () => {
  it('carries a head and reads back as it, and nothing else reads as a head', () => {
    const anchored = { seq: 123_456_789, hash: 'ab'.repeat(32) };
    expect(decodeAuditAnchor(encodeAuditAnchor(anchored))).toEqual(anchored);
    expect(decodeAuditAnchor('0x')).toBeNull();
    expect(decodeAuditAnchor(`0xdeadbeef${'0'.repeat(80)}`)).toBeNull();
    expect(() => encodeAuditAnchor({ seq: 0, hash: 'ab'.repeat(32) })).toThrow(RangeError);
    expect(() => encodeAuditAnchor({ seq: 1, hash: 'not a hash' })).toThrow(RangeError);
  });
});

describe('anchoring the head', () => {
  it('puts the head on chain once, and again only after it moved', async () => {
    await buyCredits(t.app, owner.cookie, project, 2);
    const before = await head();
    const anchor = await anchorNow();
    expect(anchor).toMatchObject({ seq: Number(before.seq), hash: before.hash, chainId: chain().chainId });
    // The transaction's calldata is the head, sent by the custody account, as any node serves it.
    const sent = (await chain().request({ method: 'eth_getTransactionByHash', params: [anchor!.txHash as Hex] })) as { input: Hex; from: Hex };
    expect(decodeAuditAnchor(sent.input)).toEqual({ seq: Number(before.seq), hash: before.hash });
    expect(sent.from.toLowerCase()).toBe(chain().custodyAddress.toLowerCase());
    expect(await anchorNow()).toBeNull();
    await buyCredits(t.app, owner.cookie, project, 1);
    const next = await anchorNow();
    expect(next!.seq).toBeGreaterThan(anchor!.seq);
    expect(next!.txHash).not.toBe(anchor!.txHash);
  });

  it('is reported by verify, read back from the chain', async () => {
    const result = await verify();
    expect(result).toMatchObject({ ok: true, anchor: { onChain: true } });
    expect(result.anchor!.seq).toBeLessThanOrEqual(result.headSeq);
  });

  it('runs on a timer while the head moves', async () => {
    await buyCredits(t.app, owner.cookie, project, 1);
    const moved = Number((await head()).seq);
    const logs: string[] = [];
    const job = startAuditHeadAnchoring({ db: t.deps.db, chain: chain(), clock: t.deps.clock, databaseUrl: undefined, intervalMs: 100, log: (line) => logs.push(line) });
    try {
      await expect.poll(async () => (await verify()).anchor?.seq, { timeout: 20_000 }).toBe(moved);
    } finally {
      await job.stop();
    }
    expect(logs.some((line) => line.includes(`entry ${moved}`))).toBe(true);
  });
});

describe('a forger who rewrites the log', () => {
  it('is caught by the anchor, although the rewritten chain is consistent in itself', async () => {
    await anchorNow();
    const anchored = (await verify()).anchor!;
    // Edit an entry the anchor covers, then recompute its hash and every later one, and the head: what a forger with
    // the database (but not the chain) can do.
    const rows = await t.deps.db.select().from(auditEntries).orderBy(auditEntries.seq);
    const target = rows.find((row) => row.action === 'credit.purchased' && row.seq <= anchored.seq)!;
    let previous = rows.find((row) => row.seq === target.seq - 1)?.hash ?? '0'.repeat(64);
    const forged: AuditEntry[] = [];
    for (const row of rows.filter((entry) => entry.seq >= target.seq)) {
      const entry = { ...row, prevHash: previous, after: row.seq === target.seq ? { ...row.after, quantity: 900 } : row.after };
      entry.hash = hashAuditEntry(entry);
      previous = entry.hash;
      forged.push(entry);
      await t.deps.db.execute(sql`update audit_entries set after = ${JSON.stringify(entry.after)}::jsonb, prev_hash = ${entry.prevHash}, hash = ${entry.hash} where seq = ${entry.seq}`);
    }
    await t.deps.db.execute(sql`update audit_head set hash = ${previous} where id = 1`);
    // Without its anchors, the rewritten chain verifies.
    const all = await t.deps.db.select().from(auditEntries).orderBy(auditEntries.seq);
    expect(verifyAuditChain(all, undefined, { seq: all.at(-1)!.seq, hash: previous }).ok).toBe(true);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, reason: 'anchor_mismatch' });
    expect(result.firstBrokenSeq).toBeLessThanOrEqual(target.seq);
    // Named by the first anchor the edit falls under.
    const [first] = await queryRows<{ tx_hash: string }>(t.deps, sql`select tx_hash from audit_anchors where seq >= ${target.seq} order by seq limit 1`);
    expect(result.detail).toContain(first.tx_hash);

    // Editing the anchors table to match is caught by the chain itself.
    const rewritten = forged.find((entry) => entry.seq === anchored.seq)!;
    await t.deps.db.execute(sql`update audit_anchors set hash = ${rewritten.hash} where seq = ${anchored.seq}`);
    expect(await verify()).toMatchObject({ ok: false, reason: 'anchor_mismatch', anchor: { onChain: false } });
  });
});
