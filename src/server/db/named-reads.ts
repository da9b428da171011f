import { createHash } from 'node:crypto';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { hasGenericPlan } from './generic-plan-reads';
import { replanDue } from './replan-schedule';

/** Reads named after the second time their text is seen: a statement run once (a migration, a report) stays plain. */
const NAME_AT_SIGHTING = 2;
/** Named statements live in the engine's memory for the session: past this many, new texts stay plain. */
const MAX_NAMED = 500;
/** Texts counted while waiting for their second sighting; the count starts again past this many. */
const MAX_COUNTED = 5000;

/** A parameter as a quoted literal of EXECUTE; undefined when it is not a plain value (then the read stays plain). */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string': return `'${value.replaceAll("'", "''")}'`;
    case 'bigint': case 'boolean': return `'${String(value)}'`;
    case 'number': return Number.isFinite(value) ? `'${String(value)}'` : undefined;
    default: return undefined;
  }
}

function literalsOf(params: readonly unknown[]): string[] | undefined {
  const literals: string[] = [];
  for (const param of params) {
    const text = literal(param);
    if (text === undefined) return undefined;
    literals.push(text);
  }
  return literals;
}

interface Named {
  name: string;
  executions: number;
  /** Settles once the name exists in the engine; null when unknown (new, or doubtful after a failed EXECUTE). */
  prepared: Promise<void> | null;
  /** PostgreSQL would not prepare the text: it is read plainly from then on. */
  plain: boolean;
}

/**
 * PGlite parses, analyses and plans every `query` afresh, in six calls into the WebAssembly engine on the main
 * thread: a one-row read by primary key costs about 300 µs there, and every signed-in screen pays it two or three
 * times. Here a read (a `select` outside any transaction) whose text has been seen before is PREPAREd once under a
 * name, and from then on sent as one simple-protocol `EXECUTE name('literal', …)`: the engine only binds and runs
 * it, reusing its plan (about 125 µs) where PostgreSQL chooses to (a read marked by `withGenericPlan` always does,
 * generic-plan-reads.ts). Parameters become quoted literals, with every quote doubled so no value can end
 * its literal, and only plain values are sent that way: strings, finite numbers, booleans, bigints and nulls (any
 * other read stays plain). The parameters' types are inferred from the text as before, so the rows, their types and
 * the errors are the same. Transactions use PGlite's own object, untouched; the hot-path desks have their own
 * prepared statements (statement-runner.ts).
 */
export function withNamedReads(pglite: PGlite, { maxNamed = MAX_NAMED } = {}): PGlite {
  const named = new Map<string, Named>();
  const sightings = new Map<string, number>();

  async function prepare(name: string, text: string): Promise<void> {
    const found = await pglite.query<{ found: boolean }>('select exists (select 1 from pg_prepared_statements where name = $1) as found', [name]);
    if (!found.rows[0].found) await pglite.exec(`prepare ${name} as ${text}`);
  }

  async function runNamed<T>(entry: Named, text: string, params: unknown[], literals: string[], options: QueryOptions | undefined): Promise<Results<T>> {
    // Concurrent first reads of one text wait for the same PREPARE.
    entry.prepared ??= prepare(entry.name, text);
    try {
      await entry.prepared;
    } catch {
      // A text PostgreSQL will not prepare is read as it always was.
      entry.plain = true;
      return pglite.query<T>(text, params, options);
    }
    entry.executions += 1;
    // Rebuilt at the tables' new size, as the desks' statements are (statement-runner.ts).
    const replan = replanDue(entry.executions);
    const execute = literals.length === 0 ? `execute ${entry.name}` : `execute ${entry.name}(${literals.join(', ')})`;
    // The SET is undone with the message's implicit transaction if the EXECUTE fails.
    const generic = hasGenericPlan(text);
    try {
      const results = await pglite.exec(
        `${replan ? 'discard plans;' : ''}${generic ? 'set plan_cache_mode = force_generic_plan;' : ''}${execute}${generic ? ';reset plan_cache_mode' : ''}`, options);
      return results[results.length - (generic ? 2 : 1)] as Results<T>;
    } catch (error) {
      entry.prepared = null;
      // 0A000: a table's columns changed under the statement ("cached plan must not change result type").
      if ((error as { code?: string }).code !== '0A000') throw error;
      await pglite.exec(`deallocate ${entry.name}`).catch(() => undefined);
      return pglite.query<T>(text, params, options);
    }
  }

  function entryFor(text: string): Named | undefined {
    const entry = named.get(text);
    if (entry || named.size >= maxNamed || !/^\s*select\b/i.test(text)) return entry;
    const seen = (sightings.get(text) ?? 0) + 1;
    if (seen < NAME_AT_SIGHTING) {
      if (sightings.size >= MAX_COUNTED) sightings.clear();
      sightings.set(text, seen);
      return undefined;
    }
    sightings.delete(text);
    const created = { name: `read_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, executions: 0, prepared: null, plain: false };
    named.set(text, created);
    return created;
  }

  function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const entry = entryFor(text);
    const literals = entry && !entry.plain && !options?.paramTypes && !options?.blob ? literalsOf(params) : undefined;
    return entry && literals ? runNamed<T>(entry, text, params, literals, options) : pglite.query<T>(text, params, options);
  }

  // Every other member is PGlite's own, bound to it (its methods use private fields).
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (!method) bound.set(property, method = (value as (...args: unknown[]) => unknown).bind(target));
      return method;
    },
  });
}
