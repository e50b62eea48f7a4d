import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { loggablePath, serializeError } from './logging';

let ctx: TestContext;
const lines: string[] = [];
const logText = () => lines.join('');

beforeAll(async () => {
  const { trustProxy, startupNotices } = loadConfig({ TRUST_PROXY: 'true' });
  ctx = await startTestApp(
    { logLevel: 'info', trustProxy, startupNotices },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(() => stopTestApp(ctx));
beforeEach(() => {
  lines.length = 0;
});

/** A query that fails inside PostgreSQL, with a bound value the database's own message quotes back. */
async function failingQuery(secret: string): Promise<Error> {
  return ctx.database.db.execute(sql`select ${secret}::integer as n`).then(
    () => {
      throw new Error('the query was expected to fail');
    },
    (error: Error) => error,
  );
}

describe('request logs', () => {
  it('log the path without the query string, so an email looked up is not logged', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user-exists?email=someone@example.org' });
    expect(res.statusCode).toBe(200);
    const text = logText();
    expect(text).toContain('"url":"/api/auth/user-exists"');
    expect(text).toContain('"method":"GET"');
    expect(text).not.toContain('someone');
    expect(text).not.toContain('example.org');
  });

  it('replace reset tokens and emails in paths', async () => {
    const token = randomBytes(32).toString('base64url');
    await ctx.app.inject({ method: 'GET', url: `/reset-password/${token}` });
    await ctx.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}?token=${token}` });
    await ctx.app.inject({ method: 'GET', url: '/api/users/someone%40example.org/profile' });
    const text = logText();
    expect(text).toContain('"url":"/reset-password/[token]"');
    expect(text).toContain('"url":"/api/users/[email]/profile"');
    expect(text).not.toContain(token);
    expect(text).not.toContain('someone');
  });

  it('keep ordinary paths readable', () => {
    expect(loggablePath('/api/campaigns/12?limit=5')).toBe('/api/campaigns/12');
    expect(loggablePath('/campaigns/braille-display-for-students-in-lagos')).toBe(
      '/campaigns/braille-display-for-students-in-lagos',
    );
    expect(loggablePath('/assets/reset-password-page-Cz8xY1Ab.js')).toBe('/assets/reset-password-page-Cz8xY1Ab.js');
    expect(loggablePath(`/api/things/${'a1b2c3d4'.repeat(4)}`)).toBe('/api/things/[token]');
  });

  it('never carry the authorization header', () => {
    ctx.app.log.info(
      { headers: { authorization: 'Bearer live-session-token-123', accept: 'application/json' } },
      'headers seen',
    );
    const text = logText();
    expect(text).toContain('headers seen');
    expect(text).not.toContain('live-session-token-123');
  });

  it('include the start-up notice about TRUST_PROXY=true', async () => {
    const { trustProxy, startupNotices } = loadConfig({ TRUST_PROXY: 'true' });
    const own: string[] = [];
    const other = await startTestApp(
      { logLevel: 'info', trustProxy, startupNotices },
      { logStream: { write: (line) => void own.push(line) } },
    );
    await stopTestApp(other);
    expect(own.join('')).toContain('TRUST_PROXY=true is read as 1');
  });
});

describe('error logs', () => {
  it('keep the SQL text and the database error code, never the bound values', async () => {
    const secret = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$notarealhashbutsecret';
    const error = await failingQuery(secret);
    // The raw error does carry the value, twice: in drizzle's message and in PostgreSQL's.
    expect(`${error.message} ${String((error.cause as Error | undefined)?.message)}`).toContain(secret);

    const serialized = serializeError(error);
    expect(serialized.message).toBe('Failed query: select $1::integer as n');
    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.cause).toMatchObject({ code: '22P02', message: expect.stringContaining('invalid input syntax') });
    expect(JSON.stringify(serialized)).not.toContain('notarealhash');

    ctx.app.log.error({ err: error }, 'query failed');
    ctx.app.log.error({ err: error });
    ctx.app.log.error(error);
    ctx.app.log.error(`wrapped: ${error.message}`);
    const text = logText();
    expect(lines).toHaveLength(4);
    expect(text).toContain('Failed query: select $1::integer as n');
    expect(text).toContain('22P02');
    expect(text).not.toContain('notarealhash');
    expect(text).not.toContain('params:');
  });

  it('keep an email bound to a query a route sends out of the log when that query fails', async () => {
    // Break the table under the route, so its parameterised lookup fails inside the database.
    await ctx.database.db.execute(sql`alter table users rename column email to email_moved`);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user-exists?email=leaky.person@example.org' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'internal' });
    } finally {
      await ctx.database.db.execute(sql`alter table users rename column email_moved to email`);
    }
    const text = logText();
    expect(text).toContain('request failed');
    expect(text).toContain('42703');
    expect(text).toContain('Failed query: select');
    expect(text).not.toContain('leaky');
    expect(text).not.toContain('example.org');
  });
});
