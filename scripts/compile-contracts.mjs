// Compiles contracts/*.sol with the bundled `solc` npm compiler (no download, no network) into
// build/contracts/<Name>.json ({ contractName, abi, bytecode, deployedBytecode, compiler }).
// Usage: node scripts/compile-contracts.mjs [--force]
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS_DIR = path.join(ROOT, 'contracts');
const BUILD_DIR = path.join(ROOT, 'build', 'contracts');
const CONTRACT_NAMES = ['CarbonCredit'];

// Settings are part of the output's identity: a change here must rebuild, so this file counts as a source.
const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function listSources() {
  return readdirSync(CONTRACTS_DIR, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.sol'))
    .map((file) => path.join(CONTRACTS_DIR, file));
}

// OpenZeppelin only changes with an install, which rewrites its package.json.
function inputPaths() {
  return [...listSources(), fileURLToPath(import.meta.url), require.resolve('@openzeppelin/contracts/package.json'), require.resolve('solc/package.json')];
}

function isUpToDate(outputs) {
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutputMs = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return inputPaths().every((file) => statSync(file).mtimeMs < oldestOutputMs);
}

function findImport(importPath) {
  try {
    return { contents: readFileSync(require.resolve(importPath), 'utf8') };
  } catch {
    return { error: `File not found: ${importPath}` };
  }
}

/**
 * Compiles the contracts unless every artifact is newer than every source.
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ compiled: boolean, artifacts: string[] }>} absolute artifact paths
 */
export async function compileContracts({ force = false, log = () => {} } = {}) {
  const artifacts = CONTRACT_NAMES.map((name) => path.join(BUILD_DIR, `${name}.json`));
  if (!force && isUpToDate(artifacts)) return { compiled: false, artifacts };
  return withBuildLock(async () => {
    // Another process may have finished the same build while this one waited for the lock.
    if (!force && isUpToDate(artifacts)) return { compiled: false, artifacts };
    compile(log);
    return { compiled: true, artifacts };
  });
}

// One compiler at a time across processes (parallel test files, the server): the losers wait and reuse the result
// instead of each spending seconds of CPU on the same build. A lock older than LOCK_STALE_MS is from a dead process.
const LOCK_STALE_MS = 120_000;

async function withBuildLock(task) {
  const lock = path.join(BUILD_DIR, '.compile-lock');
  mkdirSync(BUILD_DIR, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const ageMs = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (ageMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await task();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function compile(log) {
  const solc = require('solc');
  const sources = Object.fromEntries(
    listSources().map((file) => [path.relative(ROOT, file).split(path.sep).join('/'), { content: readFileSync(file, 'utf8') }]),
  );
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const problems = output.errors ?? [];
  for (const problem of problems) log(problem.formattedMessage);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  mkdirSync(BUILD_DIR, { recursive: true });
  for (const name of CONTRACT_NAMES) {
    const entry = Object.entries(output.contracts).find(([, contracts]) => contracts[name])?.[1][name];
    if (!entry) throw new Error(`Contract ${name} not found in compiler output`);
    const artifact = {
      contractName: name,
      abi: entry.abi,
      bytecode: `0x${entry.evm.bytecode.object}`,
      deployedBytecode: `0x${entry.evm.deployedBytecode.object}`,
      compiler: { version: solc.version(), settings: { evmVersion: SETTINGS.evmVersion, optimizer: SETTINGS.optimizer } },
    };
    // Write then rename, so a process reading the artifact (parallel test files compile too) never sees half a file.
    const target = path.join(BUILD_DIR, `${name}.json`);
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(artifact, null, 2)}\n`);
    renameSync(partial, target);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const startedMs = performance.now();
  const { compiled, artifacts } = await compileContracts({ force: process.argv.includes('--force'), log: console.warn });
  const elapsedMs = Math.round(performance.now() - startedMs);
  const what = artifacts.map((file) => path.relative(ROOT, file)).join(', ');
  console.log(compiled ? `Compiled ${what} in ${elapsedMs} ms` : `${what} up to date`);
}
