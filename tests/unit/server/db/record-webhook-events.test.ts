import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { webhookOutboxFromArrays } from '@/server/db/record-webhook-events';
import { intArray } from '@/server/db/sql-values';

const at = new Date('2026-03-01T12:00:00.000Z');
const render = (statement: ReturnType<typeof webhookOutboxFromArrays>) => new PgDialect().sqlToQuery(statement).sql;

describe('webhookOutboxFromArrays', () => {
  it('unnests the account ids and one array per per-row field', () => {
    const text = render(webhookOutboxFromArrays('order.filled', at, [1, 2], [
      { key: 'orderId', json: 'number', values: intArray([5, 6]) },
      { key: 'projectId', json: 'number', values: sql`${7}::int`, shared: true },
    ]));
    expect(text).toMatch(/unnest\(\$\d+::int\[\], \$\d+::int\[\]\) as x\(user_id, f0\)/);
  });

  it('unnests the account ids alone when every field is shared by all rows', () => {
    const text = render(webhookOutboxFromArrays('order.filled', at, [1, 2], [
      { key: 'projectId', json: 'number', values: sql`${7}::int`, shared: true },
    ]));
    expect(text).toMatch(/unnest\(\$\d+::int\[\]\) as x\(user_id\)/);
  });
});
