import { useState } from 'react';
import type { DemoRuntime } from '@/client/features/demos/services/demo-runtime';
import { createSatelliteService, type SatelliteService } from '@/client/features/demos/services/satellite-service';
import { SimulatedChain } from '@/client/features/demos/services/simulated-chain';
import { createStorageService } from '@/client/features/demos/services/storage-service';
import { createBrowserDemoRuntime } from './create-browser-demo-runtime';

export interface DemoServices {
  readonly runtime: DemoRuntime;
  readonly satellite: SatelliteService;
  readonly chain: SimulatedChain;
}

/**
 * One set of simulated services per demo dialog, created on first render and kept for the page's life, so
 * closing and reopening a dialog keeps its wallet, projects and credits (the dialogs stay mounted in the shell).
 */
export function useDemoServices(): DemoServices {
  const [services] = useState<DemoServices>(() => {
    const runtime = createBrowserDemoRuntime();
    return { runtime, satellite: createSatelliteService(runtime, createStorageService(runtime)), chain: new SimulatedChain(runtime) };
  });
  return services;
}
