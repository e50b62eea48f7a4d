import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

// NUL cannot be stored in a PostgreSQL text column at all (the driver fails the whole statement),
// and the other C0 controls are never typed by a person; tab, line feed and carriage return are.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Half of a surrogate pair is not a character: the drivers silently turn it into U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Text cannot contain control characters.';
export const BROKEN_CHARACTERS_MESSAGE = 'Text cannot contain broken characters.';

function problemWith(text: string): string | undefined {
  if (CONTROL.test(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (LONE_SURROGATE.test(text)) return BROKEN_CHARACTERS_MESSAGE;
  return undefined;
}

/**
 * Finds the first unacceptable text anywhere in a parsed value, keys included. Iterative, because
 * a 1 MB JSON body can nest far deeper than the call stack allows.
 */
export function findBadText(value: unknown): { path: string; message: string } | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const message = problemWith(current);
      if (message) return { path, message };
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        const message = problemWith(key);
        if (message) return { path: childPath, message };
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/**
 * One check for every route, present and future: text with control or broken characters is
 * refused before validation, so it never reaches a query (where NUL would fail the statement).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const bad = findBadText(part);
      if (bad) {
        throw new AppError('validation_failed', bad.message, { [bad.path || 'request']: [bad.message] });
      }
    }
  });
}
