import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { loadDataDirKey } from '@/server/data-dir-key';

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
  const { key, file } = loadDataDirKey({
    dataDir: options.dataDir,
    fileName: CUSTODY_KEY_FILE,
    generate: generatePrivateKey,
    parse: (text) => (KEY_PATTERN.test(text) ? (text as Hex) : null),
    holds: 'a 0x-prefixed 32-byte hex key',
  });
  return { privateKey: key, source: file };
}
