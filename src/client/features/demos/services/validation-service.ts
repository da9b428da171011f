import { isValidMrvHash } from '@/domain/mrv/mrv-hash';
import type { DemoRuntime } from './demo-runtime';

/** Simulated MRV validation: after the validation delay, says whether `hash` is a well-formed MRV data hash. */
export async function validateMrvData(runtime: DemoRuntime, hash: string): Promise<boolean> {
  await runtime.sleep(runtime.delays.validationMs);
  return isValidMrvHash(hash);
}
