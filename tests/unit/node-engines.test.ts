import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 27, item 5: the project runs on Node ≥ 20.19 (package.json engines, DESIGN.md), so no package it installs may
// ask for more: cookie@2.0.2 declared Node ≥ 22 and `npm ci` printed EBADENGINE on Node 20.
const OLDEST_NODE = '20.19.0';
const ROOT = path.resolve(import.meta.dirname, '../..');
// semver has no bundled types and is only needed here: its one function, typed.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

interface Manifest { version?: string; engines?: { node?: string } }

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Every package directory under a node_modules folder, scoped ones and nested node_modules included, each once. */
function installedPackages(nodeModules: string, seen = new Set<string>()): string[] {
  if (!existsSync(nodeModules)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue; // .bin, .package-lock.json, caches
    const directories = entry.startsWith('@')
      ? readdirSync(path.join(nodeModules, entry)).map((name) => path.join(nodeModules, entry, name))
      : [path.join(nodeModules, entry)];
    for (const directory of directories) {
      const real = realpathSync(directory);
      if (seen.has(real) || !existsSync(path.join(directory, 'package.json'))) continue;
      seen.add(real);
      found.push(directory, ...installedPackages(path.join(directory, 'node_modules'), seen));
    }
  }
  return found;
}

/** `path@version needs node RANGE` for each manifest whose engines.node range the oldest supported Node misses. */
function tooNew(manifests: Array<{ where: string; manifest: Manifest }>): string[] {
  return manifests
    .filter(({ manifest }) => typeof manifest.engines?.node === 'string' && !semver.satisfies(OLDEST_NODE, manifest.engines.node))
    .map(({ where, manifest }) => `${where}@${manifest.version ?? '?'} needs node ${manifest.engines!.node}`);
}

describe(`every dependency runs on Node ${OLDEST_NODE}`, () => {
  it('is what package.json promises', () => {
    expect(readJson<Manifest>(path.join(ROOT, 'package.json')).engines?.node).toBe(`>=${OLDEST_NODE}`);
  });

  it('holds for every package the lock file installs (what `npm ci` checks)', () => {
    const lock = readJson<{ packages: Record<string, Manifest & { os?: string[]; cpu?: string[]; optional?: boolean }> }>(path.join(ROOT, 'package-lock.json'));
    const entries = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      // An optional platform binary for another system is never installed here (npm skips it by os and cpu).
      .filter(([, entry]) => !(entry.optional && ((entry.os && !entry.os.includes(process.platform)) || (entry.cpu && !entry.cpu.includes(process.arch)))))
      .map(([where, manifest]) => ({ where, manifest }));
    expect(entries.length).toBeGreaterThan(100);
    expect(tooNew(entries)).toEqual([]);
  });

  it('holds for every package.json installed under node_modules, nested ones included', () => {
    const directories = installedPackages(path.join(ROOT, 'node_modules'));
    expect(directories.length).toBeGreaterThan(100);
    const manifests = directories.map((directory) => ({
      where: path.relative(ROOT, directory), manifest: readJson<Manifest>(path.join(directory, 'package.json')),
    }));
    expect(tooNew(manifests)).toEqual([]);
  });
});
