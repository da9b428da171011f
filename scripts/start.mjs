#!/usr/bin/env node
// `npm start` (the server) and `npm run chain` (`start.mjs chain`: the chain node alone): rebuilds every output that
// is missing or older than its sources (contract artifacts, client bundle, compiled server), then runs the compiled
// JavaScript from dist/server. After a `git pull` the next start serves the new code, not the old bundle.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverProcessEnv } from './server-env.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = process.argv[2] === 'chain' ? 'chain-node' : 'main';
const run = (args) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Newest modification time under the given files and directories (0 when none exists). */
function newestMs(paths) {
  let newest = 0;
  for (const relative of paths) {
    const file = path.join(root, relative);
    if (!existsSync(file)) continue;
    const stat = statSync(file);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else for (const name of readdirSync(file)) newest = Math.max(newest, newestMs([path.join(relative, name)]));
  }
  return newest;
}

/** An output needs building when it is missing or older than any of its sources (only checked where sources exist). */
const stale = (output, sources) => !existsSync(path.join(root, output)) || newestMs(sources) > statSync(path.join(root, output)).mtimeMs;

const SHARED = ['src/shared', 'src/domain', 'package-lock.json', 'tsconfig.json'];
run(['scripts/compile-contracts.mjs']);
if (entry === 'main' && stale('dist/client/index.html', ['src/client', 'index.html', 'vite.config.ts', 'public', ...SHARED])) {
  run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
}
if (stale(`dist/server/${entry}.js`, ['src/server', 'drizzle', 'scripts/build-server.mjs', ...SHARED])) run(['scripts/build-server.mjs']);

const child = spawn(process.execPath, ['--enable-source-maps', `dist/server/${entry}.js`], { cwd: root, stdio: 'inherit', env: serverProcessEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
