import { createDemoRuntime, DEFAULT_DEMO_DELAYS, type DemoDelays, type DemoRuntime } from '@/client/features/demos/services/demo-runtime';

declare global {
  interface Window {
    /**
     * Overrides of the simulated service delays (SPEC.md §7), read when a demo dialog first renders. Browser
     * tests set it with Playwright's `addInitScript` (for example every delay 0) so that journeys never wait.
     */
    __demoDelays?: Partial<Record<keyof DemoDelays, unknown>>;
  }
}

/** The SPEC delays with any valid override from `window.__demoDelays`; a non-finite or negative value is ignored. */
export function demoDelaysFromWindow(): DemoDelays {
  const overrides = typeof window === 'undefined' ? undefined : window.__demoDelays;
  if (!overrides || typeof overrides !== 'object') return DEFAULT_DEMO_DELAYS;
  const delays: Record<keyof DemoDelays, number> = { ...DEFAULT_DEMO_DELAYS };
  for (const key of Object.keys(DEFAULT_DEMO_DELAYS) as (keyof DemoDelays)[]) {
    const value = overrides[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) delays[key] = value;
  }
  return delays;
}

/** The runtime of the demos in the browser: real delays (unless overridden), wall clock and Math.random. */
export function createBrowserDemoRuntime(): DemoRuntime {
  return createDemoRuntime({ delays: demoDelaysFromWindow() });
}
