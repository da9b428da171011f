import { createRequire } from 'node:module';
import path from 'node:path';
import { PROJECT_ROOT } from './contract-artifact';
import { limitConcurrency } from './limit-concurrency';
import { JsonRpcError, type Eip1193RequestFn } from './public-rpc';

const require = createRequire(import.meta.url);

/**
 * EDR hands every request to a thread of tokio's blocking pool (up to 512 threads, each kept 10 s after its last use)
 * and then runs them one at a time under its provider's lock, so requests sent together only add threads. A page of
 * the start-up audit (600 reads at once) started 512 of them, each with its own allocator heap: ~230 MB of RSS held
 * until the pool let them go. Two in flight keep EDR busy while the previous answer is parsed here.
 */
const EDR_REQUESTS_IN_FLIGHT = 2;

export interface HardhatProviderOptions {
  /** Defaults to hardhat.config.cjs at the repository root. */
  configPath?: string;
  /** Genesis time; replay sets it before the first journaled block so restored timestamps stay increasing. */
  initialDate?: Date;
}

/**
 * Starts a fresh in-process Hardhat Network (EDR) from the project's hardhat config. Each call is an independent chain,
 * unlike `require('hardhat').network.provider`, which is one per process and would need hardhat_reset between uses.
 */
export async function createHardhatProvider(options: HardhatProviderOptions = {}): Promise<Eip1193RequestFn> {
  const configPath = options.configPath ?? path.join(PROJECT_ROOT, 'hardhat.config.cjs');
  // Hardhat 2 exposes no public factory for extra providers; these two internals are what `hre.network` uses.
  const { resolveConfig } = require('hardhat/internal/core/config/config-resolution');
  const { createProvider } = require('hardhat/internal/core/providers/construction');
  const config = resolveConfig(configPath, require(configPath));
  if (options.initialDate) config.networks.hardhat.initialDate = options.initialDate.toISOString();
  const provider = (await createProvider(config, 'hardhat')) as { request: Eip1193RequestFn };
  return limitConcurrency(async (args) => {
    try {
      return await provider.request(args);
    } catch (error) {
      throw normalizeRpcError(error);
    }
  }, EDR_REQUESTS_IN_FLIGHT);
}

// Hardhat reports a revert as an error without a JSON-RPC code; nodes answer code 3 "execution reverted" with the
// revert data, which is what viem decodes into custom errors and what browser wallets expect from /rpc.
function normalizeRpcError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, data, message } = error as { code?: unknown; data?: unknown; message?: unknown };
  if (typeof code === 'number') return new JsonRpcError(code, String(message), data);
  if (typeof data === 'string' && data.startsWith('0x')) return new JsonRpcError(3, 'execution reverted', data);
  return error;
}
