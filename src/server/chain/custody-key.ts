import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';

export const CUSTODY_KEY_FILE = 'chain-custody.key';
const KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

export interface CustodyKey {
  privateKey: Hex;
  /** Where it came from, for the start-up log (never the key itself). */
  source: 'CHAIN_PRIVATE_KEY' | 'generated for this run' | string;
}

/**
 * The embedded chain's custody key (deployer, minter and holder of every custodial token). The journal can only be
 * replayed by the key that signed it, so the key must outlive restarts: CHAIN_PRIVATE_KEY when set, else a key
 * generated once and kept beside the database as `<data dir>/chain-custody.key` (mode 600). An in-memory database
 * forgets its journal anyway, so it gets a fresh key per run.
 */
export function loadCustodyKey(options: { configured: Hex | undefined; dataDir: string }): CustodyKey {
  if (options.configured) return { privateKey: options.configured, source: 'CHAIN_PRIVATE_KEY' };
  if (options.dataDir.startsWith('memory://')) return { privateKey: generatePrivateKey(), source: 'generated for this run' };
  const file = path.join(options.dataDir, CUSTODY_KEY_FILE);
  const existing = readKey(file);
  if (existing) return { privateKey: existing, source: file };
  mkdirSync(options.dataDir, { recursive: true });
  const privateKey = generatePrivateKey();
  try {
    // 'wx' refuses to overwrite: if another process created the file first, its key wins below.
    writeFileSync(file, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const stored = readKey(file);
  if (!stored) throw new Error(`${file} does not hold a 0x-prefixed 32-byte hex key`);
  return { privateKey: stored, source: file };
}

function readKey(file: string): Hex | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!KEY_PATTERN.test(text)) throw new Error(`${file} does not hold a 0x-prefixed 32-byte hex key`);
  return text as Hex;
}
