import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseWebhookSecretKey } from '@/server/config';
import { WebhookSecretBox } from '@/server/services/webhooks/webhook-secret-box';
import { loadWebhookSecretKey, WEBHOOK_SECRET_KEY_FILE } from '@/server/services/webhooks/webhook-secret-key';
import { newWebhookSecret } from '@/server/services/webhooks/sign-webhook';

describe('WebhookSecretBox', () => {
  const box = new WebhookSecretBox(randomBytes(32));
  const secret = newWebhookSecret();

  it('opens what it sealed, for the same owner, and seals the same secret differently each time', () => {
    const sealed = box.seal(secret, 7);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 16));
    expect(box.open(sealed, 7)).toBe(secret);
    expect(box.seal(secret, 7)).not.toBe(sealed);
  });

  it.each([
    ['another key', (sealed: string) => new WebhookSecretBox(randomBytes(32)).open(sealed, 7)],
    ['another owner', (sealed: string) => box.open(sealed, 8)],
    ['a changed byte', (sealed: string) => box.open(`${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BA' : 'AA'}`, 7)],
    ['a cut text', (sealed: string) => box.open(sealed.slice(0, 20), 7)],
    ['text that is neither sealed nor a secret', () => box.open('hello', 7)],
  ])('refuses to open it with %s', (_name, open) => {
    expect(() => open(box.seal(secret, 7))).toThrow("The endpoint's signing secret cannot be decrypted with this server's WEBHOOK_SECRET_KEY");
  });

  it('passes a secret stored in the clear by an earlier version through', () => {
    expect(box.open(secret, 7)).toBe(secret);
  });

  it('wants a 32-byte key', () => {
    expect(() => new WebhookSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('WEBHOOK_SECRET_KEY', () => {
  const key = randomBytes(32);
  it.each([
    ['hex', key.toString('hex')], ['base64', key.toString('base64')], ['base64 without padding', key.toString('base64').replace(/=$/, '')],
    ['base64url', key.toString('base64url')],
  ])('is read from %s', (_name, text) => {
    expect(parseWebhookSecretKey(text)).toEqual(key);
    expect(loadConfig({ WEBHOOK_SECRET_KEY: text }).webhooks.secretKey).toEqual(key);
  });

  it.each(['short', key.toString('hex').slice(2), randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), `${key.toString('hex')}00`])('refuses %s', (text) => {
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: text })).toThrow(/WEBHOOK_SECRET_KEY: must be 32 bytes/);
  });

  it('is optional', () => {
    expect(loadConfig({}).webhooks.secretKey).toBeUndefined();
  });
});

describe('loadWebhookSecretKey', () => {
  const dirs: string[] = [];
  afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });
  const dataDir = () => { const dir = mkdtempSync(path.join(tmpdir(), 'webhook-key-')); dirs.push(dir); return dir; };

  it('takes the configured key first', () => {
    const configured = randomBytes(32);
    expect(loadWebhookSecretKey({ configured, dataDir: dataDir(), databaseUrl: undefined })).toEqual({ key: configured, source: 'WEBHOOK_SECRET_KEY' });
  });

  it('generates one once in DATA_DIR (mode 600) and reads it back on the next start', () => {
    const dir = dataDir();
    const first = loadWebhookSecretKey({ configured: undefined, dataDir: path.join(dir, 'nested'), databaseUrl: undefined });
    const file = path.join(dir, 'nested', WEBHOOK_SECRET_KEY_FILE);
    expect(first.source).toBe(file);
    expect(first.key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first.key);
    expect(loadWebhookSecretKey({ configured: undefined, dataDir: path.join(dir, 'nested'), databaseUrl: 'postgres://x' }).key).toEqual(first.key);
  });

  it('gives an in-memory embedded database a key for this run, and wants the variable for PostgreSQL without a data directory', () => {
    expect(loadWebhookSecretKey({ configured: undefined, dataDir: 'memory://', databaseUrl: undefined }).source).toBe('generated for this run');
    expect(() => loadWebhookSecretKey({ configured: undefined, dataDir: 'memory://', databaseUrl: 'postgres://x' })).toThrow(/Set WEBHOOK_SECRET_KEY/);
  });

  it('refuses a key file that does not hold a key', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, WEBHOOK_SECRET_KEY_FILE), 'not a key\n');
    expect(() => loadWebhookSecretKey({ configured: undefined, dataDir: dir, databaseUrl: undefined })).toThrow(/does not hold a base64 32-byte key/);
  });
});
