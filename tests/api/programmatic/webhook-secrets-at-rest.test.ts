import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/server/config';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';
import type { Project } from '@/shared/schemas/project';
import { startReceiver } from './webhook-receiver';

// Issue 27, item 6: `select secret from webhook_endpoints` gave every endpoint's signing secret in the clear, so a
// database dump or a read-only SQL leak let anyone forge webhooks. They are now encrypted with WEBHOOK_SECRET_KEY.
const FAST_WEBHOOKS = { ...testConfig().webhooks, allowPrivate: true, retryBaseMs: 50, pollMs: 50, timeoutMs: 2000 };

async function endpoint(app: TestApp['app'], cookie: string, url: string) {
  const response = await postJson(app, '/api/developers/webhooks', { url, events: ['purchase.completed'] }, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string };
}

/** The published Standard Webhooks algorithm, written out so that the test checks the spec and not our code. */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const storedSecret = async (t: TestApp, id: number) =>
  (await queryRows<{ secret: string }>(t.deps, sql`select secret from webhook_endpoints where id = ${id}`))[0].secret;

async function expectSignedWith(t: TestApp, cookie: string, project: Project, secret: string, receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const before = receiver.received.length;
  await buyCredits(t.app, cookie, project, 1);
  const delivery = (await receiver.waitFor(before + 1))[before];
  const signature = expectedSignature(secret, String(delivery.headers['webhook-id']), String(delivery.headers['webhook-timestamp']), delivery.body);
  expect(delivery.headers['webhook-signature']).toBe(signature);
}

describe('a webhook signing secret at rest', () => {
  let t: TestApp;
  let project: Project;
  beforeAll(async () => {
    t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS });
    project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 1000)!;
  });
  afterAll(async () => { await t?.close(); });

  it('is not in the column, and deliveries verify with the secret returned at creation', async () => {
    const receiver = await startReceiver();
    try {
      const { cookie } = await signUp(t.app);
      const { id, secret } = await endpoint(t.app, cookie, receiver.url);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const stored = await storedSecret(t, id);
      expect(stored).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
      expect(stored).not.toContain(secret.slice('whsec_'.length, 20));
      const everything = JSON.stringify(await queryRows(t.deps, sql`select * from webhook_endpoints`));
      expect(everything).not.toContain(secret.slice('whsec_'.length));
      expect(everything).not.toContain(Buffer.from(secret.slice('whsec_'.length), 'base64').toString('hex'));
      await expectSignedWith(t, cookie, project, secret, receiver);
    } finally {
      await receiver.close();
    }
  });

  it('is sealed afresh for each endpoint, so equal texts would not show', async () => {
    const { cookie } = await signUp(t.app);
    const first = await endpoint(t.app, cookie, 'https://hooks.example.com/a');
    const second = await endpoint(t.app, cookie, 'https://hooks.example.com/b');
    expect(await storedSecret(t, first.id)).not.toBe(await storedSecret(t, second.id));
  });

  it("is not given to another account's endpoint by copying the column: its deliveries fail with a message", async () => {
    const receiver = await startReceiver();
    try {
      const victim = await signUp(t.app);
      const { id: victimEndpoint } = await endpoint(t.app, victim.cookie, 'https://hooks.example.com/victim');
      const thief = await signUp(t.app);
      const { id: thiefEndpoint } = await endpoint(t.app, thief.cookie, receiver.url);
      await t.deps.db.execute(sql`update webhook_endpoints set secret = (select secret from webhook_endpoints where id = ${victimEndpoint}) where id = ${thiefEndpoint}`);
      await buyCredits(t.app, thief.cookie, project, 1);
      await expect.poll(async () => (await queryRows<{ last_error: string | null }>(t.deps, sql`
        select last_error from webhook_deliveries where endpoint_id = ${thiefEndpoint}`))[0]?.last_error ?? null).toMatch(/cannot be decrypted/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('an endpoint stored in the clear by an earlier version', () => {
  it('still delivers, is sealed at the next start, and a server with another key refuses to start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'webhook-secrets-'));
    const receiver = await startReceiver();
    let t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS }, { persistentDataDir: dataDir });
    try {
      const { cookie } = await signUp(t.app);
      const { id } = await endpoint(t.app, cookie, receiver.url);
      // What an earlier version wrote: the secret itself.
      const legacy = `whsec_${randomBytes(32).toString('base64')}`;
      await t.deps.db.execute(sql`update webhook_endpoints set secret = ${legacy} where id = ${id}`);
      const project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 10)!;
      await expectSignedWith(t, cookie, project, legacy, receiver);

      await t.close();
      t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS }, { persistentDataDir: dataDir });
      const sealed = await storedSecret(t, id);
      expect(sealed).toMatch(/^enc:v1:/);
      expect(sealed).not.toContain(legacy.slice('whsec_'.length));
      await expectSignedWith(t, cookie, project, legacy, receiver);
      await t.close();

      const otherKey = { ...FAST_WEBHOOKS, secretKey: randomBytes(32) };
      await expect(createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: otherKey }, { persistentDataDir: dataDir })).rejects.toThrow(/WEBHOOK_SECRET_KEY does not decrypt/);
      t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS }, { persistentDataDir: dataDir });
    } finally {
      await t.close();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
