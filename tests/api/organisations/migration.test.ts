import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/server/auth/passwords';
import { hashApiKey } from '@/server/auth/api-keys';
import type { TestApp } from '@tests/support/test-app';
import { appOnOlderDatabase } from '@tests/support/older-database';
import { getAs, postJson } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';

// Issue 30, item 1: every existing account and its data migrate without loss. The database is written at migration
// 0014 (today's main) — its accounts, holdings, orders, pool positions, certificates, keys and webhooks — and then
// opened by this app, which applies the organisations migration.

const LAST_MAIN_MIGRATION = 14;
const PASSWORD = 'correct horse battery';
const KEY_SECRET = `cl_live_${'k'.repeat(43)}`;

const OWNED = `
  select 'holding' as kind, id::text as id, user_id from holdings
  union all select 'order', id::text, user_id from orders
  union all select 'lp_position', pool_id::text, user_id from lp_positions
  union all select 'certificate', id, user_id from certificates
  union all select 'api_key', id::text, user_id from api_keys
  union all select 'webhook', id::text, user_id from webhook_endpoints
  union all select 'cash', id::text, cash_cents::int from users
  order by 1, 2`;

let before: Array<{ kind: string; id: string; user_id: number }>;
let t: TestApp;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const hash = await hashPassword(PASSWORD);
  ({ t, close } = await appOnOlderDatabase({
    prefix: 'orgs-migration-',
    // The migrations as today's main has them: the journal cut after 0014.
    keep: (entries) => entries.filter((entry) => entry.idx <= LAST_MAIN_MIGRATION),
    write: async (pglite) => {
      await pglite.exec(`
    insert into users (email, password_hash, first_name, company_name, cash_cents, deposited_cents)
      values ('ada@example.com', '${hash}', 'Ada', 'Analytical Engines Ltd', 900000, 1000000), ('bob@example.com', '${hash}', 'Bob', null, 1000000, 1000000);
    insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, status)
      values (1, 1, 5, 1, 5, 2000, 'active'), (2, 1, 3, 6, 8, 2000, 'active'), (1, 1, 2, 9, 10, 2000, 'retired');
    insert into orders (user_id, project_id, order_type, quantity, remaining_quantity, price_cents, status)
      values (2, 1, 'sell', 1, 1, 9000, 'open');
    insert into pools (project_id, credit_reserve, cash_reserve_cents, total_lp_units) values (1, 0, 0, 100);
    insert into lp_positions (pool_id, user_id, lp_units) values (1, 1, 60), (1, 2, 40);
    insert into certificates (id, user_id, holding_id, project_id, beneficiary, reason, quantity, serial_start, serial_end, retired_at)
      values ('CERT-MIGRATED-1', 1, 3, 1, 'Analytical Engines Ltd', 'Net zero', 2, 9, 10, now());
    insert into api_keys (user_id, name, prefix, secret_hash, scopes) values (1, 'Books', 'cl_live_kkkkkk', '${hashApiKey(KEY_SECRET)}', '{read}');
    insert into webhook_endpoints (user_id, url, events, secret) values (2, 'https://example.com/hook', '{purchase.completed}', 'whsec_legacyplaintextsecret');
  `);
      before = (await pglite.query<{ kind: string; id: string; user_id: number }>(OWNED)).rows;
    },
  }));
}, 120_000);
afterAll(async () => {
  await close?.();
});

describe('a database written by today’s main, opened after the organisations migration', () => {
  it('keeps every holding, order, pool position, certificate, key, webhook and balance on the same account', async () => {
    expect(before.length).toBe(11);
    expect(await queryRows(t.deps, sql.raw(OWNED))).toEqual(before);
  });

  it('makes each account its person’s personal organisation, owned by them', async () => {
    const rows = await queryRows(t.deps, sql`
      select o.account_id, o.name, o.personal, m.user_id, m.role from organisations o join organisation_members m using (account_id) order by 1`);
    expect(rows).toEqual([
      { account_id: 1, name: 'Analytical Engines Ltd', personal: true, user_id: 1, role: 'owner' },
      { account_id: 2, name: 'Bob', personal: true, user_id: 2, role: 'owner' },
    ]);
  });

  it('lets the people sign in and act through their personal organisation; the old key still works', async () => {
    const login = await postJson(t.app, '/api/auth/login', { email: 'ada@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await getAs(t.app, '/api/organisations', cookie)).json()).toEqual([expect.objectContaining({ id: 1, personal: true, role: 'owner', active: true })]);
    expect((await getAs(t.app, '/api/credits/my', cookie)).json().map((credit: { id: number }) => credit.id).sort()).toEqual([1, 3]);
    const viaKey = await t.app.inject({ method: 'GET', url: '/api/credits/my', headers: { authorization: `Bearer ${KEY_SECRET}` } });
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.json()).toHaveLength(2);
  });
});
