import { testConfig } from '../src/server/config';
import { createAppDeps } from '../src/server/bootstrap';
import { buildApp } from '../src/server/app';
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
const body = `with pool as (
      select id, project_id, credit_reserve, cash_reserve_cents, total_lp_units, created_at from pools where project_id = $1 for no key update
    ), account as (
      select cash_cents from users where id = $2 for no key update
    ), lp_position as (
      select lp_units from lp_positions where pool_id = (select id from pool) and user_id = $2 for update
    ), lots as (
      select id, quantity, serial_start, serial_end, purchase_date from holdings
      where project_id = $1 and status = 'pooled' and pool_id = (select id from pools where project_id = $1) order by purchase_date, id limit $3 for no key update
    )
    select pool.id as pool_id, pool.project_id, pool.credit_reserve::text, pool.cash_reserve_cents::text,
      pool.total_lp_units::text, pool.created_at,
      (select cash_cents::text from account) as cash_cents,
      (select lp_units::text from lp_position) as lp_units,
      (select coalesce(json_agg(json_build_object('id', id, 'quantity', quantity, 'serialStart', serial_start, 'serialEnd', serial_end, 'purchaseDate', purchase_date) order by purchase_date, id), '[]'::json) from lots) as lots
    from (select 1) as one left join pool on true`;
await pg.exec(`prepare r(int, int, int) as ${body}`);
async function time(label: string, f: () => Promise<unknown>, n = 300) {
  for (let i = 0; i < 10; i++) await f();
  const t = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(label.padEnd(36), ((performance.now() - t) / n).toFixed(3), 'ms');
}
for (let round = 0; round < 3; round++) {
  await time('read via query(params)', () => pg.query(body, [p.id, 1, 1]));
  await time('read via exec literal', () => pg.exec(body.replaceAll('$1', String(p.id)).replaceAll('$2', '1').replaceAll('$3', '1')));
  await time('read via execute prepared', () => pg.exec(`execute r(${p.id}, 1, 1)`));
  await time('select 1 exec', () => pg.exec('select 1'));
}
await app.close(); await deps.database.close();
