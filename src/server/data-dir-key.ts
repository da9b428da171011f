import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirKeyFile<K> {
  dataDir: string;
  /** The file's name under the data directory. */
  fileName: string;
  /** A new key, as the file stores it. */
  generate(): string;
  /** The key a file's text holds, or null when it holds none. */
  parse(text: string): K | null;
  /** What the file must hold, for the error when it does not ("a base64 32-byte key"). */
  holds: string;
}

/**
 * A key kept beside the database (`<data dir>/<file>`, mode 600): read when the file exists, else generated once.
 * Several processes starting at once agree on one key: the file is created with 'wx', which refuses to overwrite, so
 * the first writer's key wins and everyone reads it back.
 */
export function loadDataDirKey<K>(options: DataDirKeyFile<K>): { key: K; file: string } {
  const file = path.join(options.dataDir, options.fileName);
  const existing = readKey(file, options);
  if (existing) return { key: existing, file };
  mkdirSync(options.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${options.generate()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const stored = readKey(file, options);
  if (!stored) throw new Error(`${file} does not hold ${options.holds}`);
  return { key: stored, file };
}

function readKey<K>(file: string, options: DataDirKeyFile<K>): K | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = options.parse(text);
  if (key === null) throw new Error(`${file} does not hold ${options.holds}`);
  return key;
}
