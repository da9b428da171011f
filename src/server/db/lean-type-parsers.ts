import { types, type PGlite } from '@electric-sql/pglite';

type TypeParser = (value: string, typeId: number) => unknown;

/**
 * PGlite copies all its type parsers (23 defaults and ~300 array types, integer keys: a slow, dictionary-mode copy)
 * into a new object for every query that passes parsers of its own, and drizzle and the hot-path runner pass them on
 * every statement: about 80 µs of the main thread per statement, and the garbage. Where a lookup in that merged copy
 * finds nothing, PGlite falls back to its module's default parsers. So the built-in array types (fixed oids) join
 * those defaults, and the instance keeps its own parsers on a prototype: its lookups still find them there, while
 * the copy, which takes own properties only, has nothing to copy. Every result is parsed as before
 * (tests/api/foundation/type-parsers.test.ts).
 */
export async function leanTypeParsers(pglite: PGlite): Promise<void> {
  const defaults = (types as unknown as { parsers: Record<number, TypeParser> }).parsers;
  const arrayParser = (types as unknown as { arrayParser: (value: string, element: TypeParser | undefined, typeId: number) => unknown }).arrayParser;
  const arrays = await pglite.query<{ element: number; array: number }>(`
    select b.oid as element, b.typarray as array from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
    where a.typcategory = 'A' and b.typarray < 16384 group by b.oid, b.typarray`);
  // As PGlite builds its own array parsers, the element's parser looked up when a value is parsed.
  for (const { element, array } of arrays.rows) defaults[array] ??= (value, typeId) => arrayParser(value, defaults[element], typeId);
  const instance = pglite as unknown as { parsers: object };
  instance.parsers = Object.create(instance.parsers) as object;
}
