import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { openApiProblems } from '@tests/support/openapi-lint';
import type { OpenApiDocument, OpenApiOperation } from '@tests/support/openapi-schema';
import { API_KEY_WRITE_ROUTES } from '@/server/auth/api-key-scopes';

let t: TestApp;
let doc: OpenApiDocument & Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => { await t?.close(); });

const operation = (method: string, path: string): OpenApiOperation => doc.paths[path][method];
const mediaTypes = (method: string, path: string, status: string) => Object.keys(operation(method, path).responses[status].content ?? {});

describe('/api/docs', () => {
  it('is a valid OpenAPI 3.0 document', () => {
    expect(openApiProblems(doc)).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('shows the bearer scheme and the Idempotency-Key header on each state-changing route an API key may call', async () => {
    expect((doc.components as { securitySchemes: Record<string, unknown> }).securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(API_KEY_WRITE_ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const route of API_KEY_WRITE_ROUTES) {
      const [method, url] = route.split(' ');
      const found = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(found, route).toBeDefined();
      expect(found.security, route).toEqual(expect.arrayContaining([{ bearerAuth: [] }]));
      const header = found.parameters!.find((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
      expect(header, route).toMatchObject({ schema: { maxLength: 255 } });
    }
    expect(operation('get', '/api/credits/my').security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
  });

  it('says what bearer-auth.ts enforces: a trade key buys, retiring at once needs retire too; developer routes are for sessions', async () => {
    expect((operation('post', '/api/credits/purchase') as { description?: string }).description)
      .toMatch(/API keys need the trade scope, plus the retire scope when the body sets retireImmediately: true\./);
    expect(operation('post', '/api/developers/keys').security).toEqual([{ cookieAuth: [] }]);
    expect(operation('get', '/api/developers/webhooks').security).toEqual([{ cookieAuth: [] }]);
    for (const [method, path] of [['get', '/api/projects'], ['get', '/api/registry/retirements'], ['get', '/api/certificates/{id}/pdf']]) {
      expect(operation(method, path).security?.[0], `${path} needs no credentials`).toEqual({});
    }
  });

  it('declares the content types the server sends', () => {
    expect(mediaTypes('get', '/api/certificates/{id}/pdf', '200')).toEqual(['application/pdf']);
    expect(mediaTypes('get', '/api/certificates/{id}/qr.png', '200')).toEqual(['image/png']);
    expect(mediaTypes('get', '/api/certificates/{id}/html', '200')).toEqual(['text/html']);
    expect(mediaTypes('get', '/api/exports/transactions.csv', '200')).toEqual(['text/csv']);
    expect(mediaTypes('get', '/api/exports/retirements.json', '200')).toEqual(['application/json']);
    expect(mediaTypes('get', '/api/trading/stream/{projectId}', '200')).toEqual(['text/event-stream']);
    expect(mediaTypes('post', '/rpc', '200')).toEqual(['application/json']);
    expect(mediaTypes('post', '/api/auth/logout', '204')).toEqual([]);
    expect(Object.keys(operation('get', '/api/reports/esrs-e1-7.pdf').responses)).toEqual(expect.arrayContaining(['400', '401', '429']));
    expect(Object.keys(operation('get', '/api/certificates/{id}/pdf').responses)).toEqual(expect.arrayContaining(['404', '429']));
    expect(Object.keys(operation('post', '/api/credits/purchase').responses)).toEqual(expect.arrayContaining(['403', '415', '429']));
  });

  // The check of every response (tests/support/response-check.ts) cannot tell a 401 for a bad key from one for no
  // user: here, without any credentials, a route that needs a user answers 401 (or 400 first) and no other route does.
  it('marks exactly the routes that need a signed-in user as needing credentials', async () => {
    const { cookie } = await signUp(t.app);
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, found] of Object.entries(methods)) {
        if (!path.startsWith('/api/')) continue;
        // Ids that do not exist: an existing project would open a market stream, which never ends an inject.
        const url = path.replace(/\{\w+\}/g, '2147483647');
        const body = method === 'get' ? {} : { payload: {} };
        const signedOut = await t.app.inject({ method: method.toUpperCase() as 'GET', url, ...body });
        const needsUser = !(found.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
        if (needsUser) {
          expect([400, 401], `${method} ${path} signed out → ${signedOut.statusCode}`).toContain(signedOut.statusCode);
          if (signedOut.statusCode === 400) continue;
          const signedIn = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { cookie }, ...body });
          expect(signedIn.statusCode, `${method} ${path} signed in`).not.toBe(401);
        } else {
          expect(signedOut.statusCode, `${method} ${path} signed out`).not.toBe(401);
        }
      }
    }
  });
});
