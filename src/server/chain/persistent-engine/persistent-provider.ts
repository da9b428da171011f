import { limitConcurrency } from '@/server/chain/limit-concurrency';
import type { Eip1193RequestFn } from '@/server/chain/public-rpc';
import { ChainStore, type ChainStoreOptions } from './chain-store';
import { jsonRpcMethods } from './json-rpc-methods';

export interface PersistentProvider {
  /** The same shape as createHardhatProvider's: the gateway, the sender and the audit use it unchanged. */
  request: Eip1193RequestFn;
  store: ChainStore;
  /** Waits for the request running, then closes the store. */
  close(): Promise<void>;
}

/**
 * Opens (creating when new) the embedded chain kept in LevelDB under `directory`, or in memory without one, and
 * answers JSON-RPC on it one request at a time.
 */
export async function createPersistentProvider(options: ChainStoreOptions): Promise<PersistentProvider> {
  const store = await ChainStore.open(options);
  const methods = jsonRpcMethods(store);
  let closed = false;
  const request: Eip1193RequestFn = limitConcurrency(async (args: Parameters<Eip1193RequestFn>[0]) => {
    // Back to the event loop between requests: reads served from caches (or an in-memory level) resolve as microtasks,
    // and a page of hundreds of them would otherwise keep the process from answering the watchdog's pings.
    await new Promise((resolve) => setImmediate(resolve));
    if (closed) throw new Error('The chain store is closed');
    return methods(args);
  }, 1);
  return {
    request,
    store,
    close: async () => {
      // Queued behind whatever runs, so a block being written is finished first.
      await request({ method: 'eth_chainId' }).catch(() => undefined);
      closed = true;
      await store.close();
    },
  };
}
