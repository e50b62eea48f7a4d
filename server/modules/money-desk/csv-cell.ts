import { stringify, type Stringifier } from 'csv-stringify';

// Where a spreadsheet starts a new cell or line: a tab (pasted text splits on it), the line breaks
// CSV knows, and those Unicode and some readers add (vertical tab, form feed, NEL, the line and
// paragraph separators).
const BREAK = '\\t\\n\\r\\v\\f\\u0085\\u2028\\u2029';
// What a spreadsheet runs as a formula: =, +, - and @, and their full-width forms, which some
// spreadsheets read as the same.
const FORMULA = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const FORMULA_AT_LINE_START = new RegExp(`(^|[${BREAK}])(?=[${FORMULA}])`, 'g');
const STARTS_WITH_BREAK = new RegExp(`^[${BREAK}]`);
// A cell holding any of these is quoted, so no reader can take what follows for a new cell or row.
const NEEDS_QUOTES = new RegExp(`[${BREAK}]`);

/**
 * A spreadsheet reads a cell starting with `=`, `+`, `-` or `@` as a formula, and some trim a
 * leading tab or line break first: a donor named `=HYPERLINK(...)` must stay text. So must one named
 * `Ada\r=cmd|...`, whose second line a reader splitting on the bare line break would take for a row
 * of its own. Every such start, of the cell or of any line in it, gets a single quote before it,
 * which spreadsheets show as text and never run; a cell starting with a break gets one too.
 */
export function formulaSafe(text: string): string {
  const lines = text.replace(FORMULA_AT_LINE_START, "$1'");
  return STARTS_WITH_BREAK.test(lines) ? `'${lines}` : lines;
}

/** Kobo as naira with two decimals (150000 -> "1500.00"), exact: integer arithmetic, no floating point. */
export function nairaCell(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type CsvColumn = { key: string; header: string };

/**
 * A CSV writer (csv-stringify) with a header row: every text cell goes through `formulaSafe`, and
 * one holding a tab or any line break is quoted (csv-stringify alone quotes only the record
 * delimiter, \r\n, so a bare \r or \n would otherwise end the row early in many readers); numbers
 * are written as they are, empty values as empty cells. UTF-8 without a byte-order mark.
 */
export function csvWriter(columns: readonly CsvColumn[]): Stringifier {
  return stringify({
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
    cast: { string: (value) => formulaSafe(value) },
    record_delimiter: '\r\n',
    quoted_match: NEEDS_QUOTES,
  });
}

/** A CSV file as a download: its type, the name it is saved under, and never kept by a cache. */
export const csvDownloadHeaders = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'private, no-store',
});
