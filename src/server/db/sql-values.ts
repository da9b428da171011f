import { sql, type SQL } from 'drizzle-orm';

/** An int[] parameter as one bound value, so that an empty list stays valid SQL (unlike `in (…)`). */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/** Rows of one statement as a single JSON parameter: any batch size fits one round trip and one bound value. */
export function jsonParam(value: unknown): SQL {
  return sql`${jsonText(value)}::jsonb`;
}

/** JSON text of a value, bigints as strings. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The rows of `db.execute` on either driver: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The first row of `db.execute` on either driver; json columns may arrive parsed or as text. */
export function firstRow<T>(result: unknown): T {
  return rowsOf<T>(result)[0];
}

export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
