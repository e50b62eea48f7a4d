import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, selectRows, type Database } from '../db/client';
import { eventually, openTestDatabase } from '../test/harness';
import { createJobQueue, type JobQueue } from './queue';

let database: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table job_effects (id serial primary key, job text not null, note text)`);
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await database.close();
});

const quiet = () => undefined;
function queue(db: Database = database) {
  const q = createJobQueue(db, { pollingSeconds: 0.5, log: quiet });
  queues.push(q);
  return q;
}

const effects = (job: string) =>
  selectRows<{ note: string }>(database.db, sql`select note from job_effects where job = ${job} order by id`).then(
    (r) => r.map((x) => x.note),
  );

describe('durable jobs', () => {
  it('exist only when the transaction that wrote them commits, and retry until they succeed', async () => {
    const q = queue();
    let tries = 0;
    q.handle<{ note: string }>('flaky', { retryLimit: 5, retryDelaySeconds: 1, backoff: false }, async (job) => {
      tries += 1;
      if (tries < 3) throw new Error('the mail server is down');
      await database.db.execute(sql`insert into job_effects (job, note) values ('flaky', ${job.data.note})`);
    });
    await q.start();
    await database.db
      .transaction(async (tx) => {
        await q.enqueue(tx, 'flaky', { note: 'rolled back' });
        throw new Error('abandon');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await q.enqueue(tx, 'flaky', { note: 'committed' });
    });
    q.wake('flaky');
    expect(
      await eventually(
        'the job that committed to run',
        () => effects('flaky'),
        (e) => e.length > 0,
      ),
    ).toEqual(['committed']);
    expect(tries).toBe(3);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await effects('flaky')).toEqual(['committed']);
  });

  it('writes several jobs in one statement, only when the transaction commits, each run once with its queue policy', async () => {
    const q = queue();
    q.handle<{ note: string }>('several', { retryLimit: 3, retryDelaySeconds: 1, backoff: false }, async (job) => {
      // Three tries of each fail: only this queue's retry limit (pg-boss's own default is 2) gives a fourth.
      if (job.retryCount < 3) throw new Error('the mail server is down');
      await database.db.execute(sql`insert into job_effects (job, note) values ('several', ${job.data.note})`);
    });
    await q.start();
    await database.db
      .transaction(async (tx) => {
        await q.enqueueMany(tx, 'several', [{ note: 'rolled back a' }, { note: 'rolled back b' }]);
        throw new Error('abandon');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await q.enqueueMany(tx, 'several', [{ note: 'a' }, { note: 'b' }, { note: 'c' }]);
    });
    q.wake('several');
    expect(
      (
        await eventually(
          'all three committed jobs to run',
          () => effects('several'),
          (e) => e.length >= 3,
          30_000,
        )
      ).sort(),
    ).toEqual(['a', 'b', 'c']);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await effects('several')).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps a job that used up its tries visible as failed', async () => {
    const q = queue();
    q.handle('doomed', { retryLimit: 1, retryDelaySeconds: 1, backoff: false }, async () => {
      throw new Error('still down');
    });
    await q.start();
    const id = await q.enqueue(database.db, 'doomed', { what: 'receipt' });
    const job = await eventually(
      'the job to be listed as failed',
      async () => (await q.failed()).find((j) => j.id === id),
      (j) => j !== undefined,
    );
    expect(job).toMatchObject({ name: 'doomed', data: { what: 'receipt' }, retryCount: 1 });
    expect(job.error).toMatch(/still down/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('jobs across two server processes (PostgreSQL)', () => {
  it('runs each job once while two workers compete', async () => {
    const second = await openPostgres(database.url!, 3);
    try {
      const runs: string[] = [];
      const handler = async (job: { id: string; data: { n: number } }) => {
        runs.push(job.id);
        await database.db.execute(sql`insert into job_effects (job, note) values ('shared', ${String(job.data.n)})`);
      };
      // Both processes start at once and race to create the same queue.
      await Promise.all(
        [database, second].map((db) => {
          const q = queue(db);
          q.handle('shared', { retryLimit: 0, retryDelaySeconds: 1, backoff: false }, handler);
          return q.start();
        }),
      );
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 40; n++) await queues.at(-1)!.enqueue(tx, 'shared', { n });
      });
      const done = await eventually(
        'all 40 jobs to run',
        () => effects('shared'),
        (e) => e.length >= 40,
      );
      expect(done).toHaveLength(40);
      expect(new Set(runs).size).toBe(40);
      expect(runs).toHaveLength(40);
    } finally {
      for (const q of queues.splice(0)) await q.stop();
      await second.close();
    }
  });
});
