import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, selectRows, type Db } from '../db/client';

/**
 * The last migration a database has applied, named as in drizzle's journal, so a backup says which
 * schema it holds (the server applies any later ones when it starts on the restored data).
 */
export async function migrationState(db: Db): Promise<{ tag: string | null; count: number }> {
  const rows = await selectRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc`,
  ).catch(() => []);
  if (rows.length === 0) return { tag: null, count: 0 };
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const last = Number(rows[0]!.created_at);
  return { tag: journal.entries.find((e) => e.when === last)?.tag ?? `unknown (applied ${last})`, count: rows.length };
}
