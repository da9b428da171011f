import { Counter, Gauge, type Registry } from 'prom-client';
import type { ChainNodeHealth } from '@/server/chain/chain-process';
import type { ServerChain } from '@/server/chain/start-chain';
import { withTimeout } from '@/server/chain/with-timeout';

/** The chain's health apart from the API's readiness: the node, its replay, and whether it diverged. */
export interface ChainHealth {
  enabled: boolean;
  mode: 'embedded' | 'remote' | null;
  /** The chain answers reads and anchoring can send. */
  serving: boolean;
  node: ChainNodeHealth | null;
}

/**
 * What GET /api/chain/health, the metrics and the audit report of the chain. The embedded chain's process reports
 * itself (state, restarts, memory, replay and divergence); a remote node is serving when it answers eth_chainId.
 */
export async function readChainHealth(chain: ServerChain | undefined, mode: ChainHealth['mode'], timeoutMs: number): Promise<ChainHealth> {
  if (!chain) return { enabled: false, mode: null, serving: false, node: null };
  const node = chain.nodeHealth?.() ?? null;
  if (node) return { enabled: true, mode, serving: node.state === 'up' && node.replay?.state === 'done', node };
  const serving = await withTimeout(chain.request({ method: 'eth_chainId' }), timeoutMs).then(() => true, () => false);
  return { enabled: true, mode, serving, node: null };
}

/** Gauges read at scrape time from the chain process, and its restarts and divergences as counters. */
export function registerChainMetrics(registry: Registry, chain: ServerChain | undefined): void {
  const nodeHealth = chain?.nodeHealth?.bind(chain);
  if (!nodeHealth) return;
  const registers = [registry];
  new Gauge({
    name: 'marketplace_chain_node_up', help: '1 while the embedded chain process runs and its replay is done', registers,
    collect() {
      const node = nodeHealth();
      this.set(node.state === 'up' && node.replay?.state === 'done' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'marketplace_chain_replay_diverged', help: '1 while the chain replay stopped at a journal entry whose outcome differs', registers,
    collect() { this.set(nodeHealth().replay?.state === 'diverged' ? 1 : 0); },
  });
  new Gauge({
    name: 'marketplace_chain_node_resident_bytes', help: 'Resident memory of the embedded chain process', registers,
    collect() { this.set(nodeHealth().residentBytes ?? 0); },
  });
  // The process counts its restarts and divergences; the counters follow its totals at each scrape.
  const followCounter = (name: string, help: string, total: () => number) => {
    let seen = 0;
    new Counter({
      name, help, registers,
      collect() {
        const now = total();
        this.inc(Math.max(0, now - seen));
        seen = Math.max(seen, now);
      },
    });
  };
  followCounter(
    'marketplace_chain_node_restarts_total', 'Restarts of the embedded chain process (crash, memory limit, stall, divergence retry)',
    () => nodeHealth().restarts,
  );
  followCounter('marketplace_chain_replay_divergences_total', 'Chain replays that diverged from the journal', () => nodeHealth().divergences);
}
