import { defineConfig } from 'vitest/config';
import path from 'node:path';

// One import style: what lies outside a file's folder is named from the root (tsconfig.json's paths), never climbed to.
const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@tests': path.resolve(import.meta.dirname, 'tests'),
  '@scripts': path.resolve(import.meta.dirname, 'scripts'),
};

// Three suites: pure domain rules, the HTTP API on a real database, and whole journeys in Chromium; with
// TEST_DATABASE_URL a fourth, `cluster`: the compiled server as two instances and a chain node on PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/contracts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { resolve: { alias }, test: { name: 'api', globalSetup: ['tests/support/global-setup.ts'], include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      { resolve: { alias }, test: { name: 'e2e', globalSetup: ['tests/support/global-setup.ts'], include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ resolve: { alias }, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 240_000, fileParallelism: false } }]
        : []),
    ],
  },
});
