import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';

// The embedded database's type parsers are kept off the PGlite instance's own properties (db/client.ts), so that a
// query passing parsers of its own does not copy all of them; every value must still be parsed as before.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t?.close());

const probe = sql`select 7::int4 as int4, 9007199254740::int8 as int8, 12.5::numeric as numeric, true as bool, 'x'::text as text,
  '{"a":[1,"b"]}'::jsonb as jsonb, '{1,2}'::int4[] as ints, '{a,b}'::text[] as texts, '{t,f}'::bool[] as bools,
  '{"{\\"a\\": 1}"}'::jsonb[] as jsonbs, '2026-01-02 03:04:05+00'::timestamptz as at, '{2026-01-02}'::date[] as days,
  null::int4[] as nothing`;

describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database\'s type parsers', () => {
  it('are not own properties of the PGlite instance, which copies those for every query that names parsers', () => {
    const pglite = t.deps.database.pglite as unknown as { parsers: object };
    expect(Object.keys(pglite.parsers)).toEqual([]);
  });

  it('parse every value as before through drizzle, which names its own parsers for dates and times', async () => {
    const [row] = (await t.deps.db.execute(probe) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(row).toEqual({
      int4: 7, int8: 9007199254740, numeric: '12.5', bool: true, text: 'x', jsonb: { a: [1, 'b'] }, ints: [1, 2], texts: ['a', 'b'],
      bools: [true, false], jsonbs: [{ a: 1 }], at: '2026-01-02 03:04:05+00', days: '{2026-01-02}', nothing: null,
    });
  });

  it('parse every value as before through the hot-path runner', async () => {
    const result = (await t.deps.statements(t.deps.db, probe)) as { rows: Record<string, unknown>[] };
    expect(result.rows[0]).toMatchObject({ int4: 7, ints: [1, 2], texts: ['a', 'b'], jsonb: { a: [1, 'b'] }, at: '2026-01-02 03:04:05+00' });
  });

  it('parse every value as before when a query names no parsers (dates become Date objects)', async () => {
    const pglite = t.deps.database.pglite as PGlite;
    const [row] = (await pglite.query<Record<string, unknown>>(`select '{1,2}'::int4[] as ints, '2026-01-02 03:04:05+00'::timestamptz as at, '{t}'::bool[] as bools`)).rows;
    expect(row).toEqual({ ints: [1, 2], at: new Date('2026-01-02T03:04:05Z'), bools: [true] });
  });
});
