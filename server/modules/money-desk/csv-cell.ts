import { stringify, type Stringifier } from 'csv-stringify';

/**
 * A spreadsheet reads a cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return, which
 * some trim first) as a formula: a donor named `=HYPERLINK(...)` must stay text. Such cells get a
 * leading single quote, which spreadsheets show as text and never run.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Kobo as naira with two decimals (150000 -> "1500.00"), exact: integer arithmetic, no floating point. */
export function nairaCell(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type CsvColumn = { key: string; header: string };

/**
 * A CSV writer (csv-stringify) with a header row: every text cell goes through `formulaSafe`,
 * numbers are written as they are, empty values as empty cells. UTF-8 without a byte-order mark.
 */
export function csvWriter(columns: readonly CsvColumn[]): Stringifier {
  return stringify({
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
    cast: { string: (value) => formulaSafe(value) },
    record_delimiter: '\r\n',
  });
}
