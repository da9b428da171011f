/** Resolves after `delayMs`; used for the simulated processing step of purchases and retirements. */
export function delay(delayMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, delayMs));
}
