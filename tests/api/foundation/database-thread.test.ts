import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@/server/db/client';
import { preparedStatements } from '@/server/db/statement-runner';

// EMBEDDED_DB_THREAD: the embedded database on a worker thread (db/pglite-remote.ts). Drizzle, the hot-path runner
// and transactions must behave as they do on the main thread: same values, same errors, same isolation, same files.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'db-thread-'));
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir, embeddedThread: true, embeddedVacuumIntervalMs: 50 });
  await migrateDatabase(handle);
  await handle.db.execute(sql`create table probe (id int primary key, note text)`);
});
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const probe = sql`select 7::int4 as int4, 9007199254740::int8 as int8, 12.5::numeric as numeric, true as bool,
  '{"a":[1,"b"]}'::jsonb as jsonb, '{1,2}'::int4[] as ints, '{a,b}'::text[] as texts, '2026-01-02 03:04:05+00'::timestamptz as at,
  '{2026-01-02}'::date[] as days, null::int4[] as nothing`;
const expected = {
  int4: 7, int8: 9007199254740, numeric: '12.5', bool: true, jsonb: { a: [1, 'b'] }, ints: [1, 2], texts: ['a', 'b'],
  at: '2026-01-02 03:04:05+00', days: '{2026-01-02}', nothing: null,
};
const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database on its own thread', () => {
  it('parses values as on the main thread, through drizzle and through the hot-path runner', async () => {
    expect(rows(await handle.db.execute(probe))[0]).toEqual(expected);
    const statements = preparedStatements();
    for (let run = 0; run < 3; run++) expect(rows(await statements(handle.db, probe))[0]).toEqual(expected);
    const inTransaction = await handle.db.transaction(async (tx) => rows(await statements(tx, probe))[0]);
    expect(inTransaction).toEqual(expected);
  });

  it('commits a transaction, and rolls back one that throws', async () => {
    await handle.db.transaction(async (tx) => { await tx.execute(sql`insert into probe values (1, 'kept')`); });
    await expect(handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (2, 'dropped')`);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await expect(handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (3, 'dropped')`);
      tx.rollback();
    })).rejects.toThrow();
    expect(rows(await handle.db.execute(sql`select id, note from probe order by id`))).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('keeps a database error\'s fields (the idempotency and retry paths read its code and constraint)', async () => {
    const error = await handle.db.execute(sql`insert into probe values (1, 'again')`).catch((caught: unknown) => caught);
    expect((error as { cause: unknown }).cause).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
  });

  it('runs no other statement inside an open transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (10, 'inside')`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = handle.db.execute(sql`select count(*)::int as n from probe where id = 10`);
    release();
    await transaction;
    expect(rows(await outside)[0]).toEqual({ n: 1 });
  });

  it('runs transactions one at a time when each sends its first statement right behind its begin', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, (_, index) => handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (${100 + index}, 'queued')`);
      return rows(await tx.execute(sql`select count(*)::int as n from probe where note = 'queued'`))[0].n as number;
    })));
    // Each saw the ones committed before it and its own row: never another's uncommitted one.
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('rolls back a transaction whose first statement fails, and runs the next one', async () => {
    const failed = handle.db.transaction(async (tx) => { await tx.execute(sql`insert into probe values (1, 'duplicate')`); });
    const next = handle.db.transaction(async (tx) => rows(await tx.execute(sql`select note from probe where id = 1`))[0]);
    await expect(failed).rejects.toThrow();
    expect(await next).toEqual({ note: 'kept' });
  });

  it('keeps its data in the directory across a close and a new start', async () => {
    await handle.close();
    handle = await openDatabase({ dataDir, embeddedThread: true });
    expect(rows(await handle.db.execute(sql`select note from probe where id = 1`))).toEqual([{ note: 'kept' }]);
  });
});
