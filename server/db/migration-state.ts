import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, selectRows, type Db } from './client';

type JournalEntry = { when: number; tag: string };

let journal: JournalEntry[] | undefined;

/** Drizzle's journal of the migrations in the repository; `when` is the `created_at` it records. */
function journalEntries(): JournalEntry[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/** When each migration the database recorded was made, newest first; empty for a database that never migrated. */
async function appliedTimes(db: Db): Promise<number[]> {
  const [found] = await selectRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!found?.found) return [];
  const rows = await selectRows<{ created_at: number | string }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc`,
  );
  return rows.map((r) => Number(r.created_at));
}

/**
 * How many of the journal's migrations the database has not had, by drizzle's own rule (its
 * migrator applies every migration made after the newest one it recorded). A database that never
 * migrated has none of them; a database that does not answer throws.
 */
export async function unappliedMigrations(db: Db): Promise<number> {
  const [newest = -Infinity] = await appliedTimes(db);
  return journalEntries().filter((e) => e.when > newest).length;
}

/**
 * The last migration a database has applied, named as in the journal, and how many it recorded: what
 * a backup says of the schema it holds (the server applies any later ones when it starts on it).
 */
export async function migrationState(db: Db): Promise<{ tag: string | null; count: number }> {
  const applied = await appliedTimes(db);
  const [last] = applied;
  if (last === undefined) return { tag: null, count: 0 };
  return {
    tag: journalEntries().find((e) => e.when === last)?.tag ?? `unknown (applied ${last})`,
    count: applied.length,
  };
}
