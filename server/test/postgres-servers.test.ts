import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresBinDir,
  startPgBouncer,
  startPrimary,
  startReplica,
  type PgServer,
  type Replica,
} from './postgres-servers';

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Asks until `check` passes or `ms` have gone by. */
async function eventually(check: () => Promise<void>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const count = async (url: string) => (await query<{ n: number }>(url, 'select count(*)::int as n from note'))[0]!.n;

// These are real PostgreSQL servers: not for the PGlite pass, nor where PostgreSQL is not installed.
describe.skipIf(!postgresBinDir() || !process.env.TEST_DATABASE_URL)('throw-away PostgreSQL servers', () => {
  let primary: PgServer;
  let replica: Replica;

  beforeAll(async () => {
    primary = await startPrimary();
    replica = await startReplica(primary);
  });
  afterAll(async () => {
    await replica?.remove();
    await primary?.remove();
  });

  it('streams rows written on the primary to the replica, and holds them back while replay is paused', async () => {
    await query(primary.url, 'create table note (id int primary key)');
    await query(primary.url, 'insert into note values (1)');
    await eventually(async () => expect(await count(replica.url)).toBe(1));

    await replica.pauseReplay();
    await query(primary.url, 'insert into note values (2)');
    await new Promise((r) => setTimeout(r, 500));
    expect(await count(replica.url)).toBe(1);

    await replica.resumeReplay();
    await eventually(async () => expect(await count(replica.url)).toBe(2));
  });

  it('answers through PgBouncer in transaction mode', async () => {
    const bouncer = await startPgBouncer(primary, { poolSize: 2 });
    try {
      const [row] = await query<{ answer: number }>(bouncer.url, 'select 41 + 1 as answer');
      expect(row!.answer).toBe(42);
    } finally {
      await bouncer.stop();
    }
  });

  it('starts again on the same data after a kill and after a stop', async () => {
    replica.kill();
    await replica.start();
    await replica.stop();
    await replica.start();
    // Nothing deletes the data of a server that was stopped or killed on purpose.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(fs.existsSync(replica.dataDir)).toBe(true);
    await query(primary.url, 'insert into note values (3)');
    await eventually(async () => expect(await count(replica.url)).toBe(3));
  });
});
