import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite, redactUrl } from '../db/client';
import { exists, isEmptyDir, SIGNING_SECRET_FILE, UPLOADS_FOLDER } from './kept-files';
import { FILES_FOLDER, readCheckedManifest, type Manifest } from './manifest';
import { isEmptyDatabase, pgRestore } from './pg-tools';

export type RestoreTarget = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/**
 * Brings a backup back into an empty data folder (embedded) or an empty database (PostgreSQL),
 * with its files, after checking every checksum; it never writes over data that is there.
 */
export async function restoreBackup(backupDir: string, target: RestoreTarget): Promise<Manifest> {
  const manifest = await readCheckedManifest(backupDir);
  await refuseUnlessFit(manifest, target);
  const database = path.join(backupDir, manifest.database.path);
  if (manifest.engine === 'postgres') {
    await pgRestore(target.databaseUrl!, database);
    await putFilesBack(backupDir, manifest, target.dataDir);
  } else {
    const snapshot = new Blob([await fs.readFile(database)]);
    // Open (and so locked) while the files go back, so no server starts on a half-restored folder.
    const restored = await openPglite({ dataDir: path.join(target.dataDir, 'pglite'), loadDataDir: snapshot });
    try {
      await putFilesBack(backupDir, manifest, target.dataDir);
    } finally {
      await restored.close();
    }
  }
  return manifest;
}

async function refuseUnlessFit(manifest: Manifest, target: RestoreTarget): Promise<void> {
  if (manifest.engine === 'pglite' && target.databaseUrl) {
    throw new Error(
      'This backup is of the embedded database; unset DATABASE_URL and set DATA_DIR to an empty folder to restore it.',
    );
  }
  if (manifest.engine === 'postgres' && !target.databaseUrl) {
    throw new Error('This backup is of a PostgreSQL database; set DATABASE_URL to an empty database to restore it.');
  }
  if (manifest.storage === 'local' && target.s3) {
    throw new Error(
      'This backup holds its uploaded files itself, but S3_BUCKET is set: restore with S3_BUCKET unset, then copy DATA_DIR/uploads into the bucket if the site is to use it.',
    );
  }
  if (manifest.storage === 's3' && !target.s3) {
    throw new Error(
      "This backup's uploaded files are in an S3 bucket, not in the backup: set S3_BUCKET (and its settings) to that bucket to restore it.",
    );
  }
  if (manifest.engine === 'pglite') {
    if (!(await isEmptyDir(target.dataDir))) {
      throw new Error(
        `${target.dataDir} is not empty: a restore only fills an empty data folder, so it never overwrites live data. Set DATA_DIR to a new folder.`,
      );
    }
    return;
  }
  if (!(await isEmptyDatabase(target.databaseUrl!))) {
    throw new Error(
      `The database at ${redactUrl(target.databaseUrl!)} already holds tables: a restore only fills an empty database, so it never overwrites live data. Create a new database and set DATABASE_URL to it.`,
    );
  }
  const uploads = path.join(target.dataDir, UPLOADS_FOLDER);
  if (manifest.storage === 'local' && !(await isEmptyDir(uploads))) {
    throw new Error(
      `${uploads} already holds files: a restore only fills an empty folder, so it never overwrites live data. Set DATA_DIR to a new folder.`,
    );
  }
  if (manifest.signingSecret === 'included' && (await exists(path.join(target.dataDir, SIGNING_SECRET_FILE)))) {
    throw new Error(
      `${path.join(target.dataDir, SIGNING_SECRET_FILE)} already exists: a restore never replaces a signing secret. Set DATA_DIR to a new folder.`,
    );
  }
}

/** Each kept file back to its place under DATA_DIR: files/uploads/... and files/signing-secret. */
async function putFilesBack(backupDir: string, manifest: Manifest, dataDir: string): Promise<void> {
  const root = path.resolve(dataDir);
  for (const item of manifest.files) {
    const relative = path.relative(FILES_FOLDER, item.path);
    const into = path.resolve(root, relative);
    if (relative.startsWith('..') || !into.startsWith(root + path.sep)) {
      throw new Error(
        `The backup's manifest names ${item.path}, which lies outside its files; nothing more was restored.`,
      );
    }
    await fs.mkdir(path.dirname(into), { recursive: true });
    await fs.copyFile(path.join(backupDir, item.path), into, fs.constants.COPYFILE_EXCL);
    if (relative === SIGNING_SECRET_FILE) await fs.chmod(into, 0o600);
  }
}
