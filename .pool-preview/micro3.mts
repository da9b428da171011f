import { testConfig } from '../src/server/config';
import { createAppDeps } from '../src/server/bootstrap';
import { buildApp } from '../src/server/app';
import { executeSwap } from '../src/server/services/pools/execute-swap';
const deps = await createAppDeps(testConfig({ loginRateLimitPerMinute: 100000, demoCashCents: 100000000000n }));
const app = await buildApp(deps, { clientDist: '/nonexistent' });
await app.ready();
const reg = async (n: number) => { const r = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `u${n}@x.com`, password: 'correct horse battery', firstName: 'A' } }); return String(r.headers['set-cookie']).split(';')[0]; };
const projects = (await app.inject('/api/projects')).json() as any[];
const p = projects.find((x) => x.name === 'Rajasthan Wind Power');
const prov = await reg(0); const tr = await reg(1);
const post = async (url: string, cookie: string, payload: any) => { const r = await app.inject({ method: 'POST', url, headers: { cookie }, payload }); if (r.statusCode >= 300) throw new Error(r.body); return r; };
await post('/api/credits/purchase', prov, { projectId: p.id, quantity: 5000, pricePerCredit: p.pricePerCredit });
await post('/api/trading/pools', prov, { projectId: p.id, creditReserve: 5000, tokenReserve: '31000' });
await post('/api/credits/purchase', tr, { projectId: p.id, quantity: 400, pricePerCredit: p.pricePerCredit });
async function time(label: string, f: (i: number) => Promise<unknown>, n = 100) {
  const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  console.log(label.padEnd(30), ((performance.now() - t) / n).toFixed(2), 'ms');
}
for (let round = 0; round < 3; round++) {
  await time('inject swap', (i) => post('/api/trading/swap', tr, { projectId: p.id, side: i % 2 ? 'sell' : 'buy', quantity: 1, ...(i % 2 ? { minAmountOut: '0' } : { maxAmountIn: '100' }) }));
  await time('service swap', (i) => executeSwap(deps.db, { userId: 2, projectId: p.id, side: i % 2 ? 'sell' : 'buy', quantity: 1, limitCents: null }, new Date()));
  await time('inject purchase', () => post('/api/credits/purchase', tr, { projectId: p.id, quantity: 1, pricePerCredit: p.pricePerCredit }));
  await time('inject GET pool', () => app.inject({ method: 'GET', url: `/api/trading/pools/${p.id}` }));
}
await app.close(); await deps.database.close();
