import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { createTestApp, SIGN_UP_PASSWORD, type TestApp } from '@tests/support/test-app';
import { getAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Finding 5: cookie Secure behind https, Permissions-Policy, a foreign Referer without Origin, slow-loris sockets.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

let serial = 0;
const register = (app: TestApp['app'], headers: Record<string, string> = {}) => app.inject({
  method: 'POST', url: '/api/auth/register', headers,
  payload: { email: `gap${++serial}-${Date.now()}@example.com`, password: SIGN_UP_PASSWORD, firstName: 'Gap' },
});

describe('the session cookie', () => {
  async function cookieOf(overrides: Partial<Config>, headers: Record<string, string> = {}) {
    const app = Object.keys(overrides).length ? await createTestApp({ ...ROOMY_RATE_LIMIT, ...overrides }) : t;
    try {
      const response = await register(app.app, headers);
      expect(response.statusCode, response.body).toBe(201);
      return String(response.headers['set-cookie']);
    } finally {
      if (app !== t) await app.close();
    }
  }

  it('is not Secure on plain http, nor when an untrusted peer claims https', async () => {
    expect(await cookieOf({})).not.toMatch(/; Secure/);
    expect(await cookieOf({}, { 'x-forwarded-proto': 'https' })).not.toMatch(/; Secure/);
  });

  it('is Secure when PUBLIC_ORIGIN is https or a trusted proxy says https, unless COOKIE_SECURE=false', async () => {
    expect(await cookieOf({ publicOrigin: 'https://market.example' })).toMatch(/; Secure/);
    expect(await cookieOf({ trustProxy: '127.0.0.1' }, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
    expect(await cookieOf({ publicOrigin: 'https://market.example', cookieSecure: false })).not.toMatch(/; Secure/);
  });
});

describe('Permissions-Policy', () => {
  it('is sent on API responses and documents', async () => {
    for (const url of ['/api/projects', '/api/no-such-route', '/', '/api/docs/']) {
      expect((await getAs(t.app, url)).headers['permissions-policy'], url).toMatch(/camera=\(\), .*geolocation=\(\), .*microphone=\(\)/);
    }
  });
});

describe('a state-changing request with a Referer and no Origin', () => {
  it('is refused (403) when the Referer is foreign or unreadable, and changes nothing', async () => {
    for (const referer of ['https://evil.example/page', 'not a url', 'https://market.example.evil.example/']) {
      const response = await register(t.app, { host: 'market.example', referer });
      expect(response.statusCode, referer).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-origin request refused' });
    }
  });

  it('is accepted from our own pages and from PUBLIC_ORIGIN', async () => {
    expect((await register(t.app, { host: 'market.example', referer: 'http://market.example/signin' })).statusCode).toBe(201);
    const fronted = await createTestApp({ ...ROOMY_RATE_LIMIT, publicOrigin: 'https://front.example' });
    try {
      expect((await register(fronted.app, { host: 'api.example', referer: 'https://front.example/signin?next=1' })).statusCode).toBe(201);
    } finally {
      await fronted.close();
    }
  });
});

describe('HTTP server deadlines', () => {
  it('closes silent, slow-loris and idle keep-alive sockets, and still serves requests', async () => {
    const served = await createTestApp({ httpTimeouts: { headersMs: 400, requestMs: 1500, keepAliveMs: 400 } });
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.app.server.address() as AddressInfo;
      const started = Date.now();
      const closedAfterMs: number[] = [];
      const open = (onConnect?: (socket: net.Socket) => void) => {
        const socket = net.connect(port, '127.0.0.1', () => onConnect?.(socket));
        socket.on('error', () => {});
        // Read whatever the server sends: Node's own header deadline may answer a silent socket with a 408 before
        // closing it, and a socket whose data is never read never sees its end, so would never count as closed.
        socket.resume();
        socket.on('close', () => closedAfterMs.push(Date.now() - started));
        return socket;
      };
      const silent = Array.from({ length: 100 }, () => open());
      // Slow-loris: headers a few bytes at a time, never finished.
      let drip: NodeJS.Timeout | undefined;
      open((socket) => {
        socket.write('GET /api/projects HTTP/1.1\r\nHost: x\r\n');
        drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
      });
      // A finished request on a keep-alive connection, then silence.
      let answered = '';
      open((socket) => {
        socket.on('data', (chunk) => { answered += chunk.toString(); });
        socket.write('GET /api/stats/platform HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      });
      // The deadlines are 400 ms; the wait is long only so that a loaded machine cannot fail the test. Without the
      // deadlines silent sockets stay open for ever, so the loop would run out.
      const deadline = Date.now() + 30_000;
      while (closedAfterMs.length < silent.length + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(drip);
      expect(closedAfterMs.length, 'sockets closed by the server').toBe(silent.length + 2);
      expect(answered).toMatch(/^HTTP\/1\.1 200/);
      const response = await fetch(`http://127.0.0.1:${port}/api/stats/platform`);
      expect(response.status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
