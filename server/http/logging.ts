import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where log lines go instead of stdout (tests read them back). */
export type LogStream = { write(line: string): void };

/**
 * Logs are kept longer and read by more people than the database, so nothing that lets someone
 * act as a user goes in them: not reset or session tokens (which travel in some paths), not email
 * addresses (which travel in query strings), not the values bound to a failing SQL statement
 * (drizzle puts them in its error message, and they include password hashes).
 */

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Path segments that are followed by a secret in the web app's and API's addresses. */
const SECRET_FOLLOWS = new Set([
  'reset-password',
  'verify-email',
  'verify',
  'token',
  'tokens',
  'sessions',
  'invite',
  'unsubscribe',
]);

function looksLikeToken(segment: string): boolean {
  // Random tokens are long base64url or hex; long readable slugs (lower-case words and hyphens) are not.
  return segment.length >= 20 && /^[A-Za-z0-9_-]+$/.test(segment) && !/^[a-z]+(?:-[a-z]+)*$/.test(segment);
}

/** The request path with the query string removed and tokens and email addresses replaced. */
export function loggablePath(url: string | undefined): string {
  if (!url) return '';
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is logged as sent, after the checks below.
      }
      if (decoded.includes('@')) return '[email]';
      if (segment && i > 0 && SECRET_FOLLOWS.has(segments[i - 1] ?? '')) return '[token]';
      if (looksLikeToken(decoded)) return '[token]';
      return segment;
    })
    .join('/');
}

function serializeRequest(request: { method?: string; url?: string }) {
  return { method: request.method, url: loggablePath(request.url) };
}

type ErrorLike = Error & Record<string, unknown>;

/** drizzle's DrizzleQueryError: the SQL text and its bound values, with the driver's error as cause. */
function isQueryError(error: ErrorLike): error is ErrorLike & { query: string; params: unknown[] } {
  return typeof error.query === 'string' && Array.isArray(error.params);
}

/** Bound values anywhere in the cause chain; the driver's own message may quote one back. */
function boundValues(value: unknown, depth = 0): string[] {
  if (!(value instanceof Error) || depth > 5) return [];
  const error = value as ErrorLike;
  const own = isQueryError(error)
    ? error.params
        .map((p) =>
          p instanceof Date
            ? p.toISOString()
            : typeof p === 'string' || typeof p === 'number' || typeof p === 'bigint'
              ? String(p)
              : '',
        )
        .filter((p) => p.length >= 3)
    : [];
  return [...own, ...boundValues(error.cause, depth + 1)];
}

function scrub(text: string, secrets: string[]): string {
  // drizzle appends "\nparams: <values>" to the message of a failed query.
  let out = text.replace(/\nparams: [\s\S]*$/, '');
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out.replace(EMAIL, '[email]');
}

const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function serializeErrorWith(value: unknown, secrets: string[], depth: number): SerializedError {
  if (!(value instanceof Error)) {
    const text = typeof value === 'string' ? scrub(value, secrets) : `a ${typeof value} was thrown`;
    return { type: typeof value, message: text, stack: '' };
  }
  const error = value as ErrorLike;
  const type = (error.name && error.name !== 'Error' ? error.name : error.constructor?.name) || 'Error';
  // drizzle's message is the SQL text (kept: its values are placeholders) plus the bound values
  // (never kept); a driver's own message may quote a value back, so those are scrubbed.
  const fromDrizzle = isQueryError(error) && String(error.message).startsWith('Failed query: ');
  const message = fromDrizzle ? `Failed query: ${error.query}` : scrub(String(error.message), secrets);
  // The stack's first line repeats the raw message; only the frames are kept from it.
  const frames = typeof error.stack === 'string' ? error.stack.indexOf('\n    at ') : -1;
  const out: SerializedError = {
    type,
    message,
    stack: `${type}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}`,
  };
  for (const field of SAFE_FIELDS) {
    const v = error[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = v;
  }
  if (error.cause !== undefined && depth < 4) out.cause = serializeErrorWith(error.cause, secrets, depth + 1);
  return out;
}

/** pino's `err` serializer: type, message, code, stack and cause, never SQL parameters or the PostgreSQL detail line. */
export function serializeError(value: unknown): SerializedError {
  return serializeErrorWith(value, boundValues(value), 0);
}

function safeMessage(error: Error): string {
  return serializeError(error).message;
}

export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
    hooks: {
      // pino takes the line's message from a logged error's raw message; give it the safe one.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error) {
          const msg = rest.length > 0 ? rest : [safeMessage(first)];
          return method.apply(this, [{ err: first }, ...msg] as unknown as Parameters<typeof method>);
        }
        const err = first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
        if (err instanceof Error && rest.length === 0) {
          return method.apply(this, [first, safeMessage(err)] as unknown as Parameters<typeof method>);
        }
        return method.apply(this, args);
      },
      // Last line of defence for anything logged outside the serializers (a message string built
      // from a query error, say): drop drizzle's parameter list from the written line.
      streamWrite(line) {
        return line.includes('params: ') ? line.replace(/\\nparams: (?:[^"\\]|\\.)*/g, '') : line;
      },
    },
  };
}
