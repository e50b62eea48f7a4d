import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, selectRows, type Db } from './client';

/** When each migration in the journal was made: drizzle's `folderMillis`, the `created_at` it records. */
function journalTimes(): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return journal.entries.map((e) => e.when);
}

let times: number[] | undefined;

/**
 * How many of the journal's migrations the database has not had, by drizzle's own rule (its
 * migrator applies every migration made after the newest one it recorded). A database that never
 * migrated has none of them; a database that does not answer throws.
 */
export async function unappliedMigrations(db: Db): Promise<number> {
  times ??= journalTimes();
  const rows = await selectRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!rows[0]?.found) return times.length;
  const [row] = await selectRows<{ newest: number | string | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const newest = row?.newest === null || row?.newest === undefined ? -Infinity : Number(row.newest);
  return times.filter((when) => when > newest).length;
}
