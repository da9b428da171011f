/** Delays of the simulated demo services, SPEC.md section 7. */
export interface DemoDelays {
  readonly forestDataMs: number;
  readonly carbonEstimateMs: number;
  readonly uploadMs: number;
  readonly validationMs: number;
  readonly walletConnectMs: number;
}

export const DEFAULT_DEMO_DELAYS: DemoDelays = {
  forestDataMs: 2000,
  carbonEstimateMs: 1000,
  uploadMs: 1500,
  validationMs: 500,
  walletConnectMs: 1500,
};

/**
 * Everything the simulated services take from the outside world, injected so that tests run instantly
 * and deterministically: how to wait, how long, where randomness comes from and what time it is.
 */
export interface DemoRuntime {
  readonly delays: DemoDelays;
  readonly sleep: (delayMs: number) => Promise<void>;
  /** Uniform numbers in [0, 1), like `Math.random`. */
  readonly random: () => number;
  readonly now: () => Date;
}

/** Waits with `setTimeout`; browser-safe. */
export function sleep(delayMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, delayMs));
}

/** The runtime of the real demo (SPEC delays, wall clock, Math.random), with any part replaced. */
export function createDemoRuntime(overrides: Partial<DemoRuntime> = {}): DemoRuntime {
  return {
    delays: DEFAULT_DEMO_DELAYS,
    sleep,
    random: Math.random,
    now: () => new Date(),
    ...overrides,
  };
}

/** `length` lowercase hex digits drawn from `random`, for fake addresses and transaction hashes. */
export function randomHex(random: () => number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += Math.floor(random() * 16).toString(16);
  return text;
}
