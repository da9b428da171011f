// Issue 12 benchmark: restart time against history. A synthetic journal of N anchored operations (batched mints of
// 100, the very first lots retired at once, so the earliest certificate is at the start), stored in a fresh embedded
// database; then the compiled server (what `npm start` runs) starts on it and the clock runs from its spawn until it
// serves /api/projects, until that first certificate verifies through /rpc (receipt, transaction, and the token's
// retired state by eth_call), and until the latest chain state answers (the whole journal replayed).
// `BENCH_RESTART_OPERATIONS=10000,100000` (default) chooses the sizes; `BENCH_RESTART_WAIT_REPLAY=false` skips the
// wait for the whole replay (minutes at 100,000 operations with EDR). `BENCH_RESTART_ENGINE` (CHAIN_ENGINE's default,
// persistent, unless `edr`) chooses the engine: on the persistent one a first start builds its store from the journal
// (timed, once: what upgrading an existing journal costs, with its size on disk), then the measured restart opens
// that store. `BENCH_RESTART_LOG=info` shows the server's log.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeFunctionResult, encodeFunctionData, keccak256, parseTransaction, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_CHAIN_ENGINE, loadConfig } from '@/server/config';
import { closeAppDeps, createAppDeps } from '@/server/bootstrap';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import { startEmbeddedChain } from '@/server/chain/embedded-chain';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';
import { chainJournal } from '@/server/db/schema';
import { freePort } from '@scripts/cluster';

const ROOT = path.resolve(import.meta.dirname, '..');
const CUSTODY_KEY: Hex = `0x${'7b'.repeat(32)}`;
const BATCH = 100;
const credit = {
  projectName: 'Bench Reforestation', projectId: 'bench-1', verificationBody: 'Verra VCS', vintageYear: 2024,
  mrvDataUrl: 'urn:carbonledger:mrv:BENCH', gpsLocation: '-3.4653,-62.2159', quantityTonnes: 10,
};

/**
 * The journal of `operations` anchored lots: the head goes through a real embedded chain (deployment, a batch of
 * mints, the retirement of that whole batch, a second batch of mints), so its rows are exactly what the server
 * journals; the bulk repeats the second batch's call, signed with the next nonces and one second apart, without
 * executing it. Executing 100,000 mints here would take minutes, and the restarted server checks every row anyway
 * (a replayed transaction whose outcome differs from the journal's stops the replay).
 */
export async function syntheticJournal(operations: number): Promise<{ entries: ChainJournalEntry[]; firstRetirement: Hex }> {
  const entries: ChainJournalEntry[] = [];
  const chain = await startEmbeddedChain({ privateKey: CUSTODY_KEY, journal: { record: (entry) => void entries.push(entry) } });
  const lots = (from: number, size: number) => Array.from({ length: size }, (_, i) => ({ ...credit, tokenUri: `urn:carbonledger:holding:${from + i}` }));
  const { tokenIds } = await chain.mintBatch(lots(1, Math.min(BATCH, operations)));
  const firstRetirement = (await chain.retireBatch(tokenIds.map((tokenId) => ({ tokenId, reason: 'Bench' })))).txHash;
  if (operations > BATCH) await chain.mintBatch(lots(BATCH + 1, BATCH));
  await chain.close();

  const template = entries.at(-1)!;
  // Without its signature fields: the new signature must cover the new nonce, not carry the template's.
  const { r: _r, s: _s, v: _v, yParity: _yParity, ...call } = parseTransaction(template.rawTransaction);
  const account = privateKeyToAccount(CUSTODY_KEY);
  for (let done = 2 * BATCH; done < operations; done += BATCH) {
    const rawTransaction = await account.signTransaction({ ...call, nonce: call.nonce! + entries.length - entries.indexOf(template) });
    const last = entries.at(-1)!;
    entries.push({ ...template, rawTransaction, txHash: keccak256(rawTransaction), blockTimestamp: last.blockTimestamp + 1 });
  }
  return { entries, firstRetirement };
}

export async function storeJournal(dataDir: string, entries: ChainJournalEntry[]): Promise<void> {
  const deps = await createAppDeps(loadConfig({ DATA_DIR: dataDir, CHAIN_ENABLED: 'false', LOG_LEVEL: 'silent' }));
  for (let i = 0; i < entries.length; i += 500) {
    await deps.db.insert(chainJournal).values(entries.slice(i, i + 500).map((entry) => ({ source: 'embedded', ...entry })));
  }
  await closeAppDeps(deps);
}

async function rpc(baseUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(`${baseUrl}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string }; message?: string };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  // A gateway timeout (504) or refusal answers without a JSON-RPC result: not an answer.
  if (!response.ok || !('result' in body)) throw new Error(`${method}: HTTP ${response.status} ${body.message ?? ''}`);
  return body.result;
}

/**
 * CPU time the process has used so far (all its threads), from /proc on Linux: unlike wall time it hardly depends on
 * what else the machine runs. Null elsewhere.
 */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of stat; 12 and 13 after the command name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The embedded chain process's resident memory and state, as GET /api/chain/health reports them. */
async function chainNode(baseUrl: string): Promise<string> {
  const health = (await (await fetch(`${baseUrl}/api/chain/health`)).json()) as {
    node: { state: string; restarts: number; residentBytes: number | null; lastExit: string | null } | null;
  };
  if (!health.node) return 'chain process: not reported';
  const { state, restarts, residentBytes, lastExit } = health.node;
  return `chain process ${state}, ${Math.round((residentBytes ?? 0) / 1048576)} MB resident, ${restarts} restarts${lastExit ? ` (last: ${lastExit})` : ''}`;
}

/** Asks `probe` every 20 ms until it answers; returns the milliseconds since `startedMs`, or null past `deadlineMs`. */
/** Why the last probe of timeUntil was refused, for the report when an answer took long. */
let lastRefusal = '';

async function timeUntil(startedMs: number, probe: () => Promise<boolean>, deadlineMs = Infinity): Promise<number | null> {
  lastRefusal = '';
  for (;;) {
    if (await probe().catch((error: Error) => ((lastRefusal = error.message), false))) return performance.now() - startedMs;
    if (performance.now() - startedMs > deadlineMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ENGINE = process.env.BENCH_RESTART_ENGINE === 'edr' || process.env.BENCH_RESTART_ENGINE === 'persistent' ? process.env.BENCH_RESTART_ENGINE : DEFAULT_CHAIN_ENGINE;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A directory's size on disk, by du (what the store costs an operator), or '?' where du is missing. */
const megabytes = (directory: string) => {
  const kilobytes = Number(spawnSync('du', ['-sk', directory], { encoding: 'utf8' }).stdout?.split('\t')[0]);
  return Number.isFinite(kilobytes) ? `${Math.round(kilobytes / 1024)} MB` : '?';
};

/** What `npm start` runs once its outputs are built: the compiled server on `dataDir`. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_RESTART_LOG ?? 'silent', CHAIN_ENABLED: 'true', CHAIN_PRIVATE_KEY: CUSTODY_KEY,
      CHAIN_TIMEOUT_MS: '60000', CHAIN_ENGINE: ENGINE,
    },
    stdio: ['ignore', process.env.BENCH_RESTART_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

/**
 * The persistent engine's one-time build of its store from an existing journal (every entry executed once), then a
 * clean stop: the restart measured afterwards opens the store instead.
 */
async function buildStore(dataDir: string, port: number, operations: number): Promise<void> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedMs = performance.now();
  const { child, exited } = startServer(dataDir, port);
  try {
    const maxWaitMs = Number(process.env.BENCH_RESTART_MAX_WAIT_S ?? 3600) * 1000;
    const builtMs = await timeUntil(startedMs, async () => rpc(baseUrl, 'eth_blockNumber', []).then(() => true), maxWaitMs);
    console.log(
      `persistent store built from the journal of ${operations} operations (once, on the first start with CHAIN_ENGINE=persistent): ` +
        `${builtMs === null ? `not within ${seconds(maxWaitMs)}` : seconds(builtMs)}, server CPU ${cpuMsOf(child.pid) ?? '?'} ms; ${await chainNode(baseUrl)}`,
    );
    if (builtMs === null) throw new Error('the store was not built in time');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function restartTime(operations: number): Promise<void> {
  let startedMs = performance.now();
  const { entries, firstRetirement } = await syntheticJournal(operations);
  const generateMs = performance.now() - startedMs;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-restart-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await storeJournal(dataDir, entries);
    if (ENGINE === 'persistent') {
      await buildStore(dataDir, port, operations);
      console.log(`  the store on disk: ${megabytes(path.join(dataDir, 'chain'))}; the whole data directory (journal database included): ${megabytes(dataDir)}`);
    }
    // The compiled server, started from nothing (EDR) or from its store (persistent), timed from spawn.
    startedMs = performance.now();
    const { child, exited } = startServer(dataDir, port);
    try {
      const projectsMs = (await timeUntil(startedMs, async () => (await fetch(`${baseUrl}/api/projects`)).status === 200))!;
      const projectsCpuMs = cpuMsOf(child.pid);
      const verifiedMs = (await timeUntil(startedMs, async () => {
        const receipt = (await rpc(baseUrl, 'eth_getTransactionReceipt', [firstRetirement])) as { status: string; to: Hex; blockNumber: Hex };
        const transaction = (await rpc(baseUrl, 'eth_getTransactionByHash', [firstRetirement])) as { hash: string } | null;
        const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'getCreditDetails', args: [1n] });
        // Retired at the retirement's own block; the contract makes retirement permanent, so it is retired for good.
        const result = (await rpc(baseUrl, 'eth_call', [{ to: receipt.to, data }, receipt.blockNumber])) as Hex;
        const details = decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'getCreditDetails', data: result });
        if (receipt.status !== '0x1' || transaction?.hash !== firstRetirement || !details.isRetired) throw new Error('the first certificate did not verify');
        return true;
      }))!;
      const verifiedCpuMs = cpuMsOf(child.pid);
      console.log(
        `${ENGINE} engine: restart with ${operations} anchored operations (${entries.length} journal rows, generated in ${seconds(generateMs)}): ` +
          `/api/projects served ${seconds(projectsMs)} after start (target 10 s), ` +
          `the first certificate verified through /rpc ${seconds(verifiedMs)} after start (target 10 s); ` +
          `server CPU time until then ${projectsCpuMs ?? '?'} ms and ${verifiedCpuMs ?? '?'} ms (load-insensitive, all threads); ` +
          `${await chainNode(baseUrl)}`,
      );
      if (process.env.BENCH_RESTART_WAIT_REPLAY === 'false') return;
      // Latest-state reads wait for the whole replay (each up to CHAIN_TIMEOUT_MS): ask until one answers, for at most
      // BENCH_RESTART_MAX_WAIT_S (a chain killed at its memory limit replays again and again).
      const maxWaitMs = Number(process.env.BENCH_RESTART_MAX_WAIT_S ?? 900) * 1000;
      const syncedMs = await timeUntil(startedMs, async () => rpc(baseUrl, 'eth_blockNumber', []).then(() => true), maxWaitMs);
      console.log(
        `  latest chain state answering (whole journal replayed, anchoring resumes) ${syncedMs === null ? `not within ${seconds(maxWaitMs)}` : `${seconds(syncedMs)} after start`} ` +
          `(issue 26's target: 10 s at 1,000,000 operations, chain under 500 MB); ${await chainNode(baseUrl)}` +
          `${lastRefusal ? `; the last refusal before: ${lastRefusal}` : ''}`,
      );
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('server build failed');
  const sizes = (process.env.BENCH_RESTART_OPERATIONS ?? '10000,100000').split(',').map(Number);
  for (const operations of sizes) await restartTime(operations);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
