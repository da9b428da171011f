import { testConfig } from '../src/server/config';
import { createAppDeps } from '../src/server/bootstrap';
import { buildApp } from '../src/server/app';
const deps = await createAppDeps(testConfig({ loginRateLimitPerMinute: 100000, demoCashCents: 100000000000n }));
const app = await buildApp(deps, { clientDist: '/nonexistent' });
await app.ready();
const reg = async (n: number) => { const r = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `u${n}@x.com`, password: 'correct horse battery', firstName: 'A' } }); return String(r.headers['set-cookie']).split(';')[0]; };
const projects = (await app.inject('/api/projects')).json() as any[];
const p = projects.find((x) => x.name === 'Rajasthan Wind Power');
const post = async (url: string, cookie: string, payload: any) => { const r = await app.inject({ method: 'POST', url, headers: { cookie }, payload }); if (r.statusCode >= 300) throw new Error(r.body); return r; };
const prov = await reg(0);
await post('/api/credits/purchase', prov, { projectId: p.id, quantity: 5000, pricePerCredit: p.pricePerCredit });
await post('/api/trading/pools', prov, { projectId: p.id, creditReserve: 5000, tokenReserve: '31000' });
const traders: string[] = [];
for (let i = 1; i <= 20; i++) { const c = await reg(i); await post('/api/credits/purchase', c, { projectId: p.id, quantity: 400, pricePerCredit: p.pricePerCredit }); traders.push(c); }
const T = ((globalThis as any).__t ??= {});
let n = 0;
for (let round = 0; round < 5; round++) {
  for (const k of Object.keys(T)) T[k] = [];
  const t = performance.now();
  // 10 workers, each sending swaps back to back, like autocannon with 10 connections
  await Promise.all(Array.from({ length: 10 }, async () => {
    for (let j = 0; j < 30; j++) {
      const i = n++;
      const buying = Math.floor(i / 20) % 2 === 0;
      await post('/api/trading/swap', traders[i % 20], { projectId: p.id, side: buying ? 'buy' : 'sell', quantity: 1, ...(buying ? { maxAmountIn: '100' } : { minAmountOut: '0' }) });
    }
  }));
  const avg = (k: string) => (T[k].reduce((a: number, b: number) => a + b, 0) / T[k].length).toFixed(1);
  console.log(`round ${round}: ${(300 / ((performance.now() - t) / 1000)).toFixed(0)} swaps/s; batches ${T.size.length}, size ${avg('size')}, lots ${avg('lots')}, lock ${avg('lock')} load ${avg('load')} run ${avg('run')} write ${avg('write')} ms`);
}
await app.close(); await deps.database.close();
