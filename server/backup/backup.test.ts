import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp, type App } from '../app';
import { migrationsFolder, openPglite, openPostgres, selectRows, type Database } from '../db/client';
import { installSeedDocuments } from '../db/seed/documents';
import { createJobQueue } from '../jobs/queue';
import { createMailbox } from '../test/mailbox';
import { createSmsInbox } from '../test/sms-inbox';
import { openTestDatabase, testConfig } from '../test/harness';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  onboard,
  payForCampaign,
  signUpUser,
} from '../test/fixtures';
import { filesUnder } from './kept-files';
import { sha256Of } from './manifest';
import { isEmptyDatabase } from './pg-tools';
import { restoreBackup, type RestoreTarget } from './restore-backup';
import { takeBackup, type BackupSource } from './take-backup';

const onPostgres = inject('templateKind') === 'postgres';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-backup-'));
const madeDatabases: string[] = [];

/** Key tables as the restored site must show them: row counts and a checksum of every row. */
const KEY_TABLES = [
  'users',
  'recipient_campaigns',
  'organization_campaigns',
  'donations',
  'donation_items',
  'payments',
  'admin_audit_log',
];

async function tableSums(db: Database['db']): Promise<Record<string, { rows: number; md5: string }>> {
  const sums: Record<string, { rows: number; md5: string }> = {};
  for (const table of KEY_TABLES) {
    const [row] = await selectRows<{ n: number; md5: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5
            from ${sql.identifier(table)} t`,
    );
    sums[table] = { rows: Number(row!.n), md5: row!.md5 };
  }
  return sums;
}

/** Every kept file under a data folder with its checksum: the uploads and the signing secret. */
async function keptFiles(dataDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const relative of await filesUnder(path.join(dataDir, 'uploads')))
    files[`uploads/${relative}`] = await sha256Of(path.join(dataDir, 'uploads', relative));
  files['signing-secret'] = await sha256Of(path.join(dataDir, 'signing-secret'));
  return files;
}

/** A new, empty PostgreSQL database on the test server. */
async function emptyPostgres(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `goi_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  madeDatabases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function newTarget(): Promise<RestoreTarget> {
  return {
    dataDir: fs.mkdtempSync(path.join(scratch, 'target-')),
    databaseUrl: onPostgres ? await emptyPostgres() : undefined,
    s3: undefined,
  };
}

async function openTarget(target: RestoreTarget): Promise<Database> {
  return target.databaseUrl
    ? openPostgres(target.databaseUrl, 2)
    : openPglite({ dataDir: path.join(target.dataDir, 'pglite') });
}

let source: BackupSource;
let database: Database;
let app: App;
let before: Awaited<ReturnType<typeof tableSums>>;
let filesBefore: Record<string, string>;
let backupDir: string;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'source-'));
  if (onPostgres) {
    database = await openTestDatabase();
  } else {
    // The server's own layout: the seeded template as an embedded database in DATA_DIR/pglite.
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    database = await openPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: snapshot });
  }
  source = { dataDir, databaseUrl: database.url, s3: undefined, signingSecret: undefined };
  const mailbox = createMailbox();
  app = await buildApp(testConfig({ dataDir }), {
    db: database.db,
    jobs: createJobQueue(database, { pollingSeconds: 0.5, fastRetries: true, log: () => undefined }),
    mailer: mailbox,
    sms: createSmsInbox(),
  });
  await app.ready();
  await installSeedDocuments(app.storage);

  // Gifts recorded through the API, and a recipient's onboarding with its uploaded ID document.
  await payForCampaign(app, await createRecipientCampaign(database.db));
  await payForCampaign(app, `org-${await createOrganizationCampaign(database.db, 4)}`, 2);
  await payForCampaign(app, `org-${await createOrganizationCampaign(database.db, 3)}`, 1);
  const recipient = await signUpUser(app, mailbox, { role: 'recipient' });
  await onboard(app, recipient.token, 'recipient');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  if (madeDatabases.length) {
    const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
    await admin.connect();
    for (const name of madeDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe.runIf(!onPostgres)('backing up the embedded database', () => {
  it('refuses while the server has the data folder open, and writes nothing', async () => {
    const into = path.join(scratch, 'refused');
    await expect(takeBackup(source, into)).rejects.toThrow(/stop the server first/);
    expect(fs.readdirSync(into)).toEqual([]);
  });
});

describe('a backup of the demo site with gifts and uploads', () => {
  it('holds the database, every uploaded file and a manifest with their checksums', async () => {
    await app.close();
    before = await tableSums(database.db);
    if (!onPostgres) await database.close();
    filesBefore = await keptFiles(source.dataDir);
    expect(Object.keys(filesBefore).filter((f) => f.startsWith('uploads/private/id-document/')).length).toBeGreaterThan(
      0,
    );

    const { dir, manifest } = await takeBackup(source, path.join(scratch, 'backups'));
    backupDir = dir;
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(manifest.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.migration.tag).toBe(journal.entries.at(-1)!.tag);
    expect(manifest.signingSecret).toBe('included');
    expect(manifest.totals.files).toBe(Object.keys(filesBefore).length);
    expect(manifest.files.map((f) => f.path.replace(/^files\//, '')).sort()).toEqual(Object.keys(filesBefore).sort());
    for (const file of manifest.files) expect(file.sha256).toBe(filesBefore[file.path.replace(/^files\//, '')]);
    expect(manifest.database.bytes).toBeGreaterThan(0);
  }, 120_000);

  it('restores into an empty target with the same rows and the same files', async () => {
    const target = await newTarget();
    await restoreBackup(backupDir, target);
    const restored = await openTarget(target);
    try {
      expect(await tableSums(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(await keptFiles(target.dataDir)).toEqual(filesBefore);

    // The same target again is no longer empty: nothing in it is overwritten.
    const filesNow = await keptFiles(target.dataDir);
    await expect(restoreBackup(backupDir, target)).rejects.toThrow(/not empty|already holds tables/);
    expect(await keptFiles(target.dataDir)).toEqual(filesNow);
  }, 120_000);

  it('refuses a backup whose file was changed, before restoring anything', async () => {
    const damaged = path.join(scratch, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const document = (await filesUnder(path.join(damaged, 'files', 'uploads'))).find((f) =>
      f.startsWith('private/id-document/'),
    )!;
    const file = path.join(damaged, 'files', 'uploads', document);
    const bytes = fs.readFileSync(file);
    bytes[0] = bytes[0]! ^ 0xff;
    fs.writeFileSync(file, bytes);

    const target = await newTarget();
    await expect(restoreBackup(damaged, target)).rejects.toThrow(/does not match its checksum/);
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
    if (target.databaseUrl) expect(await isEmptyDatabase(target.databaseUrl)).toBe(true);
  }, 120_000);
});
