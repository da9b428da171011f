#!/usr/bin/env node
// `npm test`: builds the contract artifacts, type-checks the whole tree (tsc --noEmit), lints it (eslint: the house
// rules and the floors' import boundaries), builds the client (the browser tests serve it), then runs every suite.
// With TEST_DATABASE_URL=postgres://… the API and browser suites run against that PostgreSQL server.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (existsSync(path.join(root, 'scripts/compile-contracts.mjs'))) run(['scripts/compile-contracts.mjs']);
// The types before the tests: a run on code that does not type-check says less than the compiler does (issue 28).
run([path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.']);
run([path.join(root, 'node_modules/eslint/bin/eslint.js'), '.']);
if (process.env.SKIP_CLIENT_BUILD !== '1') run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
console.log(`Running tests on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'the embedded PGlite database'}`);
run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)]);
