import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import type { AppDeps } from '../deps';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, selectRows, type Database } from '../db/client';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import type { JobName } from '../jobs/names';
import { createJobQueue } from '../jobs/queue';
import { createMailbox, type CodeReader } from './mailbox';
import { createSmsInbox } from './sms-inbox';
import { createWhatsAppInbox } from './whatsapp-inbox';
import { useLeastHashCostInTests } from '../modules/accounts/secret-hash';

// Every app, fixture and seeded template of a test run hashes passwords and PINs at argon2's least
// cost (server/modules/accounts/secret-hash.ts). The benchmarks borrow the fixtures and hash at the
// stored cost, as the server does.
if (process.env.VITEST) useLeastHashCostInTests();

/** A fresh copy of the migrated, seeded test database for one test file. */
export function openTestDatabase(): Promise<Database> {
  return openDatabaseOfRun({ empty: false });
}

/** A new database with nothing in it, on the run's engine, for tests that apply migrations themselves. */
export function openEmptyTestDatabase(): Promise<Database> {
  return openDatabaseOfRun({ empty: true });
}

async function openDatabaseOfRun({ empty }: { empty: boolean }): Promise<Database> {
  if (inject('templateKind') === 'postgres') {
    const name = `goi_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const adminUrl = inject('postgresAdminUrl');
    const template = new URL(inject('postgresTemplateUrl')).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(empty ? `create database ${name}` : `create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  if (empty) return openPglite();
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  return openPglite({ loadDataDir: new Blob([snapshot]) });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // No response caching by default: tests change the database directly and read the result at once.
  // Each app keeps its uploads (and its signing secret) in a folder of its own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-test-'));
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_CACHE_SECONDS: '0' }),
    webDistDir: undefined,
    dataDir,
    ...overrides,
  };
}

export type TestContext = { app: App; database: Database };

const mailboxes = new WeakMap<App, CodeReader>();

/** The in-memory mailbox of an app started by `startTestApp` without a mailer of the test's own. */
export function mailboxOf(app: App): CodeReader | undefined {
  return mailboxes.get(app);
}

const smsInboxes = new WeakMap<App, ReturnType<typeof createSmsInbox>>();

/** The in-memory SMS inbox of an app started by `startTestApp` without an SMS sender of the test's own. */
export function smsInboxOf(app: App): ReturnType<typeof createSmsInbox> {
  const inbox = smsInboxes.get(app);
  if (!inbox) throw new Error('This app was started with an SMS sender of its own.');
  return inbox;
}

const whatsAppInboxes = new WeakMap<App, ReturnType<typeof createWhatsAppInbox>>();

/** The in-memory WhatsApp inbox of an app started by `startTestApp` without a WhatsApp sender of the test's own. */
export function whatsAppInboxOf(app: App): ReturnType<typeof createWhatsAppInbox> {
  const inbox = whatsAppInboxes.get(app);
  if (!inbox) throw new Error('This app was started with a WhatsApp sender of its own.');
  return inbox;
}

/**
 * `withoutSchedules`: scheduled jobs (a sweep every minute, reminders every quarter hour) this app
 * never runs by itself, for tests that run them and read what they did: a scheduled run could take
 * the work first.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  deps: Partial<AppDeps> = {},
  { withoutSchedules = [] }: { withoutSchedules?: readonly JobName[] } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  // Mail stays in memory unless a test brings its own SMTP catcher; fixtures read codes from it.
  const mailbox = createMailbox();
  const smsInbox = createSmsInbox();
  const whatsAppInbox = createWhatsAppInbox();
  const jobs = createJobQueue(database, { pollingSeconds: 0.5, fastRetries: true, log: () => undefined });
  const schedule = jobs.schedule.bind(jobs);
  jobs.schedule = (name, cron) => {
    if (!(withoutSchedules as readonly string[]).includes(name)) schedule(name, cron);
  };
  const app = await buildApp(testConfig(overrides), {
    db: database.db,
    jobs,
    mailer: mailbox,
    sms: smsInbox,
    whatsapp: whatsAppInbox,
    ...deps,
  });
  if (!deps.mailer) mailboxes.set(app, mailbox);
  if (!deps.sms) smsInboxes.set(app, smsInbox);
  if (!deps.whatsapp) whatsAppInboxes.set(app, whatsAppInbox);
  await app.ready();
  return { app, database };
}

export async function stopTestApp(ctx: TestContext | undefined): Promise<void> {
  if (!ctx) return;
  await ctx.app.close();
  await ctx.database.close();
}

/**
 * Polls `check` until `ok` holds (work done by the job queue lands a moment later) and answers that
 * value. Gives up after `timeoutMs` by failing the test with what it waited for and the last value
 * seen, or the last error `check` threw: a wait that ends quietly would let the test go on to
 * assert on something that never came.
 */
export async function eventually<T, U extends T>(
  what: string,
  check: () => Promise<T>,
  ok: (value: T) => value is U,
  timeoutMs?: number,
): Promise<U>;
export async function eventually<T>(
  what: string,
  check: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs?: number,
): Promise<T>;
export async function eventually<T>(
  what: string,
  check: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await check();
      if (ok(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() > deadline) throw new Error(gaveUp(what, timeoutMs, last));
    await new Promise((r) => setTimeout(r, 100));
  }
}

function gaveUp(what: string, timeoutMs: number, last: { value: unknown } | { error: unknown } | undefined): string {
  const shown = (v: unknown) =>
    inspect(v, { depth: 4, maxArrayLength: 10, maxStringLength: 500, breakLength: Infinity });
  const seen = !last ? 'nothing' : 'error' in last ? `the error ${shown(last.error)}` : shown(last.value);
  return `Gave up after ${timeoutMs} ms waiting for ${what}; last seen: ${seen}`;
}

/** Waits until the queue has run every job of `name` waiting now (a webhook event's processing, say). */
export async function jobsDone(database: Database, name: string, timeoutMs = 15_000): Promise<void> {
  const waiting = () =>
    selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`,
    );
  await eventually(`every waiting job of ${name} to run`, waiting, (r) => Number(r[0]!.n) === 0, timeoutMs);
}
