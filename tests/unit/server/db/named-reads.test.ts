import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withGenericPlan } from '@/server/db/generic-plan-reads';
import { withNamedReads } from '@/server/db/named-reads';
import { openDatabase } from '@/server/db/client';

let raw: PGlite;
let named: PGlite;

beforeEach(async () => {
  raw = new PGlite();
  await raw.exec(`
    create table lots (id serial primary key, owner text not null, tonnes bigint not null, active boolean not null,
      bought_at timestamptz not null default '2026-01-02 03:04:05+00', note jsonb, tags text[]);
    insert into lots (owner, tonnes, active, note, tags) values
      ('ana', 5, true, '{"a": 1}', '{x,y}'), ('O''Brien \\ co', 9007199254740, false, null, null), ('ana', 2, false, '[]', '{}');`);
  named = withNamedReads(raw, { maxNamed: 3 });
});
afterEach(() => raw.close());

const preparedNames = async () => (await raw.query<{ name: string }>(`select name from pg_prepared_statements order by name`)).rows.map((row) => row.name);
const read = (client: PGlite, text: string, params: unknown[], rowMode?: 'array') => client.query(text, params, rowMode ? { rowMode } : undefined);

describe('reads named after their second sighting (db/named-reads.ts)', () => {
  it('answer the same rows, types and fields as a plain read, every time, and are prepared once', async () => {
    const text = `select id, owner, tonnes, active, bought_at, note, tags from lots where owner = $1 or tonnes > $2 or active = $3 order by id`;
    const expected = await read(raw, text, ['ana', 100n, true]);
    for (let time = 1; time <= 70; time++) {
      const answer = await read(named, text, ['ana', 100n, true]);
      expect(answer.rows, `read ${time}`).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
    }
    expect(await read(named, text, ['ana', 100n, true], 'array')).toMatchObject({ rows: expected.rows.map((row) => Object.values(row as object)) });
    expect(await preparedNames()).toHaveLength(1);
  });

  it('are plain the first time a text is seen, so a statement run once leaves nothing behind', async () => {
    await read(named, `select count(*) from lots where owner = $1`, ['ana']);
    expect(await preparedNames()).toEqual([]);
    await read(named, `select count(*) from lots where owner = $1`, ['ana']);
    expect((await preparedNames())[0]).toMatch(/^read_[0-9a-f]{20}$/);
  });

  it('carry every value as data: quotes, backslashes and an attempt to end the literal find their row and nothing else', async () => {
    const text = `select id from lots where owner = $1`;
    for (const owner of [`O'Brien \\ co`, `ana'); drop table lots; --`, `'`, `\\'`, ``]) {
      const plain = await read(raw, text, [owner]);
      for (let time = 0; time < 3; time++) expect((await read(named, text, [owner])).rows, owner).toEqual(plain.rows);
    }
    expect((await read(named, `select count(*)::int as lots from lots`, [])).rows).toEqual([{ lots: 3 }]);
  });

  it('fail as a plain read fails, with the same code, and keep working after', async () => {
    const text = `select id from lots where id = $1`;
    await read(named, text, [1]);
    await read(named, text, [1]);
    await expect(read(named, text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(read(raw, text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await read(named, text, [1])).rows).toEqual([{ id: 1 }]);
  });

  it('stay plain for values that are not plain (arrays, dates, objects) and for texts PostgreSQL will not prepare', async () => {
    const byTags = `select id from lots where tags @> $1 order by id`;
    for (let time = 0; time < 3; time++) expect((await read(named, byTags, [['x']])).rows).toEqual([{ id: 1 }]);
    const untyped = `select $1 as echo`;
    for (let time = 0; time < 3; time++) expect((await read(named, untyped, ['hi'])).rows).toEqual((await read(raw, untyped, ['hi'])).rows);
  });

  it('survive a change to the table under them', async () => {
    const text = `select * from lots where id = $1`;
    await read(named, text, [1]);
    await read(named, text, [1]);
    await raw.exec(`alter table lots add column vintage int not null default 2024`);
    expect((await read(named, text, [1])).rows[0]).toMatchObject({ id: 1, vintage: 2024 });
    expect((await read(named, text, [1])).rows[0]).toMatchObject({ id: 1, vintage: 2024 });
  });

  it('prepare once when many first reads of one text arrive together', async () => {
    const text = `select tonnes from lots where id = $1`;
    await read(named, text, [1]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => read(named, text, [1 + (index % 3)])));
    expect(answers.map((answer) => answer.rows[0])).toEqual(Array.from({ length: 20 }, (_, index) => ({ tonnes: [5, 9007199254740, 2][index % 3] })));
    expect(await preparedNames()).toHaveLength(1);
  });

  it('name at most maxNamed texts, and leave transactions and writes alone', async () => {
    for (let limit = 1; limit <= 5; limit++) for (let time = 0; time < 2; time++) await read(named, `select id from lots order by id limit ${limit}`, []);
    for (let time = 0; time < 2; time++) await read(named, `update lots set tonnes = tonnes where id = $1`, [1]);
    await named.transaction(async (tx) => {
      for (let time = 0; time < 3; time++) await tx.query(`select id from lots where id = $1 for update`, [1]);
    });
    expect(await preparedNames()).toHaveLength(3);
  });

  it('serve drizzle as PGlite does, dates as text included', async () => {
    const db = drizzle(named);
    const query = sql`select id, bought_at, tonnes from lots where owner = ${'ana'} order by id`;
    const plain = await drizzle(raw).execute(query);
    for (let time = 0; time < 3; time++) expect((await db.execute(query)).rows).toEqual(plain.rows);
    expect(await preparedNames()).toHaveLength(1);
  });
});

it('the embedded database the server opens names its reads', async () => {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    for (let time = 0; time < 2; time++) await handle.db.execute(sql`select ${'embedded'} = 'embedded' as named`);
    const names = await handle.pglite!.query<{ name: string }>(`select name from pg_prepared_statements`);
    expect(names.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^read_/)]);
  } finally {
    await handle.close();
  }
});

describe('reads marked withGenericPlan (db/generic-plan-reads.ts)', () => {
  it('run a read marked withGenericPlan with its generic plan every time, and leave the others to PostgreSQL', async () => {
    const marked = `select id, tonnes from lots where owner = $1 order by id limit $2`;
    const unmarked = `select id, owner from lots where owner = $1 order by id limit $2`;
    withGenericPlan({ getQuery: () => ({ sql: marked }) });
    for (let time = 0; time < 8; time++) {
      expect((await read(named, marked, ['ana', 5])).rows).toEqual([{ id: 1, tonnes: 5 }, { id: 3, tonnes: 2 }]);
      await read(named, unmarked, ['ana', 5]);
    }
    const plans = async (text: string) => (await raw.query<{ generic: number; custom: number }>(
      `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%' || $1`, [text])).rows[0];
    // The first sighting is plain; the seven after it are executions of the named statement.
    expect(await plans(marked)).toEqual({ generic: 7, custom: 0 });
    // PostgreSQL plans the first five afresh whatever it chooses after.
    expect((await plans(unmarked)).custom).toBeGreaterThanOrEqual(5);
    expect((await raw.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('leave the plan mode as it was when a marked read fails', async () => {
    const marked = `select id from lots where id = $1 limit $2`;
    withGenericPlan({ getQuery: () => ({ sql: marked }) });
    await read(named, marked, [1, 1]);
    await read(named, marked, [1, 1]);
    await expect(read(named, marked, ['not a number', 1])).rejects.toMatchObject({ code: '22P02' });
    expect((await raw.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
    expect((await read(named, marked, [1, 1])).rows).toEqual([{ id: 1 }]);
  });
});
