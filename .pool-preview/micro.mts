import { sql } from 'drizzle-orm';
import { testConfig } from '../src/server/config';
import { createAppDeps } from '../src/server/bootstrap';
import { buildApp } from '../src/server/app';
import { readPoolContext } from '../src/server/services/pools/read-pool-context';
const deps = await createAppDeps(testConfig({ loginRateLimitPerMinute: 100000, demoCashCents: 100000000000n }));
const app = await buildApp(deps, { clientDist: '/nonexistent' });
await app.ready();
const reg = async (n: number) => { const r = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `u${n}@x.com`, password: 'correct horse battery', firstName: 'A' } }); return String(r.headers['set-cookie']).split(';')[0]; };
const projects = (await app.inject('/api/projects')).json() as any[];
const p = projects.find((x) => x.name === 'Rajasthan Wind Power');
const prov = await reg(0);
const post = async (url: string, cookie: string, payload: any) => { const r = await app.inject({ method: 'POST', url, headers: { cookie }, payload }); if (r.statusCode >= 300) throw new Error(r.body); return r; };
await post('/api/credits/purchase', prov, { projectId: p.id, quantity: 5000, pricePerCredit: p.pricePerCredit });
await post('/api/trading/pools', prov, { projectId: p.id, creditReserve: 5000, tokenReserve: '31000' });
const pg = deps.database.pglite!;
async function time(label: string, f: () => Promise<unknown>, n = 200) {
  for (let i = 0; i < 10; i++) await f();
  const t = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(label.padEnd(36), ((performance.now() - t) / n).toFixed(3), 'ms');
}
for (let round = 0; round < 2; round++) {
  await time('select 1 (query)', () => pg.query('select 1'));
  await time('select 1 (exec)', () => pg.exec('select 1'));
  await time('lock stmt (drizzle)', () => deps.db.execute(sql`select pg_advisory_xact_lock(4242, id) from projects where id = ${p.id}::int for key share`));
  await time('readPoolContext buy 1', () => readPoolContext(deps.db, { pool: { projectId: p.id }, userId: 1, lots: { from: 'pool', projectId: p.id, tonnes: 1 } }));
  await time('pool row only', () => deps.db.execute(sql`select id, credit_reserve::text from pools where project_id = ${p.id} for no key update`));
  await time('begin+commit', async () => { await pg.query('begin'); await pg.query('commit'); });
  await time('drizzle empty tx', () => deps.db.transaction(async () => {}));
}
await app.close(); await deps.database.close();
