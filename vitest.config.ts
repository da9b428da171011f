import { defineConfig } from 'vitest/config';
import os from 'node:os';
import path from 'node:path';

/** Test files at once: `TEST_WORKERS`, else vitest's own default (a core kept free) but at least two. */
const TEST_WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism() - 1);

// One import style: what lies outside a file's folder is named from the root (tsconfig.json's paths), never climbed to.
const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@tests': path.resolve(import.meta.dirname, 'tests'),
  '@scripts': path.resolve(import.meta.dirname, 'scripts'),
};

// Three suites: pure domain rules, the HTTP API on a real database, and whole journeys in Chromium; with
// TEST_DATABASE_URL a fourth, `cluster`: the compiled server as two instances and a chain node on PostgreSQL.
// Every test file builds its own app on its own database (a template clone, or a new PostgreSQL database), so files
// run at least two at a time: vitest's default on a 2-core machine is one, which made `npm test` one long queue.
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/contracts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { resolve: { alias }, test: { name: 'api', globalSetup: ['tests/support/global-setup.ts'], include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      { resolve: { alias }, test: { name: 'e2e', globalSetup: ['tests/support/global-setup.ts'], include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000 } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ resolve: { alias }, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 240_000, fileParallelism: false } }]
        : []),
    ],
  },
});
