import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CURSOR_INVALID_MESSAGE } from '@contract/pagination';
import { AppError } from '../http/errors';

export type Cursor = { createdAt: string; id: number };

const INT4_MAX = 2_147_483_647;
// The exact form encodeCursor writes (queries.ts), microseconds optional.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?Z$/;

/**
 * A timestamp the database reads as the same instant: a calendar date that exists, within years
 * PostgreSQL and JavaScript agree on. Date.parse alone lets through '2024-02-30' and '1', which
 * the database then refuses mid-query.
 */
function isCursorTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || year > 9999 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isCursorTimestamp(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= INT4_MAX
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // fall through to the 400 below
  }
  throw new AppError('bad_request', CURSOR_INVALID_MESSAGE);
}

/**
 * Keyset paging for the admin lists, which sort by more than creation time: a list names its sort
 * column's type and direction, each row carries its key as exact text (`keyText`), and a cursor is
 * that text with the row's id, so a page never skips or repeats a row while others are added.
 */
export type KeyType = 'timestamp' | 'bigint' | 'text';
export type Keyset = { column: AnyColumn | SQL; type: KeyType; direction: 'asc' | 'desc'; id: AnyColumn | SQL };
export type KeyCursor = { key: string; id: number };

const BIGINT = /^-?\d{1,18}$/;

/** The sort column as text that reads back as exactly the same value (timestamps to the microsecond). */
export function keyText(keyset: Keyset): SQL<string> {
  if (keyset.type === 'timestamp')
    return sql<string>`to_char(${keyset.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string>`(${keyset.column})::text`;
}

export function keyOrder(keyset: Keyset): SQL[] {
  const dir = keyset.direction === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${keyset.column} ${dir}`, sql`${keyset.id} ${dir}`];
}

/** Rows after the cursor in the keyset's order. */
export function afterKey(keyset: Keyset, cursor: KeyCursor): SQL {
  const value =
    keyset.type === 'timestamp'
      ? sql`${cursor.key}::timestamptz`
      : keyset.type === 'bigint'
        ? sql`${cursor.key}::bigint`
        : sql`${cursor.key}::text`;
  return keyset.direction === 'asc'
    ? sql`(${keyset.column}, ${keyset.id}) > (${value}, ${cursor.id})`
    : sql`(${keyset.column}, ${keyset.id}) < (${value}, ${cursor.id})`;
}

export function encodeKeyCursor(c: KeyCursor): string {
  return Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
}

/** The cursor a reply gave, checked against the list's key type; a 400 in words when it is not one. */
export function decodeKeyCursor(raw: string | undefined, type: KeyType): KeyCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 500 &&
      !value[0].includes('\u0000') &&
      (type === 'text' || (type === 'timestamp' ? isCursorTimestamp(value[0]) : BIGINT.test(value[0]))) &&
      Number.isSafeInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= INT4_MAX
    ) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // fall through to the 400 below
  }
  throw new AppError('bad_request', CURSOR_INVALID_MESSAGE);
}

/** One page from rows fetched with one extra: the items, and the cursor after the last kept row when there is more. */
export function keyPage<R extends { sortKey: string; id: number }>(
  rows: R[],
  limit: number,
): { rows: R[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return { rows: kept, nextCursor: more && last ? encodeKeyCursor({ key: last.sortKey, id: last.id }) : null };
}
