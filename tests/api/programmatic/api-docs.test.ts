import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { API_KEY_WRITE_ROUTES } from '../../../src/server/auth/api-key-scopes';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('/api/docs', () => {
  it('shows the bearer scheme and the Idempotency-Key header on each state-changing route an API key may call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(API_KEY_WRITE_ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const route of API_KEY_WRITE_ROUTES) {
      const [method, url] = route.split(' ');
      const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(operation.security, route).toEqual(expect.arrayContaining([{ bearerAuth: [] }]));
      const header = operation.parameters.find((parameter: { in: string; name: string }) => parameter.in === 'header' && parameter.name === 'idempotency-key');
      expect(header, route).toMatchObject({ schema: { maxLength: 255 } });
    }
    expect(doc.paths['/api/credits/my'].get.security).toEqual(expect.arrayContaining([{ bearerAuth: [] }]));
    expect(doc.paths['/api/developers/keys'].post.security).toBeUndefined();
  });
});
