import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { seedDemo } from '../seed-demo';
import { createJobQueue, migrateJobs } from '../jobs/queue';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { testConfig } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    templateKind: 'pglite' | 'postgres';
    pgliteSnapshot: string;
    postgresTemplateUrl: string;
    postgresAdminUrl: string;
  }
}

/**
 * Builds one migrated, seeded database per run; every test file then starts from a copy of it
 * (a PGlite data-dir snapshot, or CREATE DATABASE ... TEMPLATE on PostgreSQL) instead of re-running initdb.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `goi_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const database = await openPostgres(templateUrl.toString(), 2);
    await database.migrate();
    await migrateJobs(database);
    await seedDemo(database.db);
    await createQueues(database);
    await database.close();
    project.provide('templateKind', 'postgres');
    project.provide('postgresTemplateUrl', templateUrl.toString());
    project.provide('postgresAdminUrl', url);
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Copies made by test files are dropped by the files themselves; the template goes last.
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }

  const database = await openPglite();
  await database.migrate();
  await migrateJobs(database);
  await seedDemo(database.db);
  await createQueues(database);
  const client = (database as unknown as { db: { $client: { dumpDataDir(c: 'gzip' | 'none'): Promise<Blob> } } }).db
    .$client;
  // Uncompressed: every file restores it, and unpacking is quicker than gunzipping and unpacking.
  const blob = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'goi-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('templateKind', 'pglite');
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplateUrl', '');
  project.provide('postgresAdminUrl', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/**
 * Starts the app's job queue once on the template, so every copy already holds a table for each kind
 * of job: making them is most of a test app's start-up (seconds on a busy machine), and a copy then
 * only brings each one's settings up to date. Nothing is scheduled, so no copy inherits a sweep.
 */
async function createQueues(database: Database): Promise<void> {
  const jobs = createJobQueue(database, { pollingSeconds: 0.5, fastRetries: true, log: () => undefined });
  jobs.schedule = () => undefined;
  const config = testConfig();
  const app = await buildApp(config, {
    db: database.db,
    jobs,
    mailer: { description: 'discarded', send: async () => undefined },
  });
  await app.ready();
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
}
