// `npm run chain`: the embedded chain (chain id 80002) alone, as a JSON-RPC node that several app instances share
// through CHAIN_RPC_URL. Its journal lives in the database (DATABASE_URL, else the PGlite data dir) and its custody
// key comes from CHAIN_PRIVATE_KEY or DATA_DIR/chain-custody.key, as for the chain inside `npm start`.
import pg from 'pg';
import { startChain } from './chain/start-chain';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { buildChainNodeServer } from './ops/chain-node-server';

/** Advisory lock key of the chain node: one node per database, since they would journal one chain twice. */
const CHAIN_NODE_LOCK_KEY = 7243003;

const config = loadConfig();
if (config.chain.rpcUrl) throw new Error('npm run chain serves the embedded chain: unset CHAIN_RPC_URL for this process');
const log = (line: string) => console.log(`[chain-node] ${line}`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);

let lockClient: pg.Client | null = null;
if (config.databaseUrl) {
  lockClient = new pg.Client({ connectionString: config.databaseUrl });
  await lockClient.connect();
  const { rows } = await lockClient.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [CHAIN_NODE_LOCK_KEY]);
  if (!rows[0].held) throw new Error('Another chain node already serves this database');
}

const runtime = await startChain(config, database.db, { log, chainNode: true });
const server = buildChainNodeServer(runtime.chain, config.chain.timeoutMs);
await server.listen({ host: config.chainNode.host, port: config.chainNode.port });
const address = server.server.address();
const port = typeof address === 'object' && address ? address.port : config.chainNode.port;
log(`Chain node ready on http://${config.chainNode.host}:${port} (chain ${runtime.chain.chainId}, contract ${runtime.chain.contractAddress}, custody ${runtime.chain.custodyAddress})`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal} received, shutting down`);
  const deadline = setTimeout(() => process.exit(1), config.shutdownGraceMs);
  deadline.unref();
  await server.close();
  await runtime.close();
  await database.close();
  await lockClient?.end();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
