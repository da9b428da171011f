import { randomBytes } from 'node:crypto';
import { parseWebhookSecretKey } from '@/server/config';
import { loadDataDirKey } from '@/server/data-dir-key';

export const WEBHOOK_SECRET_KEY_FILE = 'webhook-secret.key';

export interface WebhookSecretKey {
  key: Buffer;
  /** Where it came from, for the start-up log (never the key itself). */
  source: 'WEBHOOK_SECRET_KEY' | 'generated for this run' | string;
}

/**
 * The key that encrypts webhook signing secrets at rest: WEBHOOK_SECRET_KEY when set, else a key generated once and
 * kept beside the database as `<data dir>/webhook-secret.key` (base64, mode 600), like the chain's custody key, so
 * the database alone does not reveal the secrets. An in-memory embedded database forgets its endpoints anyway, so it
 * gets a fresh key per run; a PostgreSQL database outlives the process, so with DATA_DIR=memory:// it needs the
 * variable (several instances on several machines need it in any case: one key for all).
 */
export function loadWebhookSecretKey(options: { configured: Buffer | undefined; dataDir: string; databaseUrl: string | undefined }): WebhookSecretKey {
  if (options.configured) return { key: options.configured, source: 'WEBHOOK_SECRET_KEY' };
  if (options.dataDir.startsWith('memory://')) {
    if (options.databaseUrl) throw new Error('Set WEBHOOK_SECRET_KEY: with DATABASE_URL and DATA_DIR=memory:// a generated key would not outlive the process');
    return { key: randomBytes(32), source: 'generated for this run' };
  }
  const { key, file } = loadDataDirKey({
    dataDir: options.dataDir,
    fileName: WEBHOOK_SECRET_KEY_FILE,
    generate: () => randomBytes(32).toString('base64'),
    parse: parseWebhookSecretKey,
    holds: 'a base64 32-byte key',
  });
  return { key, source: file };
}
