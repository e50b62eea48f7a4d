import { CURSOR_INVALID_MESSAGE } from '@contract/pagination';
import { AppError } from '../../http/errors';

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
