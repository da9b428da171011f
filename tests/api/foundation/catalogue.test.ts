import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TYPES, STANDARDS } from '@/shared/constants';
import { project as projectSchema, type Project } from '@/shared/schemas/project';
import { platformStats as platformStatsSchema } from '@/shared/schemas/stats';
import { buildCheckedApp, createTestApp, type TestApp } from '@tests/support/test-app';
import { getAs } from '@tests/support/api-calls';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../public');

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('GET /api/projects', () => {
  let list: Project[];
  beforeAll(async () => {
    const response = await getAs(t.app, '/api/projects');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    list = z.array(projectSchema).parse(response.json());
  });

  it('lists at least 12 projects covering every project type and every standard', () => {
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(new Set(list.map((p) => p.projectType))).toEqual(new Set(PROJECT_TYPES));
    expect(new Set(list.map((p) => p.standard))).toEqual(new Set(STANDARDS));
    expect(new Set(list.map((p) => p.country)).size).toBeGreaterThanOrEqual(6);
  });

  it('prices every project between $5 and $80 as a 2-decimal string', () => {
    for (const p of list) {
      expect(p.pricePerCredit).toMatch(/^\d+\.\d{2}$/);
      expect(Number(p.pricePerCredit)).toBeGreaterThanOrEqual(5);
      expect(Number(p.pricePerCredit)).toBeLessThanOrEqual(80);
    }
  });

  it('has vintages 2018–2025, availability in the thousands and real coordinates', () => {
    for (const p of list) {
      expect(p.vintageYear).toBeGreaterThanOrEqual(2018);
      expect(p.vintageYear).toBeLessThanOrEqual(2025);
      expect(p.availableCredits).toBeGreaterThanOrEqual(1000);
      expect(p.availableCredits).toBeLessThanOrEqual(p.totalCredits);
      expect(Math.abs(p.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
    }
    expect(new Set(list.map((p) => p.vintageYear)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(list.map((p) => p.serialPrefix)).size).toBe(list.length);
  });

  it('points every image at an SVG shipped with the app', () => {
    for (const p of list) {
      expect(p.imageUrl).toMatch(/^\/images\/projects\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(PUBLIC_DIR, p.imageUrl!))).toBe(true);
    }
  });
});

describe('GET /api/stats/platform', () => {
  it('answers the platform totals, with the issued tonnes of the catalogue', async () => {
    const response = await getAs(t.app, '/api/stats/platform');
    expect(response.statusCode).toBe(200);
    const stats = platformStatsSchema.strict().parse(response.json());
    const list = (await getAs(t.app, '/api/projects')).json() as Project[];
    expect(stats.totalCredits).toBe(list.reduce((sum, p) => sum + p.totalCredits, 0));
    expect(stats.co2Offset).toBe(0);
    expect(stats.companiesActive).toBeGreaterThanOrEqual(0);
    expect(stats.transactionVolume).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('unknown paths', () => {
  it('answers JSON 404 for an unknown /api route, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: `Route ${method} /api/no-such-thing not found` });
    }
  });

  describe('with a built client', () => {
    let dir: string;
    let withClient: FastifyInstance;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'client-dist-'));
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Carbon</title><div id="root"></div>');
      withClient = await buildCheckedApp(t.deps, { clientDist: dir });
      await withClient.ready();
    });
    afterAll(async () => {
      await withClient?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('still answers JSON 404 under /api, and the app shell with 404 elsewhere', async () => {
      const api = await getAs(withClient, '/api/nope');
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Route GET /api/nope not found' });

      const page = await getAs(withClient, '/no-such-page');
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="root">');

      expect((await getAs(withClient, '/marketplace')).statusCode).toBe(200);
    });
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI document generated from the route schemas', async () => {
    const response = await getAs(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of ['/api/auth/register', '/api/auth/login', '/api/auth/user', '/api/projects', '/api/stats/platform', '/api/stats/user', '/api/credits/my', '/api/transactions/my']) {
      expect(doc.paths).toHaveProperty([route]);
    }
    const purchase = doc.paths['/api/credits/purchase'].post;
    const body = purchase.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['projectId', 'quantity', 'pricePerCredit']));
    // The quantity bounds come from the zod schema the route validates with, so the document cannot drift.
    expect(body.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 1_000_000_000 });
    expect(Object.keys(purchase.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409', '422']));
  });
});
