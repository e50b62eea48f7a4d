import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, selectRows } from '../../db/client';
import { buildApp } from '../../app';
import { createJobQueue } from '../../jobs/queue';
import { startTestApp, stopTestApp, testConfig, type TestContext } from '../../test/harness';
import { DATABASE_SILENT, migrationsPending, SHUTTING_DOWN } from './readiness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await stopTestApp(ctx);
});

const ready = (c: TestContext) => c.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  it('answers ok while the database answers and has every migration', async () => {
    const res = await ready(ctx);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while a migration of this version is missing from the database', async () => {
    const [newest] = await selectRows<{ hash: string; created_at: string }>(
      ctx.database.db,
      sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest!.created_at}::bigint`,
    );
    try {
      const res = await ready(ctx);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: migrationsPending(1), code: 'migrations_pending' });
      expect(res.headers['cache-control']).toBe('no-store');
      // Liveness is not readiness: the process still runs.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await ctx.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await ready(ctx)).statusCode).toBe(200);
  });

  it('answers 503 while the database does not answer', async () => {
    // Nothing listens on port 1: every statement through this handle fails at once. The app's
    // queue never starts, so nothing but the routes touches the handle.
    const silent = await openPostgres('postgres://postgres@127.0.0.1:1/none');
    const jobs = createJobQueue(ctx.database, { log: () => undefined });
    jobs.start = async () => undefined;
    const app = await buildApp(testConfig(), { db: silent.db, jobs });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: DATABASE_SILENT, code: 'database_unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await silent.close();
    }
  });

  it('answers 503 once the instance is stopping, while the rest still answers', async () => {
    ctx.app.lifecycle.beginStopping();
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SHUTTING_DOWN, code: 'shutting_down' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
