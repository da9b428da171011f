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

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  copyFileSync(path.join(root, 'src/server/chain/chain-process-entry.mjs'), path.join(outdir, 'chain-process-entry.mjs'));
  copyFileSync(path.join(root, 'src/server/db/pglite-thread-entry.mjs'), path.join(outdir, 'pglite-thread-entry.mjs'));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
