import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates } from '@/server/db/schema';
import type { Certificate } from '@/shared/schemas/certificate';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { expectedDigest, retire } from './retirement-kit';
import { buyCredits, listProjects } from '@tests/support/api-calls';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  projects = await listProjects(t.app);
});
afterAll(() => t.close());

async function retiredCertificate(reason = 'Scope 1 compensation', options: { companyName?: string; quantity?: number } = {}) {
  const { cookie } = await signUp(t.app, { firstName: 'Ada', companyName: options.companyName });
  const { credit } = await buyCredits(t.app, cookie, projects[0], 10);
  const response = await retire(t.app, cookie, credit.id, { reason, quantity: options.quantity ?? 4 });
  expect(response.statusCode).toBe(201);
  return { cookie, credit, certificateId: response.json().certificateId as string };
}

const getJson = (id: string) => t.app.inject({ method: 'GET', url: `/api/certificates/${id}`, headers: { host: 'carbon.example:8443' } });

describe('GET /api/certificates/:id', () => {
  it('is public JSON with the full content, the digest and the verified state', async () => {
    const { credit, certificateId } = await retiredCertificate('Scope 1 compensation', { companyName: 'Northwind' });
    const response = await getJson(certificateId);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Certificate;
    expect(body).toMatchObject({
      certificateId, beneficiary: 'Northwind', projectId: projects[0].id, projectName: projects[0].name, standard: projects[0].standard,
      standardLabel: 'Verra VCS', projectType: projects[0].projectType, country: projects[0].country, vintageYear: projects[0].vintageYear,
      quantity: 4, serialStart: credit.serialStart, serialEnd: credit.serialStart + 3, reason: 'Scope 1 compensation',
      chainTxHash: null, digestAlgorithm: 'SHA-256', verified: true,
      // The listen address, not the Host the request named (PUBLIC_ORIGIN is unset here).
      certificateUrl: `http://127.0.0.1:${t.deps.config.port}/certificates/${certificateId}`,
    });
    expect(body.serialRange).toBe(`${projects[0].serialPrefix}-${String(credit.serialStart).padStart(6, '0')}–${String(credit.serialStart + 3).padStart(6, '0')}`);
    expect(new Date(body.retirementDate).toISOString()).toBe(body.retirementDate);
    expect(body.digest).toBe(expectedDigest(body));
  });

  it('accepts a lower-case id and answers 404 for unknown or malformed ids', async () => {
    const { certificateId } = await retiredCertificate();
    expect((await getJson(certificateId.toLowerCase())).statusCode).toBe(200);
    for (const id of ['CERT-AAAAAAAAAAAAAAAA', 'nope', '1']) {
      const response = await getJson(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Certificate not found' });
    }
  });

  it('issues unguessable, distinct ids', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i += 1) ids.add((await retiredCertificate(`r${i}`)).certificateId);
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^CERT-[A-Z2-7]{16}$/);
  });

  it('shows an altered certificate as not verified: the digest changes and the ledger disagrees', async () => {
    const { certificateId } = await retiredCertificate();
    const before = (await getJson(certificateId)).json() as Certificate;
    await t.deps.db.update(certificates).set({ quantity: 400, serialEnd: before.serialStart + 399 }).where(eq(certificates.id, certificateId));
    const after = (await getJson(certificateId)).json() as Certificate;
    expect(after.digest).not.toBe(before.digest);
    expect(after.digest).toBe(expectedDigest(after));
    expect(after.verified).toBe(false);
  });
});

describe('certificate documents', () => {
  const xss = '<img src=x onerror=alert(1)>';

  it('keep user text raw in JSON and escaped in the HTML document', async () => {
    const { certificateId } = await retiredCertificate(xss, { companyName: '"><script>alert(2)</script>' });
    const json = (await getJson(certificateId)).json() as Certificate;
    expect(json.reason).toBe(xss);
    const html = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificateId}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.body).not.toContain('<img src=x');
    expect(html.body).not.toContain('<script');
    expect(html.body).toContain('&quot;&gt;&lt;script&gt;');
    expect(html.body).toContain(certificateId);
    expect(html.body).toContain('data:image/png;base64,');
    expect(html.body).toContain(json.digest);
    expect(html.body).toContain('Pending anchoring');
    expect(html.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('download the HTML as retirement-certificate-<id>.html when asked', async () => {
    const { certificateId } = await retiredCertificate();
    const response = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificateId}/html?download=1` });
    expect(response.headers['content-disposition']).toBe(`attachment; filename="retirement-certificate-${certificateId}.html"`);
  });

  it('render a PDF that survives hostile and non-Latin text', async () => {
    const { certificateId } = await retiredCertificate(`${xss} — 碳中和 🌳 ${'long'.repeat(100)}`);
    const response = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificateId}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="retirement-certificate-${certificateId}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    expect(pdf.length).toBeGreaterThan(3000);
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/CERT-AAAAAAAAAAAAAAAA/pdf' })).statusCode).toBe(404);
  });

  it('serve a PNG QR code of the certificate page', async () => {
    const { certificateId } = await retiredCertificate();
    const response = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificateId}/qr.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
