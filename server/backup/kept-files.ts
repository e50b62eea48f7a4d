import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What of DATA_DIR a backup keeps besides the database: the uploaded files (local storage) and the
 * generated signing secret (decision 0053). The mail and SMS outboxes are copies of messages
 * already sent, and the embedded database is dumped on its own.
 */
export const UPLOADS_FOLDER = 'uploads';
export const SIGNING_SECRET_FILE = 'signing-secret';

/** A file the local storage is still writing; it is renamed into place when whole. */
const isPartial = (name: string) => name.endsWith('.part');

/** Paths of the files under `root`, relative to it; none when it does not exist. */
export async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    for (const each of entries) {
      const next = path.join(relative, each.name);
      if (each.isDirectory()) await walk(next);
      else if (each.isFile() && !isPartial(each.name)) found.push(next);
    }
  };
  await walk('');
  return found.sort();
}

/**
 * Copies the files under `from` that `into` does not hold yet, and answers the relative paths
 * copied. A file removed between listing and copying is skipped: it was deleted meanwhile.
 */
export async function copyNewFiles(from: string, into: string): Promise<string[]> {
  const copied: string[] = [];
  for (const relative of await filesUnder(from)) {
    const target = path.join(into, relative);
    if (await exists(target)) continue;
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(path.join(from, relative), target, fs.constants.COPYFILE_EXCL);
      copied.push(relative);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

export async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** True when `dir` does not exist or holds nothing. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}
