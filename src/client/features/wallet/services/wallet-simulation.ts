/** How simulated wallet connections behave: SPEC.md §4 says 2 seconds and 10% random failure. */
export interface WalletSimulation {
  delayMs: number;
  /** Probability in [0, 1] that a connection fails. */
  failureRate: number;
  /** Uniform numbers in [0, 1), like Math.random. */
  random: () => number;
}

export const DEFAULT_WALLET_SIMULATION: WalletSimulation = { delayMs: 2000, failureRate: 0.1, random: Math.random };

declare global {
  interface Window {
    /** Browser tests set this before the app loads to make simulated connections instant and deterministic. */
    __walletSimulation?: Partial<Pick<WalletSimulation, 'delayMs' | 'failureRate'>>;
  }
}

let override: Partial<WalletSimulation> = {};

/** Replaces parts of the simulation (unit tests); `setWalletSimulation({})` restores the SPEC behaviour. */
export function setWalletSimulation(next: Partial<WalletSimulation>): void {
  override = next;
}

/** The simulation in force: SPEC defaults, then `window.__walletSimulation`, then `setWalletSimulation`. */
export function walletSimulation(): WalletSimulation {
  const fromWindow = typeof window === 'undefined' ? {} : (window.__walletSimulation ?? {});
  return { ...DEFAULT_WALLET_SIMULATION, ...fromWindow, ...override };
}
