// The deployment topology of compose.yaml without containers, on the local PostgreSQL: one chain node
// (`npm run chain`) and several app instances sharing one database and that node. `npm run cluster` runs it until
// Ctrl-C (CLUSTER_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/carbon_cluster, created when missing);
// the cluster test drives the same code through startCluster().
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { serverProcessEnv } from './server-env.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A fixed demo custody key for local clusters and tests; a real deployment sets its own secret CHAIN_PRIVATE_KEY. */
export const CLUSTER_CUSTODY_KEY = '0x59c6995e998f97a5a0044966f0ca5d5b4d7d2c0a8a6e1a3b8c8f3f0b0e7b7a3d';

export interface ClusterProcess {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<number | string>;
}

export interface ClusterOptions {
  databaseUrl: string;
  instances?: number;
  /** Per-instance database URL override (the test points one instance at a TCP proxy it can cut). */
  instanceDatabaseUrl?: (index: number) => string;
  /** Extra environment for every app instance. */
  env?: Record<string, string>;
  logDir: string;
  /**
   * The chain node's DATA_DIR: its persistent store (DATA_DIR/chain) goes with the database's journal, so a fresh
   * database needs a fresh directory, and it must not be `npm start`'s ./data (another journal).
   */
  chainDataDir: string;
}

export interface Cluster {
  chainNode: ClusterProcess;
  apps: ClusterProcess[];
  /** Starts app instance `index` again (same port and settings), after it was stopped or killed. */
  restartApp(index: number): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Creates the database named in `url` unless it exists. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

function launch(name: string, script: string, port: number, env: Record<string, string>, logDir: string): ClusterProcess {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'dist/server', script)], {
    cwd: ROOT,
    env: serverProcessEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, exited };
}

/** Polls `url` until it answers 200, failing after `timeoutMs` or when the process exits first. */
export async function waitUntilOk(target: ClusterProcess, urlPath: string, timeoutMs = 60_000): Promise<void> {
  let exited = false;
  void target.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${target.name} exited before answering ${urlPath} (see its log)`);
    const ok = await fetch(`${target.url}${urlPath}`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${target.name} did not answer ${urlPath} within ${timeoutMs} ms`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const common = { CHAIN_PRIVATE_KEY: CLUSTER_CUSTODY_KEY, LOG_LEVEL: 'warn' };
  const chainPort = await freePort();
  const chainNode = launch('chain-node', 'chain-node.js', chainPort, {
    ...common, DATABASE_URL: options.databaseUrl, DATA_DIR: options.chainDataDir, CHAIN_NODE_HOST: '127.0.0.1', CHAIN_NODE_PORT: String(chainPort),
  }, options.logDir);
  await waitUntilOk(chainNode, '/healthz');
  const count = options.instances ?? 2;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const appEnv = (index: number) => ({
    ...common,
    ...options.env,
    DATABASE_URL: options.instanceDatabaseUrl?.(index) ?? options.databaseUrl,
    CHAIN_RPC_URL: chainNode.url,
    PORT: String(ports[index]),
    HOST: '127.0.0.1',
  });
  const startApp = async (index: number) => {
    const app = launch(`app-${index + 1}`, 'main.js', ports[index], appEnv(index), options.logDir);
    await waitUntilOk(app, '/readyz');
    return app;
  };
  // One at a time: the first migrates and seeds, the others find it done.
  const apps: ClusterProcess[] = [];
  for (let index = 0; index < count; index++) apps.push(await startApp(index));

  return {
    chainNode,
    apps,
    async restartApp(index) {
      apps[index] = await startApp(index);
      return apps[index];
    },
    async stop() {
      for (const member of [...apps, chainNode]) {
        if (member.process.exitCode === null && member.process.signalCode === null) member.process.kill('SIGTERM');
        await member.exited;
      }
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/carbon_cluster';
  await ensureDatabase(databaseUrl);
  const cluster = await startCluster({ databaseUrl, logDir: path.join(ROOT, 'data', 'cluster-logs'), chainDataDir: path.join(ROOT, 'data', 'cluster-chain') });
  console.log(`Chain node: ${cluster.chainNode.url}`);
  for (const app of cluster.apps) console.log(`App instance ${app.name}: ${app.url}`);
  console.log(`Logs in data/cluster-logs/. Ctrl-C stops everything.`);
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
