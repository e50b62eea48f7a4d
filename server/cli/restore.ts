/**
 * Restores a backup made by `npm run backup` into an empty data folder (embedded) or an empty
 * database (DATABASE_URL), with its files; every checksum is checked first (decision 0053).
 *   DATA_DIR=/new/folder npm run restore -- /path/to/backups/backup-...
 */
import { loadConfig, sessionDatabaseUrl } from '../config';
import { redactUrl } from '../db/client';
import { describeBackup } from '../backup/describe-backup';
import { restoreBackup } from '../backup/restore-backup';

const config = loadConfig();
const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore -- /path/to/backups/backup-<time> (into an empty DATA_DIR or DATABASE_URL).');
  process.exit(2);
}
try {
  const manifest = await restoreBackup(from, { ...config, databaseUrl: sessionDatabaseUrl(config) });
  const into = config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir;
  console.log(`Restored ${from} into ${into}${config.databaseUrl ? `, files into ${config.dataDir}` : ''}`);
  for (const line of describeBackup(manifest)) console.log(`  ${line}`);
  console.log('  The server applies any newer migrations when it starts.');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
