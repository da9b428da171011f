import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { flattenSql } from '@/server/db/flatten-sql';
import { webhookOutboxFromArrays } from '@/server/db/record-webhook-events';
import { insertRows, updateRows } from '@/server/db/set-writes';
import { intArray, textArray } from '@/server/db/sql-values';
import { holdings } from '@/server/db/schema';

const dialect = new PgDialect();
const drizzles = (statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
};
// A table whose column names need quoting (a reserved word, capitals), as set-writes meets them.
const oddLots = pgTable('Odd Lots', {
  id: integer('id').primaryKey(),
  user: integer('user'),
  quantity: integer('quantity').notNull(),
  priceCents: bigint('price_cents', { mode: 'bigint' }).notNull(),
  note: text('Note'),
  boughtAt: timestamp('bought_at', { withTimezone: true, mode: 'date' }),
});
const at = new Date('2026-03-01T12:00:00.000Z');

describe('flattenSql', () => {
  it('gives the dialect\'s text and parameters for the desks\' set-based writes', () => {
    const statements: SQL[] = [
      insertRows(holdings, [{ id: 1, userId: 2, projectId: 3, quantity: 4, serialStart: 5, serialEnd: 8, purchasePriceCents: 900n }], { values: { createdAt: at, status: 'active' } }),
      updateRows(oddLots, [{ id: 1, user: null, quantity: 2, priceCents: 5n, note: 'it\'s "quoted" \\ here', boughtAt: at }]),
      webhookOutboxFromArrays('order.filled', at, [1, 2], [
        { key: 'orderId', json: 'number', values: intArray([5, 6]) },
        { key: 'projectId', json: 'number', values: sql`${7}::int`, shared: true },
        { key: 'side', json: 'string', values: textArray(['buy', 'sell']) },
      ]),
      sql`with a as (${sql.raw('select 1')}) select ${sql.identifier('Weird "name"')}, ${null}, ${true}, ${12n}, ${at} from a where x = any(${intArray([])})`,
    ];
    for (const statement of statements) expect(flattenSql(statement, dialect)).toEqual(drizzles(statement));
  });

  it('leaves what it does not flatten itself (columns, tables, inlined parameters) to the dialect', () => {
    const statements: SQL[] = [
      sql`select ${holdings.id} from ${holdings} where ${holdings.userId} = ${3}`,
      sql`select ${'inlined'}`.inlineParams(),
      sql`select 1 where a in ${[1, 2, 3]}`,
    ];
    for (const statement of statements) expect(flattenSql(statement, dialect)).toEqual(drizzles(statement));
  });

  it('agrees with the dialect on random nestings of text, identifiers and values', () => {
    const value = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.bigInt(), fc.date({ noInvalidDate: true }));
    const tree: fc.Arbitrary<SQL> = fc.letrec<{ node: SQL }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        value.map((v) => sql`v(${v})`),
        fc.string().map((name) => sql`${sql.identifier(name)}`),
        fc.string().map((raw) => sql.raw(raw)),
        fc.array(tie('node'), { maxLength: 4 }).map((nodes) => sql.join(nodes, sql`, `)),
        fc.tuple(tie('node'), value, tie('node')).map(([a, v, b]) => sql`(${a} ${v} ${b})`),
      ),
    })).node;
    fc.assert(fc.property(tree, (statement) => {
      expect(flattenSql(statement, dialect)).toEqual(drizzles(statement));
    }), { seed: Number(process.env.FLATTEN_SEED ?? Date.now() % 2 ** 31), verbose: true });
  });
});
