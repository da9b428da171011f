import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createChainAnchoring, type ChainAnchoring } from '@/server/anchoring/chain-anchoring';
import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';
import { createHardhatProvider } from '@/server/chain/hardhat-provider';
import { createJournalStore, type JournalStore } from '@/server/chain/journal-store';
import type { Eip1193RequestFn } from '@/server/chain/public-rpc';
import { connectRemoteChain } from '@/server/chain/remote-chain';
import type { ServerChain } from '@/server/chain/start-chain';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { firstRow } from '@/server/db/sql-values';
import { createAnchoringIntents, type AnchoringIntents } from '@/server/ops/anchoring-intents';
import { buyCredits, listProjects } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';

// Two anchoring leaders of one remote chain and one PostgreSQL database, handing over while the first one's mint is
// in flight (the cluster test's cut database connection, made deterministic): the node holds the first leader's
// transaction until the second leader's term has begun.
const privateKey = `0x${'5a'.repeat(32)}` as const;

interface Instance {
  database: DatabaseHandle;
  chain: ServerChain;
  journal: JournalStore;
  intents: AnchoringIntents;
  worker: ChainAnchoring | null;
  lines: string[];
}

/** A JSON-RPC server over the node; `hold` parks the next raw transaction before (or after) the node mines it. */
function serveNode(node: Eip1193RequestFn) {
  let parked: { when: 'before' | 'after'; arrived: () => void; release: Promise<void> } | null = null;
  const server: Server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk));
    incoming.on('end', async () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params?: unknown };
      const park = method === 'eth_sendRawTransaction' ? parked : null;
      if (park) parked = null;
      if (park?.when === 'before') { park.arrived(); await park.release; }
      const reply = await node({ method, params }).then(
        (result) => ({ jsonrpc: '2.0', id, result }),
        (error: { code?: number; message: string }) => ({ jsonrpc: '2.0', id, error: { code: error.code ?? -32603, message: error.message } }),
      );
      if (park?.when === 'after') { park.arrived(); await park.release; }
      outgoing.setHeader('content-type', 'application/json');
      outgoing.end(JSON.stringify(reply));
    });
  });
  return {
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once the next raw transaction is parked; `release` lets it go on. */
    hold(when: 'before' | 'after') {
      let release!: () => void;
      let arrived!: () => void;
      const parkedNow = new Promise<void>((resolve) => (arrived = resolve));
      parked = { when, arrived, release: new Promise<void>((resolve) => (release = resolve)) };
      return { parked: parkedNow, release: () => release() };
    },
  };
}

let t: TestApp;
let node: Eip1193RequestFn;
let gated: ReturnType<typeof serveNode>;
let open: ReturnType<typeof serveNode>;
let contractAddress: Hex;
const instances: Instance[] = [];

async function instance(rpcUrl: string): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: t.deps.config.databaseUrl!, dataDir: 'memory://' });
  const intents = createAnchoringIntents(database.db);
  const lines: string[] = [];
  const journal = createJournalStore(database.db, 'remote', (line) => lines.push(line), intents.claimHoldings);
  const chain = await connectRemoteChain({ rpcUrl, privateKey, contractAddress, journal, pollingIntervalMs: 20, receiptTimeoutMs: 5000 });
  const made: Instance = { database, chain, journal: intents.journal(journal, chain), intents, worker: null, lines };
  instances.push(made);
  return made;
}

function startWorker(leader: Instance): ChainAnchoring {
  leader.worker = createChainAnchoring({
    db: leader.database.db, chain: leader.chain, journal: leader.journal, events: t.deps.events, log: (line) => leader.lines.push(line),
    sweepIntervalMs: 100, batchSize: 20,
  });
  return leader.worker;
}

async function stopLeader(leader: Instance): Promise<void> {
  leader.journal.close();
  await leader.worker?.stop().catch(() => undefined);
  leader.worker = null;
  await leader.database.close().catch(() => undefined);
}

const pendingHoldings = async () =>
  Number((firstRow<{ count: string }>(await t.deps.db.execute(sql`select count(*) as count from holdings where token_id is null and anchor_error is null`)))!.count);

async function drained(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await pendingHoldings()) > 0) {
    if (Date.now() > deadline) throw new Error(`${await pendingHoldings()} holdings still unanchored after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Holdings the chain owes tokens, bought through the API (the app itself runs without a chain). */
async function buyHoldings(count: number): Promise<void> {
  const { cookie } = await signUp(t.app);
  const projects = await listProjects(t.app);
  for (let i = 0; i < count; i++) await buyCredits(t.app, cookie, projects[i % projects.length], 1 + (i % 3));
}

/** Tokens the contract has created, and the distinct tokens the holdings carry: equal when nothing was minted twice. */
async function tokensAgainstHoldings(chain: ServerChain) {
  const carried = firstRow<{ count: string }>(await t.deps.db.execute(sql`select count(distinct token_id) as count from holdings where token_id is not null`))!;
  return { created: Number(await chain.totalSupply()), carried: Number(carried.count) };
}

beforeAll(async () => {
  t = await createTestApp();
  if (!t.deps.config.databaseUrl) return;
  await loadCarbonCreditArtifact();
  node = await createHardhatProvider();
  await node({ method: 'hardhat_setBalance', params: [privateKeyToAccount(privateKey).address, toHex(10n ** 21n)] });
  gated = serveNode(node);
  open = serveNode(node);
  for (const { server } of [gated, open]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const deployer = await connectRemoteChain({ rpcUrl: open.url(), privateKey, pollingIntervalMs: 20 });
  contractAddress = deployer.contractAddress;
}, 120_000);

afterAll(async () => {
  for (const leader of instances) await stopLeader(leader);
  for (const served of [gated, open]) if (served) await new Promise<void>((resolve) => served.server.close(() => resolve()));
  await t?.close();
});

/**
 * Leader A anchors until the node parks its first mint (`when`: before or after mining it) and A loses its database;
 * leader B begins its term; then the parked mint goes on. Answers both, and what B logged while its term began.
 */
async function handOver(when: 'before' | 'after') {
  const first = await instance(gated.url());
  await first.intents.beginTerm(first.chain, () => {});
  const held = gated.hold(when);
  await startWorker(first).start();
  await held.parked;
  // The first leader's database connection is gone (its lock with it); its signed mint is still on the way.
  await stopLeaderDatabase(first);
  const second = await instance(open.url());
  const termLog: string[] = [];
  await second.intents.beginTerm(second.chain, (line) => termLog.push(line));
  held.release();
  return { first, second, termLog };
}

/** The second leader anchors what is owed; then both stop. */
async function secondLeaderDrains({ first, second }: { first: Instance; second: Instance }): Promise<void> {
  await startWorker(second).start();
  await drained();
  await stopLeader(first);
  await second.worker?.stop();
  second.worker = null;
}

describe.runIf(process.env.TEST_DATABASE_URL)('anchoring leaders handing over on a shared remote chain', () => {
  it('mints every holding once when the deposed leader\'s signed mint reaches the node after the next leader began', async () => {
    await buyHoldings(50);
    expect(await pendingHoldings()).toBe(50);
    const leaders = await handOver('before');
    await secondLeaderDrains(leaders);
    const { created, carried } = await tokensAgainstHoldings(leaders.second.chain);
    expect(created).toBe(carried);
  }, 120_000);

  it('adopts the tokens of a mint the deposed leader had mined but not saved, and mints none of them again', async () => {
    await buyHoldings(30);
    const owed = await pendingHoldings();
    expect(owed).toBe(30);
    const before = await tokensAgainstHoldings(instances.at(-1)!.chain);
    const leaders = await handOver('after');
    expect(leaders.termLog.join('\n')).toMatch(/adopted \d+ token\(s\)/);
    await secondLeaderDrains(leaders);
    const after = await tokensAgainstHoldings(leaders.second.chain);
    expect(after.created - before.created).toBe(owed);
    expect(after.carried).toBe(before.carried + owed);
  }, 120_000);

  it('refuses a claim from a leader whose term has ended, so its mint is never sent', async () => {
    const old = createAnchoringIntents(t.deps.db);
    await old.beginTerm(instances.at(-1)!.chain, () => {});
    const next = createAnchoringIntents(t.deps.db);
    await next.beginTerm(instances.at(-1)!.chain, () => {});
    await expect(old.claimHoldings([1], 10_000, '0x01')).rejects.toThrow(/has ended: another instance anchors now/);
    await expect(next.claimHoldings([1], 10_000, '0x01')).resolves.toBeUndefined();
    await t.deps.db.execute(sql`delete from anchoring_intents where custody_nonce = 10000`);
  }, 60_000);
});

/** Cuts a leader's database as the cluster test's proxy does: its pool ends, so nothing it saves arrives. */
async function stopLeaderDatabase(leader: Instance): Promise<void> {
  await leader.database.close();
}
