import { CHAIN_ID, NETWORK_NAME } from '@/shared/constants';
import type { ConnectedWallet, WalletType } from './wallet-types';
import { walletSimulation } from './wallet-simulation';

/** The error a simulated connection fails with (SPEC.md §8). */
export const SIMULATED_CONNECTION_ERROR = 'Connection failed';

function randomAddress(random: () => number): string {
  let hex = '';
  for (let index = 0; index < 40; index += 1) hex += Math.floor(random() * 16).toString(16);
  return `0x${hex}`;
}

/**
 * A simulated wallet of `type`: waits the simulated delay, fails with "Connection failed" at the simulated rate,
 * else returns a random address on Polygon Amoy Testnet with a random demo balance below 10 MATIC.
 */
export async function connectSimulatedWallet(type: WalletType): Promise<ConnectedWallet> {
  const simulation = walletSimulation();
  await new Promise((resolve) => setTimeout(resolve, simulation.delayMs));
  if (simulation.random() < simulation.failureRate) throw new Error(SIMULATED_CONNECTION_ERROR);
  return {
    address: randomAddress(simulation.random),
    type,
    network: NETWORK_NAME,
    balance: (simulation.random() * 10).toFixed(4),
    connected: true,
    chainId: CHAIN_ID,
  };
}
