export type CsvCell = string | number | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) is
 * prefixed with a single quote, unless it is a plain number such as `-3.00`; then RFC 4180 quoting
 * applies when the field holds a comma, a double quote or a line break.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text = String(cell);
  if (typeof cell === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Excel reads a CSV without a byte-order mark as the local ANSI code page and garbles "–", "ł" or "東". */
export const UTF8_BOM = '\uFEFF';

/**
 * Every CSV the app produces: a UTF-8 byte-order mark, a header row, then one RFC 4180 record per row, CRLF line
 * endings (also after the last record).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
