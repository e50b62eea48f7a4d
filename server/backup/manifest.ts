import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** One file in a backup: its path inside the backup folder, its size and its SHA-256. */
const entry = z.object({ path: z.string().min(1), bytes: z.number().int().min(0), sha256: z.string().length(64) });
export type BackupEntry = z.infer<typeof entry>;

const manifestSchema = z.object({
  format: z.literal('gift-of-independence-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** The engine's own version line, so a restore can say what made the dump. */
  engineVersion: z.string(),
  /** The last migration the database had applied (from drizzle's journal), and how many in all. */
  migration: z.object({ tag: z.string().nullable(), count: z.number().int() }),
  database: entry,
  storage: z.enum(['local', 's3']),
  /** Uploaded files (and the signing secret) as kept in the backup, under files/. */
  files: z.array(entry),
  totals: z.object({ files: z.number().int(), fileBytes: z.number().int() }),
  signingSecret: z.enum(['included', 'set by SIGNING_SECRET', 'none yet']),
  notes: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_FILE = 'manifest.json';
/** Inside the backup, where DATA_DIR's kept files go: files/uploads/..., files/signing-secret. */
export const FILES_FOLDER = 'files';

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The entry for a file already written into the backup folder. */
export async function entryFor(backupDir: string, relative: string): Promise<BackupEntry> {
  const file = path.join(backupDir, relative);
  const stat = await fs.stat(file);
  return { path: relative.split(path.sep).join('/'), bytes: stat.size, sha256: await sha256Of(file) };
}

export async function writeManifest(backupDir: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(path.join(backupDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Reads a backup's manifest and checks every file it lists against its size and checksum, before
 * anything is restored. Throws a sentence naming the first problem.
 */
export async function readCheckedManifest(backupDir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${backupDir} is not a backup: it has no ${MANIFEST_FILE}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The backup's ${MANIFEST_FILE} in ${backupDir} is not valid JSON; it may be damaged.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    throw new Error(`The backup's ${MANIFEST_FILE} in ${backupDir} is not one this version can read.`);
  }
  const manifest = result.data;
  for (const item of [manifest.database, ...manifest.files]) {
    const file = path.resolve(backupDir, item.path);
    if (!file.startsWith(path.resolve(backupDir) + path.sep)) {
      throw new Error(`The backup's manifest names ${item.path}, which lies outside the backup; nothing was restored.`);
    }
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new Error(`The backup is missing ${item.path}; nothing was restored.`);
    if (stat.size !== item.bytes || (await sha256Of(file)) !== item.sha256) {
      throw new Error(
        `${item.path} in the backup does not match its checksum in the manifest: the backup is damaged, and nothing was restored.`,
      );
    }
  }
  return manifest;
}
