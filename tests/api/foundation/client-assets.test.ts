import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';

// A built client as `vite build` leaves it: hashed assets with .br/.gz beside them, unhashed public files.
const SCRIPT = `console.log(${JSON.stringify('carbon '.repeat(400))});`;
const SHELL = '<!doctype html><div id="root"></div>';
const LANDING = `<!doctype html><div id="root"><h1>Carbon Credits on Blockchain</h1>${'<p>markup</p>'.repeat(200)}</div>`;
const SIGN_IN = '<!doctype html><div id="root"><h1>Welcome to CarbonLedger</h1></div>';
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'client-assets-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dir, 'prerendered'));
  writeFileSync(path.join(dir, 'prerendered/landing.html'), LANDING);
  writeFileSync(path.join(dir, 'prerendered/landing.html.br'), brotliCompressSync(LANDING));
  writeFileSync(path.join(dir, 'prerendered/landing.html.gz'), gzipSync(LANDING));
  writeFileSync(path.join(dir, 'prerendered/signin.html'), SIGN_IN);
  t = await createTestApp({}, { clientDist: dir });
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(cookie ? { cookie } : {}) } });

describe('hashed assets under /assets', () => {
  it('are sent brotli-compressed to browsers that accept it, gzip to those that accept only gzip', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('are cached for a year as immutable: a new build gives them new names', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-Ab12Cd34.js', encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('unhashed public files', () => {
  it('are cached for an hour only, since they may change under the same name', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('leave the app shell uncached so that a new build is picked up at once', async () => {
    const response = await get('/marketplace');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

// Issue #18: the landing and sign-in pages come prerendered (scripts/prerender-plugin.ts) to visitors who are not
// signed in, so their first paint needs nothing but the HTML.
describe('prerendered pages', () => {
  it('answer / and /signin without a session cookie, compressed when the browser accepts it', async () => {
    const br = await get('/', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LANDING);
    expect(gunzipSync((await get('/', 'gzip')).rawPayload).toString()).toBe(LANDING);
    expect((await get('/')).body).toBe(LANDING);
    // No compressed copy beside it: sent as it is.
    const signIn = await get('/signin', 'br');
    expect(signIn.headers['content-encoding']).toBeUndefined();
    expect(signIn.body).toBe(SIGN_IN);
  });

  it('give way to the app shell for a session, a query string and every other route', async () => {
    expect((await get('/', undefined, 'sid=some-session')).body).toBe(SHELL);
    expect((await get('/signin', undefined, 'sid=some-session')).body).toBe(SHELL);
    expect((await get('/signin?mode=register')).body).toBe(SHELL);
    expect((await get('/marketplace')).body).toBe(SHELL);
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(SHELL);
  });
});
