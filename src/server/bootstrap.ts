import type { Config } from './config';
import type { AppDeps } from './app-deps';
import { createChainAnchoring } from './anchoring/chain-anchoring';
import { createChainAudit } from './anchoring/chain-audit';
import { startChain, type ServerChain, type StartChainOptions } from './chain/start-chain';
import { migrateDatabase, openDatabase } from './db/client';
import { seedCatalogue } from './db/seed';
import { Catalogue } from './services/catalogue';
import { plainStatements, preparedStatements } from './db/statement-runner';
import { MarketEvents } from './services/market-events';
import { MarketEventsBridge } from './services/market-events-bridge';
import { PlatformStatsCache } from './services/platform-stats';
import { createAnchoringLeader } from './ops/anchoring-leader';
import { discoverCustodyContract } from './ops/discover-contract';
import { createAnchoringIntents } from './ops/anchoring-intents';
import { loadWebhookSecretKey } from './services/webhooks/webhook-secret-key';
import { WebhookSecretBox } from './services/webhooks/webhook-secret-box';
import { sealStoredWebhookSecrets } from './services/webhooks/seal-stored-webhook-secrets';

export interface ChainDepsOptions extends StartChainOptions {
  /** Wraps the started chain (tests inject a slow chain this way). */
  wrap?: (chain: ServerChain) => ServerChain;
  sweepIntervalMs?: number;
  /** How often a follower instance tries for the anchoring lock (PostgreSQL only). */
  leaderPollMs?: number;
}

export interface AppDepsOptions {
  loadDataDir?: Blob;
  clock?: () => Date;
  chain?: ChainDepsOptions;
}

/**
 * Opens and migrates the database, seeds the demo catalogue when asked, and wires the shared services; with
 * CHAIN_ENABLED it also starts the chain (replaying its journal) and the anchoring worker (after reconciling the
 * database with the replayed chain). `closeAppDeps` stops all of it.
 */
export async function createAppDeps(config: Config, options: AppDepsOptions = {}): Promise<AppDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, loadDataDir: options.loadDataDir, embeddedCacheMb: config.embeddedCacheMb,
    embeddedVacuumIntervalMs: config.embeddedVacuumIntervalMs, embeddedThread: config.embeddedThread,
  });
  if (!options.loadDataDir) await migrateDatabase(database);
  if (config.seedDemoData && !options.loadDataDir) await seedCatalogue(database.db);
  let webhookSecrets: WebhookSecretBox;
  try {
    const { key } = loadWebhookSecretKey({ configured: config.webhooks.secretKey, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    webhookSecrets = new WebhookSecretBox(key);
    await sealStoredWebhookSecrets(database.db, webhookSecrets);
  } catch (error) {
    await database.close();
    throw error;
  }
  const events = new MarketEvents();
  if (database.kind === 'postgres' && database.pool && config.databaseUrl) {
    // Several processes may share a PostgreSQL database: relay change notices between them (LISTEN/NOTIFY).
    const bridge = await MarketEventsBridge.start(events, database.pool, config.databaseUrl);
    const closeDatabase = database.close;
    database.close = async () => { await bridge.close(); await closeDatabase(); };
  }
  const deps: AppDeps = {
    config,
    db: database.db,
    database,
    clock: options.clock ?? (() => new Date()),
    events,
    statements: database.kind === 'pglite' ? preparedStatements() : plainStatements,
    catalogue: new Catalogue(database.db, events),
    platformStats: new PlatformStatsCache(database.db, events),
    webhookSecrets,
  };
  if (!config.chain.enabled) return deps;
  const log = config.logLevel === 'silent' ? () => {} : (line: string) => console.log(`[chain] ${line}`);
  try {
    let anchoringAfterRestart = () => {};
    // Several instances may share a PostgreSQL database: only the holder of the anchoring lock runs the worker, and on
    // a shared remote chain each term first fences off its predecessor and adopts tokens it created but did not save.
    const intents = config.databaseUrl && config.chain.rpcUrl ? createAnchoringIntents(database.db) : null;
    const runtime = await startChain(await withNodeContract(config, log), database.db, {
      ...options.chain, log, onRestarted: () => anchoringAfterRestart(), claimHoldings: intents?.claimHoldings,
    });
    const chain = options.chain?.wrap ? options.chain.wrap(runtime.chain) : runtime.chain;
    const journal = intents ? intents.journal(runtime.journal, chain) : runtime.journal;
    const createWorker = () =>
      createChainAnchoring({
        db: database.db, statements: deps.statements, chain, journal, events, log, sweepIntervalMs: options.chain?.sweepIntervalMs, passSpacingMs: config.chain.anchorSpacingMs,
      });
    const leader = config.databaseUrl
      ? createAnchoringLeader({
        databaseUrl: config.databaseUrl, createWorker, pollMs: options.chain?.leaderPollMs, log,
        beforeTerm: intents ? async () => void (await intents.beginTerm(chain, log)) : undefined,
      })
      : null;
    const anchoring = leader ?? createWorker();
    anchoringAfterRestart = () => anchoring.kick();
    try {
      await anchoring.start();
    } catch (error) {
      await runtime.close();
      throw error;
    }
    const chainAudit = createChainAudit({ db: database.db, chain, clock: deps.clock, log });
    // The start-up sweep runs in the background: the server serves meanwhile and the audit says it is running.
    void chainAudit.sweep();
    return { ...deps, chain, anchoring, chainAudit, chainRuntime: runtime, anchoringLeader: leader ? () => leader.isLeader() : undefined };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** With CHAIN_RPC_URL and no CHAIN_CONTRACT_ADDRESS: the contract a `npm run chain` node deployed with the same key. */
async function withNodeContract(config: Config, log: (line: string) => void): Promise<Config> {
  const { rpcUrl, privateKey, contractAddress } = config.chain;
  if (!rpcUrl || !privateKey || contractAddress) return config;
  const found = await discoverCustodyContract(rpcUrl, privateKey);
  if (found) log(`Chain: using CarbonCredit at ${found}, the custody key's first deployment on ${rpcUrl}`);
  return found ? { ...config, chain: { ...config.chain, contractAddress: found } } : config;
}

/** Stops the worker, then closes the chain and the database, in that order. */
export async function closeAppDeps(deps: AppDeps): Promise<void> {
  await deps.chainAudit?.stop();
  await deps.anchoring?.stop();
  await deps.chainRuntime?.close();
  await deps.database.close();
}
