#!/usr/bin/env node
// Compiles the server to JavaScript in dist/server with esbuild: one ESM bundle per entry (the server, the chain
// node, the chain process's body) sharing chunks, npm packages left as imports so node_modules serves them. The chain
// process's entry (.mjs) is copied beside them: it loads chain-process-body.js when it finds it, else the TypeScript body.
// Usage: node scripts/build-server.mjs
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist', 'server');

export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'chain-node': 'src/server/chain-node.ts',
  'chain-process-body': 'src/server/chain/chain-process-body.ts',
  'pglite-thread': 'src/server/db/pglite-thread.ts',
};

export const buildServer = () => bundleServer(outdir, SERVER_ENTRIES);

/**
 * Bundles the given entries into `out` as the server is compiled (the benchmarks add their own server script, so
 * that they measure the code `npm start` runs), with the chain process's and database thread's entries beside them.
 */
export async function bundleServer(out, entries) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  copyFileSync(path.join(root, 'src/server/chain/chain-process-entry.mjs'), path.join(out, 'chain-process-entry.mjs'));
  copyFileSync(path.join(root, 'src/server/db/pglite-thread-entry.mjs'), path.join(out, 'pglite-thread-entry.mjs'));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
