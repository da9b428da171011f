import { createDemoRuntime, type DemoRuntime } from '@/client/features/demos/services/demo-runtime';
import { mulberry32 } from '@/domain/mrv/seeded-random';

/** A runtime that never waits but records every delay asked for, with seeded randomness and a fixed clock. */
export function recordingRuntime(now = new Date('2025-01-15T10:00:00.000Z')): DemoRuntime & { slept: number[] } {
  const slept: number[] = [];
  const runtime = createDemoRuntime({
    sleep: async (delayMs) => {
      slept.push(delayMs);
    },
    random: mulberry32(1),
    now: () => now,
  });
  return { ...runtime, slept };
}
