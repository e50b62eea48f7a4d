import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openPglite, openPostgres, selectRows } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { copyNewFiles, exists, filesUnder, SIGNING_SECRET_FILE, UPLOADS_FOLDER } from './kept-files';
import { entryFor, FILES_FOLDER, writeManifest, type Manifest } from './manifest';
import { migrationState } from '../db/migration-state';
import { pgDump } from './pg-tools';

export type BackupSource = Pick<Config, 'databaseUrl' | 'dataDir' | 's3' | 'signingSecret'>;

export const PGLITE_DUMP = 'database.pglite.tar.gz';
export const POSTGRES_DUMP = 'database.pgdump';

type Dumped = { file: string; engine: Manifest['engine']; engineVersion: string; migration: Manifest['migration'] };

/**
 * Writes a backup of the database and DATA_DIR's kept files into a new folder under `parentDir`,
 * named for its time, and answers where it went with its manifest. The folder is written under a
 * temporary name and renamed at the end, so a folder with the final name is always whole.
 */
export async function takeBackup(
  source: BackupSource,
  parentDir: string,
  now = new Date(),
): Promise<{ dir: string; manifest: Manifest }> {
  const name = `backup-${now.toISOString().replace(/[:.]/g, '-')}`;
  const dir = path.resolve(parentDir, name);
  if (await exists(dir)) throw new Error(`${dir} already exists; a backup never overwrites another.`);
  const work = path.resolve(parentDir, `.${name}.partial`);
  // A backup holds personal data and password hashes: only its owner may read it.
  await fs.mkdir(work, { recursive: true, mode: 0o700 });
  try {
    const uploadsInto = path.join(work, FILES_FOLDER, UPLOADS_FOLDER);
    const uploadsFrom = path.join(source.dataDir, UPLOADS_FOLDER);
    const localFiles = !source.s3;
    const notes: string[] = [];
    let dumped: Dumped;
    if (source.databaseUrl) {
      // The server may be running. Uploads are stored before the rows that name them are
      // committed, and removed only after the rows that named them are gone: copying what exists
      // before the dump and again after it keeps every file a dumped row names (decision 0053).
      if (localFiles) await copyNewFiles(uploadsFrom, uploadsInto);
      dumped = await dumpPostgres(source.databaseUrl, work);
      if (localFiles) await copyNewFiles(uploadsFrom, uploadsInto);
    } else {
      // Holding the data directory's lock keeps the server from starting, so nothing changes the
      // database or the uploads until both are copied.
      dumped = await dumpPglite(source.dataDir, work, async () => {
        if (localFiles) await copyNewFiles(uploadsFrom, uploadsInto);
      });
    }
    if (source.s3) {
      notes.push(
        `Uploaded files are kept in the S3 bucket ${source.s3.bucket} and are not copied into this backup: keep versioning on for that bucket, so the objects this database names can be recovered as they were at ${now.toISOString()}.`,
      );
    }
    const signingSecret = await keepSigningSecret(source, work);
    const relativeFiles = (await filesUnder(path.join(work, FILES_FOLDER))).map((f) => path.join(FILES_FOLDER, f));
    const files = [];
    for (const relative of relativeFiles) files.push(await entryFor(work, relative));
    const manifest: Manifest = {
      format: 'gift-of-independence-backup',
      version: 1,
      createdAt: now.toISOString(),
      engine: dumped.engine,
      engineVersion: dumped.engineVersion,
      migration: dumped.migration,
      database: await entryFor(work, dumped.file),
      storage: source.s3 ? 's3' : 'local',
      files,
      totals: { files: files.length, fileBytes: files.reduce((sum, f) => sum + f.bytes, 0) },
      signingSecret,
      notes,
    };
    await writeManifest(work, manifest);
    await fs.rename(work, dir);
    return { dir, manifest };
  } catch (error) {
    await fs.rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function dumpPostgres(url: string, work: string): Promise<Dumped> {
  const database = await openPostgres(url, 1);
  let migration: Manifest['migration'];
  try {
    migration = await migrationState(database.db);
  } finally {
    await database.close();
  }
  const engineVersion = await pgDump(url, path.join(work, POSTGRES_DUMP));
  return { file: POSTGRES_DUMP, engine: 'postgres', engineVersion, migration };
}

async function dumpPglite(dataDir: string, work: string, whileLocked: () => Promise<void>): Promise<Dumped> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!(await exists(path.join(pgliteDir, 'PG_VERSION')))) {
    throw new Error(
      `There is no embedded database in ${pgliteDir}. Set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.`,
    );
  }
  let database;
  try {
    database = await openPglite({ dataDir: pgliteDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(
        `The server is running on ${dataDir} (pid ${error.holder.pid} on ${error.holder.hostname}): stop the server first, then run the backup again. The embedded database can be open in one process at a time; a site that cannot stop for its backups runs on PostgreSQL (DATABASE_URL).`,
      );
    }
    throw error;
  }
  try {
    const migration = await migrationState(database.db);
    const [version] = await selectRows<{ v: string }>(database.db, sql`select version() as v`);
    const blob = await database.pglite!.dumpDataDir('gzip');
    await fs.writeFile(path.join(work, PGLITE_DUMP), Buffer.from(await blob.arrayBuffer()));
    await whileLocked();
    return { file: PGLITE_DUMP, engine: 'pglite', engineVersion: version!.v, migration };
  } finally {
    await database.close();
  }
}

/**
 * The generated signing secret signs links already mailed (receipts for a year, unsubscribe
 * links), so a restore without it would break them: it is kept, owner-only (decision 0053).
 */
async function keepSigningSecret(source: BackupSource, work: string): Promise<Manifest['signingSecret']> {
  if (source.signingSecret) return 'set by SIGNING_SECRET';
  const from = path.join(source.dataDir, SIGNING_SECRET_FILE);
  if (!(await exists(from))) return 'none yet';
  const into = path.join(work, FILES_FOLDER, SIGNING_SECRET_FILE);
  await fs.mkdir(path.dirname(into), { recursive: true });
  await fs.copyFile(from, into);
  await fs.chmod(into, 0o600);
  return 'included';
}
