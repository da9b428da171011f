import { getTableColumns, getTableName, isSQLWrapper, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The set-based writes of the batching desks, built from the Drizzle schema: a table's column names, their order and
 * their casts come from `schema.ts`, so a column added to `holdings` is written by naming it in a row, not by editing
 * every statement that copies the table's column list. Rows are objects keyed by the schema's property names; they
 * travel as ONE bound array parameter per column (`unnest($1::integer[], $2::text[], …)`): PostgreSQL reads an array
 * literal faster than the same rows as JSON, a batch of 1 row or 100 has the same statement text (one prepared plan),
 * and no value is ever interpolated into the SQL.
 */

/** The property names of a table's columns. */
export type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;
/** A row keyed by the table's property names, as Drizzle types them for an insert. */
export type SetRow<T extends PgTable> = Partial<T['$inferInsert']>;
/**
 * A column's value in a statement: an SQL expression or a column (over the row set's alias, a join, the row an insert
 * copies…), or a value bound and cast by the schema.
 */
export type ColumnValue = SQLWrapper | string | number | bigint | boolean | Date | null;
export type ColumnValues<T extends PgTable> = Partial<Record<ColumnKey<T>, ColumnValue>>;

/** Rows as a source of a statement: `unnest(…) as alias("col", …)`, and each column as `alias."col"`. */
export interface RowSet<T extends PgTable> {
  source: SQL;
  columns: Partial<Record<ColumnKey<T>, SQL>>;
}

interface ColumnInfo {
  key: string;
  column: PgColumn;
  castType: string;
  /** Array entries of this column are written bare (numbers, booleans), not quoted. */
  bare: boolean;
  /** The value as the text PostgreSQL reads for the column's type (null stays null); refuses a value of the wrong kind. */
  text: (value: unknown) => string | null;
}

const columnsByTable = new WeakMap<PgTable, ColumnInfo[]>();

/** The table's columns in schema order, with the type each cast names (a serial is stored as integer). */
function columnsOf(table: PgTable): ColumnInfo[] {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
      const castType = castTypeOf(column);
      return { key, column, castType, bare: ['number', 'bigint', 'boolean'].includes(column.dataType), text: textOf(getTableName(table), key, column, castType) };
    });
    columnsByTable.set(table, columns);
  }
  return columns;
}

const SERIAL_TYPES: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

function castTypeOf(column: PgColumn): string {
  const type = column.getSQLType();
  return SERIAL_TYPES[type] ?? type;
}

function columnInfo(table: PgTable, key: string): ColumnInfo {
  const info = columnsOf(table).find((candidate) => candidate.key === key);
  if (!info) throw new SetWriteError(`${getTableName(table)} has no column ${key}`);
  return info;
}

// Names that must be quoted: anything but lower-case letters, digits and underscores, and the reserved words a
// column or table might take. Others are written bare, so a statement reads (and is searched for) as written by hand.
const RESERVED = new Set(['all', 'and', 'any', 'as', 'case', 'check', 'column', 'default', 'desc', 'do', 'end', 'from', 'group', 'in',
  'limit', 'not', 'null', 'on', 'or', 'order', 'primary', 'references', 'select', 'table', 'to', 'user', 'where', 'with']);

function ident(name: string): SQL {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name) ? sql.raw(name) : sql`${sql.identifier(name)}`;
}

/** A row or value the schema refuses: the statement is never sent. */
export class SetWriteError extends Error {}

const INTEGER_TYPES = new Set(['integer', 'bigint', 'smallint']);

/**
 * The column's converter from a value to the text PostgreSQL reads for its type, chosen once per column: it runs for
 * every cell of every batch.
 */
function textOf(tableName: string, key: string, column: PgColumn, castType: string): (value: unknown) => string | null {
  const refuse = (what: string) => new SetWriteError(`${tableName}.${key} ${what}`);
  const nullable = !column.notNull;
  const orNull = (convert: (value: unknown) => string) => (value: unknown): string | null => {
    if (value === null || value === undefined) {
      if (nullable) return null;
      throw refuse(`is not null, got ${String(value)}`);
    }
    return convert(value);
  };
  const integer = INTEGER_TYPES.has(castType);
  switch (column.dataType) {
    case 'bigint':
      return orNull((value) => {
        if (typeof value !== 'bigint') throw refuse(`takes a bigint, got ${typeof value}`);
        return value.toString();
      });
    case 'number':
      return orNull((value) => {
        if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) {
          throw refuse(`takes ${integer ? 'an integer' : 'a number'}, got ${String(value)}`);
        }
        return String(value);
      });
    case 'string':
      return orNull((value) => {
        if (typeof value !== 'string') throw refuse(`takes a string, got ${typeof value}`);
        return value;
      });
    case 'date':
      return orNull((value) => {
        if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw refuse('takes a valid Date');
        return value.toISOString();
      });
    case 'boolean':
      return orNull((value) => {
        if (typeof value !== 'boolean') throw refuse(`takes a boolean, got ${typeof value}`);
        return String(value);
      });
    case 'json':
      return orNull((value) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    default:
      return () => {
        throw new SetWriteError(`${tableName}.${key}: ${column.dataType} columns are not written by set-writes`);
      };
  }
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * One column's values as an array literal. Text entries are quoted (any text survives); numbers, checked above, and
 * NULL are bare, which keeps a batch's parameters short.
 */
function arrayText(texts: readonly (string | null)[], quoted: boolean): string {
  let literal = '{';
  for (let index = 0; index < texts.length; index++) {
    const text = texts[index];
    if (index > 0) literal += ',';
    if (text === null) literal += 'NULL';
    else if (!quoted) literal += text;
    else literal += `"${NEEDS_ESCAPE.test(text) ? text.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : text}"`;
  }
  return `${literal}}`;
}

/** One column of `rows` as an array literal; a row without the column is refused (a null must be said). */
function columnArray(table: PgTable, info: ColumnInfo, rows: readonly SetRow<PgTable>[]): string {
  const texts = new Array<string | null>(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as Record<string, unknown>;
    const value = row[info.key];
    if (value === undefined && !(info.key in row)) throw new SetWriteError(`a row of ${getTableName(table)} lacks ${info.key}`);
    texts[index] = info.text(value);
  }
  return arrayText(texts, !info.bare);
}

/** How many own enumerable keys a row has, without building their list. */
function keyCount(row: object): number {
  let count = 0;
  for (const key in row) if (Object.hasOwn(row, key)) count++;
  return count;
}

/**
 * `rows` as `unnest($1::integer[], …) as alias("id", …)`: the columns are the keys the rows carry, in schema order
 * (every row must carry the same keys), or `keys` when given (required when the rows may be empty).
 */
export function rowSet<T extends PgTable>(table: T, rows: readonly SetRow<T>[], options: { alias?: string; keys?: readonly ColumnKey<T>[] } = {}): RowSet<T> {
  const alias = options.alias ?? 'x';
  // Every row carries the same keys: those given, or the first row's.
  const carried = new Set<string>(options.keys ?? (rows.length > 0 ? Object.keys(rows[0]) : []));
  if (carried.size === 0) throw new SetWriteError(`rows of ${getTableName(table)} name no column`);
  for (const key of carried) columnInfo(table, key);
  const infos = columnsOf(table).filter((info) => carried.has(info.key));
  const arrays = infos.map((info) => sql`${columnArray(table, info, rows)}::${sql.raw(info.castType)}[]`);
  // Every row holds every carried key (checked above), so one more key is one too many.
  for (const row of rows) {
    if (keyCount(row) !== infos.length) {
      const extra = Object.keys(row).find((key) => !carried.has(key));
      throw new SetWriteError(`${getTableName(table)}.${extra} is not among the row set's columns`);
    }
  }
  const name = ident(alias);
  return {
    source: sql`unnest(${sql.join(arrays, sql`, `)}) as ${name}(${sql.join(infos.map((info) => ident(info.column.name)), sql`, `)})`,
    columns: Object.fromEntries(infos.map((info) => [info.key, sql`${name}.${ident(info.column.name)}`])) as RowSet<T>['columns'],
  };
}

/** A value of the column as SQL: an expression as it is, anything else bound and cast to the column's type. */
function valueSql(table: PgTable, info: ColumnInfo, value: ColumnValue): SQL {
  if (isSQLWrapper(value)) return sql`${value}`;
  const text = info.text(value);
  // A null is written, not bound: the embedded database's prepared runner sends parameters as quoted literals.
  return text === null ? sql`null::${sql.raw(info.castType)}` : sql`${text}::${sql.raw(info.castType)}`;
}

function returningSql(table: PgTable, returning: readonly string[] | undefined, qualifier?: string): SQL {
  if (!returning || returning.length === 0) return sql``;
  const prefix = qualifier ? sql`${ident(qualifier)}.` : sql``;
  return sql` returning ${sql.join(returning.map((key) => {
    const name = columnInfo(table, key).column.name;
    return sql`${prefix}${ident(name)} as ${ident(name)}`;
  }), sql`, `)}`;
}

/**
 * `insert into table ("col", …) select value, … [from …] [returning …]`: the columns are those `values` names, in
 * schema order. Refuses an insert that leaves out a column that is not null and has no default.
 */
export function insertSelect<T extends PgTable>(
  table: T, values: ColumnValues<T>, from?: SQL, options: { returning?: readonly ColumnKey<T>[] } = {},
): SQL {
  for (const key of Object.keys(values)) columnInfo(table, key);
  const infos = columnsOf(table).filter((info) => values[info.key as ColumnKey<T>] !== undefined);
  const missing = columnsOf(table).filter((info) => info.column.notNull && !info.column.hasDefault && !infos.includes(info));
  if (missing.length > 0) throw new SetWriteError(`an insert into ${getTableName(table)} lacks ${missing.map((info) => info.key).join(', ')}`);
  return sql`insert into ${ident(getTableName(table))} (${sql.join(infos.map((info) => ident(info.column.name)), sql`, `)})
    select ${sql.join(infos.map((info) => valueSql(table, info, values[info.key as ColumnKey<T>]!)), sql`, `)}${from ? sql` from ${from}` : sql``}${returningSql(table, options.returning)}`;
}

/**
 * Inserts `rows` in one statement: each row's columns from the arrays, plus `values` shared by every row (the batch's
 * time, the project…) or computed from the row set's alias (`x`), which override a row column of the same name.
 * `from` follows the row set (joins that resolve ids the batch reserved).
 */
export function insertRows<T extends PgTable>(table: T, rows: readonly SetRow<T>[], options: {
  values?: ColumnValues<T>; keys?: readonly ColumnKey<T>[]; from?: SQL; returning?: readonly ColumnKey<T>[];
} = {}): SQL {
  const set = rowSet(table, rows, { keys: options.keys });
  return insertSelect(table, { ...set.columns, ...options.values } as ColumnValues<T>, sql`${set.source}${options.from ? sql` ${options.from}` : sql``}`, options);
}

/**
 * Updates the rows named by `key` (the primary key unless said otherwise) to the values the rows carry, plus `values`
 * (expressions may name the table as `t` and the rows as `x`). The ids are named as an array too: the planner cannot
 * see how few rows an `unnest` yields and would otherwise consider the whole table.
 */
export function updateRows<T extends PgTable>(table: T, rows: readonly SetRow<T>[], options: {
  key?: ColumnKey<T>; values?: ColumnValues<T>; keys?: readonly ColumnKey<T>[]; returning?: readonly ColumnKey<T>[];
} = {}): SQL {
  const keyName = options.key ?? ('id' as ColumnKey<T>);
  const keyInfo = columnInfo(table, keyName);
  const set = rowSet(table, rows, { keys: options.keys });
  const assigned = columnsOf(table).filter((info) => info.key !== keyName
    && (set.columns[info.key as ColumnKey<T>] !== undefined || options.values?.[info.key as ColumnKey<T>] !== undefined));
  if (assigned.length === 0) throw new SetWriteError(`an update of ${getTableName(table)} sets no column`);
  const assignments = assigned.map((info) => {
    const value = options.values?.[info.key as ColumnKey<T>];
    return sql`${ident(info.column.name)} = ${value !== undefined ? valueSql(table, info, value) : set.columns[info.key as ColumnKey<T>]!}`;
  });
  const keyColumn = ident(keyInfo.column.name);
  const ids = rows.map((row) => keyInfo.text((row as Record<string, unknown>)[keyName]));
  return sql`update ${ident(getTableName(table))} t set ${sql.join(assignments, sql`, `)}
    from ${set.source}
    where t.${keyColumn} = x.${keyColumn} and t.${keyColumn} = any(${arrayText(ids, !keyInfo.bare)}::${sql.raw(keyInfo.castType)}[])${returningSql(table, options.returning, 't')}`;
}
