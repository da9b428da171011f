import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { bigint, integer, pgTable, serial, text, timestamp, PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows, insertSelect, rowSet, SetWriteError, updateRows } from '@/server/db/set-writes';

// A lot table as the schema would declare it, and the same table once a column has been added to its definition.
const lots = pgTable('set_write_lots', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  quantity: integer('quantity').notNull(),
  priceCents: bigint('price_cents', { mode: 'bigint' }).notNull(),
  origin: text('origin').notNull().default('purchase'),
  boughtAt: timestamp('bought_at', { withTimezone: true, mode: 'date' }).notNull(),
});
const lotsWithNote = pgTable('set_write_lots', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  quantity: integer('quantity').notNull(),
  priceCents: bigint('price_cents', { mode: 'bigint' }).notNull(),
  origin: text('origin').notNull().default('purchase'),
  boughtAt: timestamp('bought_at', { withTimezone: true, mode: 'date' }).notNull(),
  note: text('note'),
});

const dialect = new PgDialect();
const query = (statement: SQL) => dialect.sqlToQuery(statement);
const at = new Date('2026-03-01T12:00:00.000Z');
const row = (quantity: number, origin = 'purchase') => ({ userId: 7, quantity, priceCents: 1250n, origin, boughtAt: at });

describe('set-based writes built from the schema', () => {
  it('lists the columns the rows carry in schema order, with their SQL names and casts, one bound array each', () => {
    const { sql: text, params } = query(insertRows(lots, [{ boughtAt: at, quantity: 2, userId: 7, priceCents: 1250n }], { values: { origin: 'trade' } }));
    expect(text.replace(/\s+/g, ' ')).toBe('insert into set_write_lots (user_id, quantity, price_cents, origin, bought_at) '
      + 'select x.user_id, x.quantity, x.price_cents, $1::text, x.bought_at '
      + 'from unnest($2::integer[], $3::integer[], $4::bigint[], $5::timestamp with time zone[]) as x(user_id, quantity, price_cents, bought_at)');
    expect(params).toEqual(['trade', '{7}', '{2}', '{1250}', '{"2026-03-01T12:00:00.000Z"}']);
  });

  it('has the same text for 1 row or 100, so one prepared plan serves every batch', () => {
    const one = query(insertRows(lots, [row(1)])).sql;
    const hundred = query(insertRows(lots, Array.from({ length: 100 }, (_, index) => row(index + 1)))).sql;
    expect(hundred).toBe(one);
  });

  it('binds every value: text that looks like SQL travels only in the parameters', () => {
    const hostile = `x'); drop table set_write_lots; --`;
    const { sql: text, params } = query(insertRows(lots, [row(1, hostile)], { values: { userId: 3 } }));
    expect(text).not.toContain('drop table');
    expect(params.join('')).toContain('drop table');
  });

  it('writes a column added to the table definition, with no change to the builder', () => {
    const text = query(insertRows(lotsWithNote, [{ ...row(1), note: 'added later' }])).sql;
    expect(text).toContain('bought_at, note)');
    expect(text).toContain('$6::text[]) as x(user_id, quantity, price_cents, origin, bought_at, note)');
  });

  it('updates by id: every carried column but the key, the ids also named as an array for the planner', () => {
    const { sql: text, params } = query(updateRows(lots, [{ id: 4, quantity: 3 }, { id: 9, quantity: 5 }], {
      values: { priceCents: sql`t.price_cents + 1` }, returning: ['id', 'quantity'],
    }));
    expect(text.replace(/\s+/g, ' ')).toBe('update set_write_lots t set quantity = x.quantity, price_cents = t.price_cents + 1 '
      + 'from unnest($1::integer[], $2::integer[]) as x(id, quantity) where t.id = x.id and t.id = any($3::integer[]) '
      + 'returning t.id as id, t.quantity as quantity');
    expect(params).toEqual(['{4,9}', '{3,5}', '{4,9}']);
  });

  describe('refuses a bad row before anything is sent', () => {
    it.each([
      ['a property the table does not have', [{ ...row(1), colour: 'green' }], /has no column colour/],
      ['a row without a column the others carry', [row(1), { quantity: 1, priceCents: 1n, origin: 'x', boughtAt: at }], /lacks userId/],
      ['text for an integer', [{ ...row(1), quantity: '1' }], /quantity takes an integer/],
      ['a fraction for an integer', [row(1.5)], /quantity takes an integer/],
      ['a number for a bigint', [{ ...row(1), priceCents: 1250 }], /priceCents takes a bigint/],
      ['null in a not-null column', [{ ...row(1), quantity: null }], /quantity is not null/],
      ['an invalid date', [{ ...row(1), boughtAt: new Date(Number.NaN) }], /boughtAt takes a valid Date/],
    ])('%s', (_name, rows, message) => {
      expect(() => insertRows(lots, rows as never)).toThrow(SetWriteError);
      expect(() => insertRows(lots, rows as never)).toThrow(message);
    });

    it('an insert that leaves out a not-null column without a default', () => {
      expect(() => insertRows(lots, [{ userId: 1, quantity: 1, boughtAt: at }])).toThrow(/lacks priceCents/);
    });

    it('rows that name no column, unless the columns are given', () => {
      expect(() => rowSet(lots, [])).toThrow(SetWriteError);
      expect(query(rowSet(lots, [], { keys: ['quantity'] }).source).params).toEqual(['{}']);
    });
  });
});

interface Database { name: string; execute(statement: SQL): Promise<{ rows: Record<string, unknown>[] }>; close(): Promise<void> }

async function embedded(): Promise<Database> {
  const client = new PGlite();
  const db = drizzlePglite(client);
  return { name: 'PGlite', execute: (statement) => db.execute(statement) as never, close: () => client.close() };
}

// On PostgreSQL (TEST_DATABASE_URL) the same checks run in a schema of their own, dropped afterwards.
async function server(url: string): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const schema = `set_writes_${randomBytes(4).toString('hex')}`;
  await client.query(`create schema ${schema}; set search_path to ${schema}`);
  const db = drizzlePg(client);
  return {
    name: 'PostgreSQL', execute: (statement) => db.execute(statement) as never,
    close: async () => { await client.query(`drop schema ${schema} cascade`); await client.end(); },
  };
}

const databases: [string, () => Promise<Database>][] = [
  ['PGlite', embedded],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', () => server(process.env.TEST_DATABASE_URL!)] as [string, () => Promise<Database>]] : []),
];

describe.each(databases)('on %s', (_name, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await db.execute(sql.raw(`create table set_write_lots (id serial primary key, user_id integer, quantity integer not null,
      price_cents bigint not null, origin text not null default 'purchase', bought_at timestamptz not null, note text)`));
  }, 60_000);
  afterAll(async () => { await db.close(); });

  it('inserts many rows in one statement and returns the named columns, values intact', async () => {
    const awkward = 'a "quoted", {braced} \\ back\'slashed, NULL';
    const inserted = await db.execute(insertRows(lots, [
      { userId: 1, quantity: 2, priceCents: 9_007_199_254_740_993n, origin: awkward, boughtAt: at },
      { userId: null, quantity: 3, priceCents: -5n, origin: 'NULL', boughtAt: at },
    ], { returning: ['id'] }));
    expect(inserted.rows.map((stored) => Number(stored.id))).toEqual([1, 2]);
    const stored = await db.execute(sql`select user_id, quantity, price_cents::text as price, origin, bought_at, note from set_write_lots order by id`);
    expect(stored.rows.map((lot) => [lot.user_id, lot.quantity, lot.price, lot.origin, new Date(lot.bought_at as string).toISOString(), lot.note])).toEqual([
      [1, 2, '9007199254740993', awkward, at.toISOString(), null],
      [null, 3, '-5', 'NULL', at.toISOString(), null],
    ]);
  });

  it('updates only the rows named, to the values carried, and takes expressions over the old row', async () => {
    await db.execute(updateRows(lots, [{ id: 2, userId: 8, quantity: 4 }], { values: { priceCents: sql`t.price_cents * 2` } }));
    await db.execute(updateRows(lotsWithNote, [{ id: 1, note: 'kept' }]));
    const stored = await db.execute(sql`select id, user_id, quantity, price_cents::text as price, note from set_write_lots order by id`);
    expect(stored.rows).toEqual([
      { id: 1, user_id: 1, quantity: 2, price: '9007199254740993', note: 'kept' },
      { id: 2, user_id: 8, quantity: 4, price: '-10', note: null },
    ]);
  });

  it('copies a row through insertSelect, and an empty row set writes nothing', async () => {
    await db.execute(insertSelect(lots, { quantity: lots.quantity, priceCents: lots.priceCents, origin: 'split', boughtAt: at, userId: null }, sql`set_write_lots where id = ${2}`));
    await db.execute(insertRows(lots, [], { keys: ['quantity', 'priceCents', 'boughtAt'] }));
    const stored = await db.execute(sql`select quantity, price_cents::text as price, origin from set_write_lots where id > 2`);
    expect(stored.rows).toEqual([{ quantity: 4, price: '-10', origin: 'split' }]);
  });
});
