import path from 'node:path';
import type { Hex } from 'viem';
import type { Config } from '@/server/config';
import type { Database } from '@/server/db/client';
import type { CarbonCreditChain } from './carbon-credit';
import { loadCustodyKey } from './custody-key';
import { startEmbeddedChain } from './embedded-chain';
import { createJournalStore, type HoldingsClaim, type JournalStore } from './journal-store';
import type { Eip1193RequestFn } from './public-rpc';
import { connectRemoteChain } from './remote-chain';
import { configureChainProcess, DEFAULT_CHAIN_PROCESS_LIMITS, startEmbeddedChainProcess, type ChainNodeHealth } from './chain-process';

/**
 * The chain as the server holds it. The embedded chain also exposes its node for server-side tooling and tests, a
 * custody relay for `npm run chain`, and, when it runs in the chain process, that process's health.
 */
export type ServerChain = CarbonCreditChain & {
  readonly nodeRequest?: Eip1193RequestFn;
  relayCustodyTransaction?(rawTransaction: Hex): Promise<Hex>;
  nodeHealth?(): ChainNodeHealth;
  killNode?(reason?: string): void;
};

export interface ChainRuntime {
  chain: ServerChain;
  journal: JournalStore;
  mode: 'embedded' | 'remote';
  /** Stops journal retries and closes the chain. */
  close(): Promise<void>;
}

export interface StartChainOptions {
  /** Overrides CHAIN_PRIVATE_KEY and the key file (tests use a fixed key). */
  privateKey?: Hex;
  /** Run the embedded chain in the chain process (default) or on the calling thread. */
  inProcess?: boolean;
  /** Told each time the chain process came back after a restart. */
  onRestarted?: () => void;
  /** `npm run chain`: the chain is the whole service, so its process runs at normal priority (chain-process.ts). */
  chainNode?: boolean;
  /** On a remote chain: told of each token-creating transaction before it is sent (ops/anchoring-intents.ts). */
  claimHoldings?: HoldingsClaim;
  log?: (line: string) => void;
}

/**
 * Starts the chain the configuration asks for. Embedded (default): the custody key from CHAIN_PRIVATE_KEY or the data
 * directory, the journal replayed from the database, then every new transaction journaled there. Remote
 * (CHAIN_RPC_URL): CHAIN_PRIVATE_KEY is required; the contract at CHAIN_CONTRACT_ADDRESS is used, or one is deployed.
 */
export async function startChain(config: Config, db: Database, options: StartChainOptions = {}): Promise<ChainRuntime> {
  const log = options.log ?? (() => {});
  if (config.chain.rpcUrl) {
    const privateKey = options.privateKey ?? config.chain.privateKey;
    if (!privateKey) throw new Error('CHAIN_RPC_URL needs CHAIN_PRIVATE_KEY: the custody key that mints and retires on that chain');
    const journal = createJournalStore(db, 'remote', log, options.claimHoldings);
    const chain = await connectRemoteChain({
      rpcUrl: config.chain.rpcUrl,
      privateKey,
      contractAddress: config.chain.contractAddress,
      receiptTimeoutMs: config.chain.timeoutMs,
      journal,
      log,
    });
    log(`Chain: remote node ${config.chain.rpcUrl}, contract ${chain.contractAddress}, custody ${chain.custodyAddress}`);
    return runtime(chain, journal, 'remote');
  }

  const key = options.privateKey
    ? { privateKey: options.privateKey, source: 'the caller' }
    : loadCustodyKey({ configured: config.chain.privateKey, dataDir: config.dataDir });
  const journal = createJournalStore(db, 'embedded', log);
  // Only the hashes are read before the node starts; the raw transactions follow page by page as the replay, behind
  // the running node, reaches them. So a restart waits neither for the replay nor for reading history (replay-progress.ts).
  const replay = await journal.replaySource();
  configureChainProcess({
    memoryLimitBytes: config.chain.memoryLimitMb * 1024 * 1024, stallTimeoutMs: config.chain.stallTimeoutMs, nice: options.chainNode ? 0 : DEFAULT_CHAIN_PROCESS_LIMITS.nice,
  });
  const storeDirectory = config.dataDir.startsWith('memory://') ? undefined : path.join(config.dataDir, 'chain');
  const startOptions = {
    privateKey: key.privateKey, replay, journal, replayInBackground: true, log, engine: config.chain.engine, storeDirectory,
    reloadReplay: () => journal.replaySource(), onRestarted: options.onRestarted,
  };
  const chain = options.inProcess === false ? await startEmbeddedChain(startOptions) : await startEmbeddedChainProcess(startOptions);
  log(
    `Chain: embedded (chain id ${chain.chainId}), contract ${chain.contractAddress}, custody ${chain.custodyAddress} ` +
      `(key from ${key.source}), engine ${config.chain.engine}${storeDirectory && config.chain.engine === 'persistent' ? ` (store ${storeDirectory})` : ''}; ` +
      `ready in ${chain.startMs.toFixed(0)} ms, ${config.chain.engine === 'persistent' ? 'resuming' : 'replaying'} ${replay.hashes.length} journal entries behind it`,
  );
  chain.synced().then(
    ({ replayMs }) => log(`Chain: ${replay.hashes.length} journal entries replayed in ${replayMs.toFixed(0)} ms`),
    (error: Error) => log(`Chain: journal replay failed, nothing will be sent until a restart replays it: ${error.message}`),
  );
  return runtime(chain, journal, 'embedded');
}

function runtime(chain: ServerChain, journal: JournalStore, mode: ChainRuntime['mode']): ChainRuntime {
  return {
    chain,
    journal,
    mode,
    async close() {
      journal.close();
      await chain.close();
    },
  };
}
