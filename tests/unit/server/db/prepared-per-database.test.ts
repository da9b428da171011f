import { describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';

describe('preparedPerDatabase', () => {
  it('prepares once for each database and hands the same query back', () => {
    const prepared: object[] = [];
    const queryOf = preparedPerDatabase((db) => {
      const query = { db };
      prepared.push(query);
      return query;
    });
    const first = {} as Database;
    const second = {} as Database;
    expect(queryOf(first)).toBe(queryOf(first));
    expect(queryOf(second)).not.toBe(queryOf(first));
    expect(queryOf(second).db).toBe(second);
    expect(prepared).toHaveLength(2);
  });
});
