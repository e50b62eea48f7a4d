import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { statementName, type Database, type Db } from '../db/client';
import { serializeError } from '../http/logging';

/** What a job runs with: its id, its data, and how many times it has been tried before. */
export type Job<T> = { id: string; name: string; data: T; retryCount: number };
export type Handler<T> = (job: Job<T>) => Promise<void>;

/** How one kind of job is retried. Jobs that exhaust their retries stay in the table as `failed`. */
export type QueuePolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  backoff: boolean;
  expireInSeconds?: number;
  /** At most one job waiting per `singletonKey`; a second one sent meanwhile is dropped. */
  onePerKey?: boolean;
};

export type FailedJob = {
  id: string;
  name: string;
  data: unknown;
  error: string;
  createdAt: Date;
  failedAt: Date;
  retryCount: number;
};
export type WaitingJob = { id: string; name: string; createdAt: Date; startAfter: Date; retryCount: number };

export type JobQueue = {
  /**
   * Writes a job through `db`: pass the transaction that makes the change the job follows from,
   * and the job exists exactly when that change is committed.
   */
  enqueue(
    db: Db,
    name: string,
    data: object,
    options?: {
      startAfterSeconds?: number;
      singletonKey?: string;
      /** The job's own id (a uuid): a second job sent with the same id is dropped while the first is kept. */
      id?: string;
    },
  ): Promise<string | null>;
  /** Writes several jobs of one kind through `db` in one statement, as `enqueue` does one. */
  enqueueMany(db: Db, name: string, data: readonly object[]): Promise<void>;
  /** Declares a kind of job and the function that runs it (before `start`). */
  handle<T>(name: string, policy: QueuePolicy, handler: Handler<T>): void;
  /** Runs a job on a cron schedule (UTC), once across every process. */
  schedule(name: string, cron: string): void;
  /**
   * Makes every declared kind of job's queue exist with its settings, so a job written from now on
   * is kept (pg-boss drops one for a queue that does not exist). A server does this before it opens
   * its port; `start` does it too when it has not been done.
   */
  prepare(): Promise<void>;
  /** Starts the workers and the schedules. */
  start(): Promise<void>;
  /** Asks this process's worker for `name` to look for work now instead of at its next poll. */
  wake(name: string): void;
  stop(): Promise<void>;
  /** Where failures are reported from now on (the app's logger, which redacts). */
  useLog(log: (message: string, error?: unknown) => void): void;
  /** Jobs that used up their retries, newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Jobs waiting to run (new, or waiting for their next try), newest first. */
  waiting(limit?: number): Promise<WaitingJob[]>;
  /** How many jobs wait to run and how many used up their retries. */
  counts(): Promise<{ waiting: number; failed: number }>;
  /** The same per declared kind of job (zeros included), with how many run now. */
  countsByName(): Promise<Array<{ name: string; waiting: number; active: number; failed: number }>>;
  /** When each scheduled job last completed; null when none did in the day completed jobs are kept. */
  lastCompleted(): Promise<Array<{ name: string; at: Date | null }>>;
  /**
   * Puts a job that used up its retries back to run once more (pg-boss's retry) and wakes its
   * worker. Answers the job's name, or null when no failed job has that id.
   */
  retry(id: string): Promise<string | null>;
  readonly boss: PgBoss;
};

/**
 * The caller's handle as pg-boss's database: its few fixed statements (a job's insert, above all,
 * which runs in the transaction of every gift) as named prepared statements, so PostgreSQL parses
 * and plans each once per connection; PGlite, and a pooler in transaction mode, run them unnamed.
 */
const through = (db: Db): PgBoss.Db => ({
  executeSql: async (text, values = []) => {
    const name = statementName(db, `jobs_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
    const prepared = db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false);
    return (await prepared.execute()) as { rows: unknown[] };
  },
});

export type QueueOptions = {
  /** How often an idle worker looks for work (seconds; at least 0.5). */
  pollingSeconds?: number;
  /** Jobs one worker takes per poll and runs side by side. */
  batchSize?: number;
  /** Tests: retry after one second, without back-off, whatever a job's policy says. */
  fastRetries?: boolean;
  log?: (message: string, error?: unknown) => void;
};

export const JOB_SCHEMA = 'pgboss';

/**
 * The message a failed job's output holds: ours (`{ message }`, written when a handler throws) or
 * pg-boss's own (`{ value: { message } }`, a job that ran past its time); never the rest of it.
 */
function failureMessage(output: unknown): string {
  const message = (o: unknown): unknown =>
    typeof o === 'object' && o !== null && 'message' in o ? (o as { message: unknown }).message : undefined;
  const found =
    message(output) ??
    (typeof output === 'object' && output ? message((output as { value?: unknown }).value) : undefined);
  return typeof found === 'string' && found.trim() !== '' ? found : 'It failed without saying why.';
}

/** Runs `step` again (up to five times, after a short random pause) when it loses a race with another process. */
async function settleRace(step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 40P01 deadlock, 23505 duplicate key, 42P07 table already exists.
      if (attempt >= 5 || !['40P01', '23505', '42P07'].includes(code ?? '')) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/** The pg-boss connection for a database: its own small pool on PostgreSQL, the one PGlite client otherwise. */
export function bossFor(database: Database): PgBoss {
  const common = {
    schema: JOB_SCHEMA,
    // Failed jobs stay visible in the job table for a year; completed ones are archived after a day.
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 365 * 24 * 3600,
    deleteAfterDays: 30,
    monitorStateIntervalSeconds: 60,
  };
  if (database.kind === 'postgres' && database.url) {
    // Its own session on the primary, never through a pooler (decision 0083).
    const connectionString = database.directUrl ?? database.url;
    return new PgBoss({ ...common, connectionString, max: 3, application_name: 'goi-jobs' });
  }
  const client = database.pglite!;
  return new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values: unknown[]) {
        if (values && values.length) return client.query(text, values);
        // pg-boss's own migrations are several statements in one text.
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  });
}

/** Creates pg-boss's tables if they are missing (start-up, and the test template). */
export async function migrateJobs(database: Database): Promise<void> {
  const boss = bossFor(database);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

/**
 * Marks jobs completed as they end, each as soon as it can be: the first to end is written at once,
 * and every job that ends while that write is under way is written with the others in the next one,
 * so a busy queue settles many jobs per statement and an idle one waits for nothing.
 */
function completer(boss: PgBoss, name: string): (id: string) => Promise<void> {
  let waiting: Array<{ id: string; settle: (error?: unknown) => void }> = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        await boss.complete(
          name,
          batch.map((job) => job.id),
        );
        for (const job of batch) job.settle();
      } catch (error) {
        for (const job of batch) job.settle(error ?? new Error('completing jobs failed'));
      }
    }
    writing = false;
  };
  return (id) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ id, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void write();
    });
}

export function createJobQueue(database: Database, options: QueueOptions = {}): JobQueue {
  const boss = bossFor(database);
  let log =
    options.log ?? ((message: string, error?: unknown) => console.error(message, serializeError(error).message));
  boss.on('error', (error: Error) => log('Background jobs: database error', error));
  const handlers = new Map<string, { policy: QueuePolicy; handler: Handler<unknown> }>();
  const schedules: Array<{ name: string; cron: string }> = [];
  const workers = new Map<string, string>();
  let started = false;
  let prepared: Promise<void> | undefined;

  const settingsOf = (name: string, policy: QueuePolicy) => ({
    name,
    retryLimit: policy.retryLimit,
    retryDelay: options.fastRetries ? 1 : policy.retryDelaySeconds,
    retryBackoff: options.fastRetries ? false : policy.backoff,
    ...(policy.onePerKey ? { policy: 'short' as const } : {}),
    ...(policy.expireInSeconds ? { expireInSeconds: policy.expireInSeconds } : {}),
  });
  type Settings = ReturnType<typeof settingsOf>;
  // A queue's own settings as pg-boss keeps them; one whose kind sets no expiry keeps whatever it has.
  const same = (kept: Partial<Settings> & { policy?: string }, wanted: Settings) =>
    (kept.policy ?? 'standard') === (wanted.policy ?? 'standard') &&
    kept.retryLimit === wanted.retryLimit &&
    kept.retryDelay === wanted.retryDelay &&
    kept.retryBackoff === wanted.retryBackoff &&
    (wanted.expireInSeconds === undefined || kept.expireInSeconds === wanted.expireInSeconds);

  function prepare(): Promise<void> {
    prepared ??= (async () => {
      await boss.start();
      // One look at every queue: at a restart they are all there as they should be, and nothing
      // more is written.
      const kept = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
      for (const [name, { policy }] of handlers) {
        const queue = settingsOf(name, policy);
        const found = kept.get(name) as (Partial<Settings> & { policy?: string }) | undefined;
        if (found && same(found, queue)) continue;
        // createQueue keeps an existing queue's settings; updateQueue brings them up to date. Several
        // processes starting at once race to create the same queue (its own table): the loser's
        // deadlock or duplicate is retried and then finds the queue there.
        await settleRace(async () => {
          if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
          else await boss.createQueue(name, queue);
        });
      }
    })();
    prepared.catch(() => (prepared = undefined));
    return prepared;
  }

  return {
    boss,
    async enqueue(db, name, data, opts = {}) {
      if (!handlers.has(name)) throw new Error(`No handler for job ${name}.`);
      return boss.send(name, data, {
        db: through(db),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.id ? { id: opts.id } : {}),
      });
    },
    async enqueueMany(db, name, data) {
      if (!handlers.has(name)) throw new Error(`No handler for job ${name}.`);
      if (data.length === 0) return;
      await boss.insert(
        data.map((d) => ({ name, data: d })),
        { db: through(db) },
      );
    },
    handle(name, policy, handler) {
      if (started) throw new Error('Declare jobs before the queue starts.');
      handlers.set(name, { policy, handler: handler as Handler<unknown> });
    },
    schedule(name, cron) {
      schedules.push({ name, cron });
    },
    prepare,
    async start() {
      await prepare();
      for (const [name, { handler }] of handlers) {
        // A batch per poll, each job settled on its own: the failures are failed here one by one,
        // and pg-boss then completes the jobs that are still active (the ones that succeeded).
        const batchSize = options.batchSize ?? 20;
        const complete = completer(boss, name);
        const worker = { id: '' };
        worker.id = await boss.work<object>(
          name,
          { pollingIntervalSeconds: options.pollingSeconds ?? 2, batchSize, includeMetadata: true },
          async (jobs) => {
            // A full batch means more may be waiting: look again at once rather than after the poll interval.
            if (jobs.length === batchSize && worker.id) boss.notifyWorker(worker.id);
            // Each job is settled as soon as it ends (together with any that end meanwhile), so a
            // slow neighbour in the batch (or a stop) never makes a job that already sent its mail run again.
            await Promise.all(
              jobs.map(async (job) => {
                try {
                  await handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount });
                } catch (error) {
                  log(`Background job ${name} ${job.id} failed; it is retried unless its tries are used up`, error);
                  // Stored for the admins to read: worded like the logs, never with SQL parameters or emails.
                  await boss.fail(name, job.id, { message: serializeError(error).message });
                  return;
                }
                await complete(job.id);
              }),
            );
          },
        );
        workers.set(name, worker.id);
      }
      for (const { name, cron } of schedules) await settleRace(() => boss.schedule(name, cron, {}, { tz: 'UTC' }));
      started = true;
    },
    useLog(next) {
      log = next;
    },
    wake(name) {
      const id = workers.get(name);
      if (id) boss.notifyWorker(id);
    },
    async stop() {
      if (!started && !prepared) return;
      started = false;
      // A stop while preparing waits for it, so pg-boss is not left running behind the stop.
      await prepared?.catch(() => undefined);
      prepared = undefined;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async failed(limit = 100) {
      const result = (await boss
        .getDb()
        .executeSql(
          `select id, name, data, output, created_on, completed_on, retry_count from ${JOB_SCHEMA}.job where state = 'failed' order by completed_on desc, id desc limit $1`,
          [limit],
        )) as {
        rows: Array<{
          id: string;
          name: string;
          data: unknown;
          output: unknown;
          created_on: Date;
          completed_on: Date;
          retry_count: number;
        }>;
      };
      return result.rows.map((r) => ({
        id: r.id,
        name: r.name,
        data: r.data,
        error: failureMessage(r.output),
        createdAt: new Date(r.created_on),
        failedAt: new Date(r.completed_on),
        retryCount: Number(r.retry_count),
      }));
    },
    async waiting(limit = 100) {
      const result = (await boss
        .getDb()
        .executeSql(
          `select id, name, created_on, start_after, retry_count from ${JOB_SCHEMA}.job where state in ('created', 'retry') order by created_on desc, id desc limit $1`,
          [limit],
        )) as {
        rows: Array<{ id: string; name: string; created_on: Date; start_after: Date; retry_count: number }>;
      };
      return result.rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: new Date(r.created_on),
        startAfter: new Date(r.start_after),
        retryCount: Number(r.retry_count),
      }));
    },
    async counts() {
      const result = (await boss.getDb().executeSql(
        `select count(*) filter (where state in ('created', 'retry'))::int as waiting,
                  count(*) filter (where state = 'failed')::int as failed
             from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'failed')`,
        [],
      )) as { rows: Array<{ waiting: number; failed: number }> };
      const row = result.rows[0];
      return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
    },
    async countsByName() {
      const result = (await boss.getDb().executeSql(
        `select name,
                count(*) filter (where state in ('created', 'retry'))::int as waiting,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'failed')::int as failed
           from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'active', 'failed') group by name`,
        [],
      )) as { rows: Array<{ name: string; waiting: number; active: number; failed: number }> };
      const found = new Map(result.rows.map((r) => [r.name, r]));
      return [...new Set([...handlers.keys(), ...found.keys()])].map((name) => {
        const row = found.get(name);
        return {
          name,
          waiting: Number(row?.waiting ?? 0),
          active: Number(row?.active ?? 0),
          failed: Number(row?.failed ?? 0),
        };
      });
    },
    async lastCompleted() {
      const names = [...new Set(schedules.map((s) => s.name))];
      if (names.length === 0) return [];
      const result = (await boss
        .getDb()
        .executeSql(
          `select name, max(completed_on) as at from ${JOB_SCHEMA}.job where name = any($1::text[]) and state = 'completed' group by name`,
          [names],
        )) as { rows: Array<{ name: string; at: Date | string | null }> };
      const at = new Map(result.rows.map((r) => [r.name, r.at === null ? null : new Date(r.at)]));
      return names.map((name) => ({ name, at: at.get(name) ?? null }));
    },
    async retry(id) {
      const found = (await boss
        .getDb()
        .executeSql(`select name from ${JOB_SCHEMA}.job where id = $1::uuid and state = 'failed'`, [id])) as {
        rows: Array<{ name: string }>;
      };
      const name = found.rows[0]?.name;
      if (!name) return null;
      // pg-boss answers how many jobs it put back, though its types say nothing: none when another
      // admin's retry (or a worker) got there first.
      const result = (await boss.retry(name, id)) as unknown as { affected?: number } | undefined;
      if (result?.affected === 0) return null;
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      return name;
    },
  };
}
