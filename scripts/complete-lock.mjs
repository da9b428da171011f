#!/usr/bin/env node
// Adds to package-lock.json the optional platform packages (rollup, tailwind's oxide…) that the registry mirror of
// these machines does not serve: npm drops them from the lock it writes here, and `npm ci` then refuses the lock
// ("Missing: @rollup/rollup-darwin-arm64 from lock file"). Each added entry carries the os/cpu/libc that its name
// states, so npm skips it on other platforms without fetching it and installs it where it fits.
// Run it after any `npm install` that rewrote the lock: `node scripts/complete-lock.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32'];

/** The platform fields a package name like `@rollup/rollup-linux-arm-musleabihf` states, or null if it states none. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const cpu = parts.find((part) => CPU.includes(part));
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  const os = parts.find((part) => OS.includes(part));
  if (!os || !cpu) return null;
  const libc = parts.some((part) => part.startsWith('musl')) ? ['musl'] : parts.some((part) => part.startsWith('gnu')) ? ['glibc'] : null;
  return { cpu: [cpu], os: [os], ...(os === 'linux' && libc ? { libc } : {}) };
}

/** Where node would find `dependency` from the package at `location`, or null when the lock has no such entry. */
function resolve(packages, location, dependency) {
  for (let base = location; ; ) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dependency}`;
    if (packages[candidate]) return candidate;
    if (base === '') return null;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

const lockPath = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [dependency, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolve(lock.packages, location, dependency)) continue;
    const platform = platformOf(dependency);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) {
      console.warn(`complete-lock: ${dependency}@${spec} (optional for ${location}) left out: no platform in its name or no exact version`);
      continue;
    }
    // Hoisted like npm does, unless another version already sits at the top.
    const top = `node_modules/${dependency}`;
    const target = lock.packages[top] ? `${location}/node_modules/${dependency}` : top;
    lock.packages[target] = { version: spec, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added.push(`${dependency}@${spec}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `complete-lock: added ${added.length} platform packages` : 'complete-lock: nothing missing');
