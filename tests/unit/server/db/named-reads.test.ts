import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
