import { AppError } from '../../http/errors';

export type Cursor = { createdAt: string; id: number };

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
      !Number.isNaN(Date.parse(value[0])) &&
      Number.isSafeInteger(value[1]) &&
      value[1] > 0
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // fall through to the 400 below
  }
  throw new AppError('bad_request', 'cursor is not valid.');
}
