import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client';

/** A throw-away database: on BENCH_DATABASE_URL's server when set, else embedded PGlite in a temporary folder. */
export async function scratchDatabase(
  suffix = '',
): Promise<{ database: Database; env: Record<string, string>; cleanup: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const name = `goi_bench_${process.pid}${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      database: await openPostgres(url.toString(), 4),
      env: { DATABASE_URL: url.toString() },
      cleanup: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-bench-'));
  return {
    database: await openPglite({ dataDir: path.join(dir, 'pglite') }),
    env: { DATA_DIR: dir },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
