import { Name, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

export interface FlatQuery {
  sql: string;
  params: unknown[];
}

/**
 * A statement's text and parameters, as `PgDialect.sqlToQuery` gives them, for the shapes the batching desks build
 * (text, nested `sql`, identifiers, bound primitives and dates) in one pass that appends to two arrays: drizzle's
 * general walk checks every chunk against a dozen entity kinds and merges a result object per chunk, about a tenth
 * of an order batch's CPU on the embedded database. Anything else (a column, a table, inlined params…) goes to the
 * dialect, so the answer is always drizzle's; a test holds the two equal.
 */
export function flattenSql(query: SQL, dialect: PgDialect): FlatQuery {
  const parts: string[] = [];
  const params: unknown[] = [];
  const walk = (statement: SQL): boolean => {
    if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const chunk of statement.queryChunks as unknown[]) {
      if (chunk instanceof StringChunk) parts.push(chunk.value.join(''));
      else if (chunk instanceof SQL) {
        if (!walk(chunk)) return false;
      } else if (chunk instanceof Name) parts.push(`"${chunk.value.replace(/"/g, '""')}"`);
      else if (chunk === undefined) continue;
      else if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
        if (typeof chunk === 'function' || typeof chunk === 'symbol') return false;
        params.push(chunk);
        parts.push(`$${params.length}`);
      } else return false;
    }
    return true;
  };
  if (walk(query)) return { sql: parts.join(''), params };
  const { sql: text, params: dialectParams } = dialect.sqlToQuery(query);
  return { sql: text, params: dialectParams };
}
