import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

// A built client as `vite build` leaves it: hashed assets with .br/.gz beside them, unhashed public files.
const SCRIPT = `console.log(${JSON.stringify('carbon '.repeat(400))});`;
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'client-assets-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { clientDist: dir });
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

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
