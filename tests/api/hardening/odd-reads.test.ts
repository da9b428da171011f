import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Finding 1 for reads: a NUL or other odd value in a path or query string is a 4xx with a message, never a 5xx.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  cookie = (await signUp(t.app)).cookie;
});
afterAll(async () => { await t?.close(); });

const ODD = ['%00', 'a%00b', '%07', '%1B', '%0A', '%7F', '%ED%A0%80', '%FF', 'Infinity', '1e308', '0x1', '%201', '-1', '99999999999999999999', 'x'.repeat(300)];
const TEMPLATES = [
  '/api/certificates/ODD', '/api/certificates/ODD/html', '/api/certificates/ODD/pdf', '/api/certificates/ODD/qr.png',
  '/api/verify?query=ODD', '/api/verify?query=CERT-1&digest=ODD', '/api/chain/credits/ODD', '/api/chain/tx/ODD',
  '/api/trading/orderbook/ODD', '/api/trading/orderbook/1?depth=ODD', '/api/trading/trades/1?limit=ODD', '/api/trading/stats/ODD',
  '/api/trading/price-history/1?interval=ODD', '/api/trading/price-history/1?limit=ODD', '/api/trading/pools/ODD',
  '/api/trading/pools/1/quote?side=buy&quantity=ODD', '/api/trading/pools/1/quote?side=ODD&quantity=1', '/api/trading/orders/user/ODD',
  '/api/trading/stream/ODD',
];

describe('odd values in paths and query strings', () => {
  it.each(TEMPLATES)('%s answers 4xx with a message (or 200), never 5xx', async (template) => {
    for (const odd of ODD) {
      const url = template.replace('ODD', odd);
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json().message, url).toMatch(/./);
    }
  });
});
