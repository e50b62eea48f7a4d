import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createJobQueue } from '../jobs/queue';
import { seedDemo } from '../seed-demo';
import { createOrganizationCampaign } from '../test/fixtures';
import { testConfig } from '../test/harness';
import { createMailbox } from '../test/mailbox';
import {
  postgresBinDir,
  startPgBouncer,
  startPrimary,
  startReplica,
  type PgBouncer,
  type PgServer,
  type Replica,
} from '../test/postgres-servers';
import { openPostgres, selectRows, type Database } from './client';
import { openReplicaReads, type ReplicaReads } from './replica-reads';

// A streaming replica and PgBouncer are PostgreSQL's: these run in the PostgreSQL pass of the tests
// (TEST_DATABASE_URL), on throw-away servers of their own (server/test/postgres-servers.ts).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && postgresBinDir() !== undefined;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Still waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!onPostgres)('public reads on a streaming replica, through PgBouncer', () => {
  let primary: PgServer;
  let replica: Replica;
  let bouncer: PgBouncer;
  let database: Database;
  const apps: Array<{ app: App; reads: ReplicaReads }> = [];
  let campaignId: number;
  let address = 0;

  /** An app on the pooled database whose public reads go to the replica while within `maxLagSeconds`. */
  async function startApp(maxLagSeconds: number) {
    const reads = await openReplicaReads(database, withDatabase(replica.url, 'goi'), { maxLagSeconds, poolSize: 3 });
    const jobs = createJobQueue(database, { pollingSeconds: 0.5, fastRetries: true, log: () => undefined });
    // Public replies kept for a minute: a copy must never hide a reader's own write.
    const app = await buildApp(testConfig({ publicCacheSeconds: 60, logLevel: 'error' }), {
      db: database.db,
      jobs,
      mailer: createMailbox(),
      replica: reads,
    });
    await app.ready();
    apps.push({ app, reads });
    return { app, reads };
  }

  /** A guest's gift of one unit as the browser gives it; answers the fund call's `Written-At`. */
  async function give(app: App): Promise<string> {
    address += 1;
    const remoteAddress = `10.9.0.${address}`;
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/donations/checkout',
      remoteAddress,
      payload: {
        donorEmail: `replica.${address}@example.org`,
        donorFullName: 'Replica Reader',
        cartItems: [{ campaignId: `org-${campaignId}`, units: 1 }],
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { reference } = checkout.json() as { reference: string };
    const charge = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/charge',
      remoteAddress,
      payload: { reference },
    });
    expect(charge.statusCode, charge.body).toBe(200);
    const fund = await app.inject({
      method: 'POST',
      url: '/api/donations/fund',
      remoteAddress,
      payload: { transactionId: reference },
    });
    expect(fund.statusCode, fund.body).toBe(200);
    const writtenAt = fund.headers['written-at'];
    expect(writtenAt).toMatch(/^\d+$/);
    return String(writtenAt);
  }

  const unitsOf = async (app: App, readAfter?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/org-campaigns/${campaignId}`,
      headers: readAfter ? { 'read-after': readAfter } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { units_fulfilled: number }).units_fulfilled;
  };

  const listedUnitsOf = async (app: App, readAfter?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/org-campaigns/active?limit=50',
      headers: readAfter ? { 'read-after': readAfter } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as Array<{ id: number; units_fulfilled: number }>).find((c) => c.id === campaignId);
    return row?.units_fulfilled;
  };

  /** What the primary itself holds. */
  const unitsOnPrimary = async () => {
    const [row] = await selectRows<{ units: number }>(
      database.db,
      sql`select units_fulfilled as units from organization_campaigns where id = ${campaignId}`,
    );
    return Number(row!.units);
  };

  beforeAll(async () => {
    primary = await startPrimary();
    replica = await startReplica(primary);
    bouncer = await startPgBouncer(primary);
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query('create database goi');
    await admin.end();
    database = await openPostgres(withDatabase(bouncer.url, 'goi'), 5, {
      directUrl: withDatabase(primary.url, 'goi'),
    });
    await database.migrate();
    await seedDemo(database.db);
    campaignId = await createOrganizationCampaign(database.db, 50);
  }, 120_000);

  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await database?.close();
    await bouncer?.stop();
    await replica?.remove();
    await primary?.remove();
  }, 60_000);

  it('runs through PgBouncer in transaction mode: statements unnamed, the search threshold the database default', async () => {
    const [row] = await selectRows<{ threshold: string }>(
      database.db,
      sql`select current_setting('pg_trgm.similarity_threshold') as threshold`,
    );
    expect(row!.threshold).toBe('0.4');
    const { app } = await startApp(60);
    // A gift runs the named statements of the giving path (compiledSelect): unnamed here, they work
    // whichever of PgBouncer's server connections each transaction lands on.
    for (let i = 0; i < 3; i += 1) await give(app);
    expect(await unitsOnPrimary()).toBe(3);
    const search = await app.inject({ method: 'GET', url: '/api/campaigns/search?q=brail' });
    expect(search.statusCode, search.body).toBe(200);
  });

  it("answers a donor's own reads after their gift from the primary while the replica lags, and others' from the replica", async () => {
    const { app, reads } = await startApp(60);
    await reads.probe();
    const onPrimary = await unitsOnPrimary();
    const before = await until(
      'the replica to hold the earlier gifts',
      () => unitsOf(app),
      (n) => n === onPrimary,
    );
    expect(await listedUnitsOf(app)).toBe(before);
    // Paused only once this instance has seen the replica catch up with the primary: paused before,
    // it would stay behind every position this instance knows, and count as lagging without end.
    await until(
      'the replica to be current',
      async () => (await reads.probe(), reads.status().lagSeconds),
      (lag) => lag !== null && lag < 1,
    );
    await replica.pauseReplay();
    try {
      const writtenAt = await give(app);
      expect(await unitsOnPrimary()).toBe(before + 1);
      // The donor's own reads carry the Written-At their gift was answered with.
      expect(await unitsOf(app, writtenAt)).toBe(before + 1);
      expect(await listedUnitsOf(app, writtenAt)).toBe(before + 1);
      // Anyone else reads the replica, which has not replayed the gift yet. (On a loaded machine a
      // probe may time out and send a read to the primary: the read the replica answered counts.)
      const fromReplica = await until(
        'a read the replica answered',
        async () => {
          await reads.probe();
          const served = reads.status().reads.replica;
          const units = await unitsOf(app);
          return { units, onReplica: reads.status().reads.replica > served };
        },
        (read) => read.onReplica,
      );
      expect(fromReplica.units).toBe(before);
      const { reads: counted } = reads.status();
      // The donor's two reads were the primary's (by their Read-After, unless the replica also
      // faltered under load at that moment): the replica could not have answered them.
      const onThePrimary = counted.own_write + counted.down + counted.lag + counted.failed;
      expect(onThePrimary, JSON.stringify(counted)).toBeGreaterThanOrEqual(2);
      expect(counted.replica).toBeGreaterThanOrEqual(1);
    } finally {
      await replica.resumeReplay();
    }
    await until(
      'the replica to replay the gift',
      () => unitsOf(app),
      (n) => n === before + 1,
    );
  });

  it('sends public reads to the primary, and says so in the metrics, while the replica lags more than allowed', async () => {
    const { app, reads } = await startApp(1);
    await reads.probe();
    const before = await unitsOnPrimary();
    await replica.pauseReplay();
    try {
      await give(app);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await reads.probe();
      expect(reads.status().lagSeconds).toBeGreaterThan(1);
      // No Read-After: only the lag sends this read to the primary.
      expect(await unitsOf(app)).toBe(before + 1);
      expect(reads.status().reads.lag).toBeGreaterThanOrEqual(1);
      const text = await app.metrics.registry.metrics();
      expect(text).toMatch(/goi_db_read_fallbacks_total\{reason="lag"\} [1-9]/);
      expect(text).toMatch(/goi_db_replica_lag_seconds [1-9]/);
    } finally {
      await replica.resumeReplay();
    }
    await reads.probe();
    await until(
      'the replica to catch up',
      async () => (await reads.probe(), reads.status().lagSeconds),
      (lag) => lag !== null && lag < 1,
    );
  });

  it('falls back to the primary when the replica dies, and returns to it once it is back', async () => {
    const { app, reads } = await startApp(60);
    await reads.probe();
    expect(reads.status().up).toBe(true);
    replica.kill();
    // Before the probe has noticed: the read fails on the replica and is answered by the primary.
    const expected = await unitsOnPrimary();
    expect(await unitsOf(app)).toBe(expected);
    await reads.probe();
    expect(reads.status().up).toBe(false);
    expect(await unitsOf(app)).toBe(expected);
    const down = reads.status().reads;
    expect(down.failed + down.down).toBeGreaterThanOrEqual(2);
    expect(await app.metrics.registry.metrics()).toMatch(/goi_db_replica_lag_seconds -1/);
    await replica.start();
    await until(
      'the replica to be read again',
      async () => {
        await reads.probe();
        const servedBefore = reads.status().reads.replica;
        await unitsOf(app);
        return reads.status().reads.replica - servedBefore;
      },
      (n) => n === 1,
      30_000,
    );
  });

  it('survives a server dying under a transaction: the transaction fails, the process goes on', async () => {
    const direct = await openPostgres(withDatabase(replica.url, 'goi'), 2);
    try {
      const sleeping = direct.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      });
      const outcome = sleeping.then(
        () => 'finished',
        () => 'failed',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      replica.kill();
      expect(await outcome).toBe('failed');
    } finally {
      await direct.close().catch(() => undefined);
      await replica.start();
    }
  });
});
