import { sql, type SQL } from 'drizzle-orm';

/**
 * A numeric array parameter (`{1,2,NULL}`) as one bound value, so that an empty list stays valid SQL (unlike
 * `in (…)`); set-based writes (`unnest($1::int[], $2::text[], …)`) take one per column instead of a JSON document
 * with the column names repeated on every row, which the database would parse again.
 */
function numericArray(values: readonly (number | bigint | null)[], type: 'int' | 'bigint'): SQL {
  return sql`${`{${values.map((value) => value ?? 'NULL').join(',')}}`}::${sql.raw(type)}[]`;
}

/** An int[] parameter. */
export const intArray = (values: readonly number[]): SQL => numericArray(values, 'int');
/** An int[] parameter whose entries may be null. */
export const nullableIntArray = (values: readonly (number | null)[]): SQL => numericArray(values, 'int');
/** A bigint[] parameter. */
export const bigintArray = (values: readonly bigint[]): SQL => numericArray(values, 'bigint');
/** A bigint[] parameter whose entries may be null. */
export const nullableBigintArray = (values: readonly (bigint | null)[]): SQL => numericArray(values, 'bigint');

/** Rows of one statement as a single JSON parameter: any batch size fits one round trip and one bound value. */
export function jsonParam(value: unknown): SQL {
  return sql`${jsonText(value)}::jsonb`;
}

/** JSON text of a value, bigints as strings. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** A numeric array column as numbers, whether the driver parsed it or sent its text (`{1,2,3}`). */
export function numberArray(value: readonly (number | string)[] | string): number[] {
  if (typeof value !== 'string') return value.map(Number);
  return value === '{}' ? [] : value.slice(1, -1).split(',').map(Number);
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

/** A text[] parameter; every entry is quoted, so any text survives. */
export function textArray(values: readonly string[]): SQL {
  return sql`${arrayText(values)}::text[]`;
}

/** A timestamptz[] parameter from epoch milliseconds. */
export function timestampArray(epochMs: readonly number[]): SQL {
  return sql`${arrayText(epochMs.map((ms) => new Date(ms).toISOString()))}::timestamptz[]`;
}

function arrayText(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** Text for a `like` pattern that matches itself only: its wildcards and the escape character escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);
