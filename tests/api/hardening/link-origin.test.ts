import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { certificateQrPng } from '@/server/services/certificate-documents';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { pdfText } from '@tests/support/pdf-text';

// Issue 27, item 4: without PUBLIC_ORIGIN the links the server hands out (certificate URLs, their QR codes and PDFs,
// the registry, the exports, the RPC URL) were built from the request's Host header, so whoever sends the request
// chooses where a printed certificate points. And the Origin check compared host and port but not the scheme.
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

interface Scene { t: TestApp; cookie: string; certificateId: string }

async function scene(overrides: Partial<Config> = {}): Promise<Scene> {
  const t = await createTestApp({ ...ROOMY_RATE_LIMIT, ...overrides });
  const { cookie } = await signUp(t.app);
  const { credit } = await buyCredits(t.app, cookie, await findProject(t.app, 'Gazi Bay Mangrove Restoration'), 3);
  const retired = await postJson(t.app, `/api/credits/${credit.id}/retire`, { reason: 'Net zero', quantity: 1 }, cookie);
  return { t, cookie, certificateId: retired.json().certificateId };
}

/** Every answer that carries a link, fetched with the given headers: the bodies as text, the QR code as an image. */
async function links({ t, cookie, certificateId }: Scene, headers: Record<string, string>) {
  const get = (url: string, signedIn = false) => t.app.inject({ method: 'GET', url, headers: { ...headers, ...(signedIn ? { cookie } : {}) } });
  const texts: Record<string, string> = {
    certificate: (await get(`/api/certificates/${certificateId}`)).json().certificateUrl,
    html: (await get(`/api/certificates/${certificateId}/html`)).body,
    // The PDF wraps the URL under its QR code.
    pdf: (await pdfText((await get(`/api/certificates/${certificateId}/pdf`)).rawPayload)).replaceAll('\n', ''),
    verify: (await get(`/api/verify?query=${certificateId}`)).json().certificate.certificateUrl,
    registry: (await get('/api/registry/retirements')).json().retirements[0].certificateUrl,
    registryCsv: (await get('/api/registry/retirements.csv')).body,
    exportCsv: (await get('/api/exports/retirements.csv', true)).body,
    exportJson: (await get('/api/exports/retirements.json', true)).body,
    rpc: (await get('/api/chain/info')).json().rpcUrl,
  };
  return { texts, qr: (await get(`/api/certificates/${certificateId}/qr.png`)).rawPayload };
}

async function expectLinksTo(subject: Scene, origin: string, headers: Record<string, string>) {
  const { texts, qr } = await links(subject, headers);
  for (const [name, text] of Object.entries(texts)) {
    expect(text, name).not.toContain('evil.example');
    expect(text, name).toContain(name === 'rpc' ? `${origin}/rpc` : `${origin}/certificates/${subject.certificateId}`);
  }
  expect(qr.equals(await certificateQrPng(`${origin}/certificates/${subject.certificateId}`)), 'QR code').toBe(true);
}

describe('links without PUBLIC_ORIGIN', () => {
  let subject: Scene;
  beforeAll(async () => { subject = await scene(); });
  afterAll(async () => { await subject?.t.close(); });

  it('point to the configured listen address, whatever Host the request names', async () => {
    const { host, port } = subject.t.deps.config;
    await expectLinksTo(subject, `http://${host}:${port}`, FORGED);
    await expectLinksTo(subject, `http://${host}:${port}`, { host: `${host}:${port}` });
  });

  it('point to the port the server really listens on once it does', async () => {
    await subject.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = subject.t.app.server.address() as AddressInfo;
    await expectLinksTo(subject, `http://127.0.0.1:${port}`, FORGED);
  });
});

describe('links without PUBLIC_ORIGIN behind a trusted proxy', () => {
  let subject: Scene;
  beforeAll(async () => { subject = await scene({ trustProxy: true, host: '0.0.0.0', port: 8080 }); });
  afterAll(async () => { await subject?.t.close(); });

  it('ignore X-Forwarded-Host too, and name localhost for a wildcard listen address', async () => {
    await expectLinksTo(subject, 'http://localhost:8080', FORGED);
  });
});

describe('links with PUBLIC_ORIGIN', () => {
  let subject: Scene;
  beforeAll(async () => { subject = await scene({ publicOrigin: 'https://carbon.example' }); });
  afterAll(async () => { await subject?.t.close(); });

  it('point to it, whatever Host the request names', async () => {
    await expectLinksTo(subject, 'https://carbon.example', FORGED);
  });
});

describe('the Origin check', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
  afterAll(async () => { await t?.close(); });

  const logout = (headers: Record<string, string>, app = t.app) => app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('compares the scheme and the port as well as the host', async () => {
    for (const origin of ['https://market.example', 'http://market.example:8080', 'http://market.example.evil.example', 'https://market.example:80']) {
      const response = await logout({ host: 'market.example', origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-origin request refused' });
    }
    expect((await logout({ host: 'market.example', referer: 'https://market.example/portfolio' })).statusCode).toBe(403);
    for (const origin of ['http://market.example', 'http://market.example:80', 'HTTP://Market.Example']) {
      expect((await logout({ host: 'market.example', origin })).statusCode, origin).toBe(204);
    }
    expect((await logout({ host: 'market.example:8080', origin: 'http://market.example:8080' })).statusCode).toBe(204);
  });

  it('takes the scheme a trusted proxy names, and PUBLIC_ORIGIN by its scheme too', async () => {
    const proxied = await createTestApp({ ...ROOMY_RATE_LIMIT, trustProxy: true, publicOrigin: 'https://front.example' });
    try {
      expect((await logout({ host: 'market.example', 'x-forwarded-proto': 'https', origin: 'https://market.example' }, proxied.app)).statusCode).toBe(204);
      expect((await logout({ host: 'market.example', origin: 'https://market.example' }, proxied.app)).statusCode).toBe(403);
      expect((await logout({ host: 'api.example', origin: 'https://front.example' }, proxied.app)).statusCode).toBe(204);
      expect((await logout({ host: 'api.example', origin: 'http://front.example' }, proxied.app)).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
