import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCustodyKey } from '@/server/chain/custody-key';
import { loadWebhookSecretKey } from '@/server/services/webhooks/webhook-secret-key';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'carbon-keys-'));

describe('keys kept beside the database', () => {
  it('generates the custody key once, mode 600, and reads the same key on the next start', () => {
    const dataDir = freshDir();
    const first = loadCustodyKey({ configured: undefined, dataDir });
    expect(first.privateKey).toMatch(/^0x[0-9a-f]{64}$/i);
    expect(first.source).toBe(path.join(dataDir, 'chain-custody.key'));
    expect(statSync(first.source).mode & 0o777).toBe(0o600);
    expect(loadCustodyKey({ configured: undefined, dataDir }).privateKey).toBe(first.privateKey);
  });

  it('generates the webhook secret key once and reads it back, separately from the custody key', () => {
    const dataDir = freshDir();
    const first = loadWebhookSecretKey({ configured: undefined, dataDir, databaseUrl: undefined });
    expect(first.key).toHaveLength(32);
    expect(loadWebhookSecretKey({ configured: undefined, dataDir, databaseUrl: undefined }).key.equals(first.key)).toBe(true);
    expect(readFileSync(path.join(dataDir, 'webhook-secret.key'), 'utf8').trim()).toBe(first.key.toString('base64'));
  });

  it('refuses a file that holds no key instead of replacing it', () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, 'chain-custody.key'), 'not a key\n');
    expect(() => loadCustodyKey({ configured: undefined, dataDir })).toThrow(/does not hold a 0x-prefixed 32-byte hex key/);
    writeFileSync(path.join(dataDir, 'webhook-secret.key'), 'short\n');
    expect(() => loadWebhookSecretKey({ configured: undefined, dataDir, databaseUrl: undefined })).toThrow(/does not hold a base64 32-byte key/);
    expect(readFileSync(path.join(dataDir, 'chain-custody.key'), 'utf8')).toBe('not a key\n');
  });
});
