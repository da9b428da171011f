import { defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

// Three suites: pure domain rules, the HTTP API on a real database, and whole journeys in Chromium.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/contracts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { resolve: { alias }, test: { name: 'api', globalSetup: ['tests/support/global-setup.ts'], include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      { resolve: { alias }, test: { name: 'e2e', globalSetup: ['tests/support/global-setup.ts'], include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
