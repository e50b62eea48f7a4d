/**
 * Writes a backup of the database and the uploaded files (decision 0053).
 *   npm run backup -- /path/to/backups      (or BACKUP_DIR=/path/to/backups npm run backup)
 * With the embedded database, stop the server first.
 */
import { loadConfig, sessionDatabaseUrl } from '../config';
import { describeBackup } from '../backup/describe-backup';
import { takeBackup } from '../backup/take-backup';

const config = loadConfig();
const parent = process.argv[2] ?? config.backupDir;
if (!parent) {
  console.error('Usage: npm run backup -- /path/to/backups (or set BACKUP_DIR). Each backup is a new folder in it.');
  process.exit(2);
}
try {
  const { dir, manifest } = await takeBackup({ ...config, databaseUrl: sessionDatabaseUrl(config) }, parent);
  console.log(`Backup written to ${dir}`);
  for (const line of describeBackup(manifest)) console.log(`  ${line}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
