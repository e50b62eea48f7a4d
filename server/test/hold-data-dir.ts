/**
 * A separate process for the data-dir lock tests: opens a directory the way the server does and
 * reports on stdout, then stays alive until it is killed.
 *   node --import tsx server/test/hold-data-dir.ts <pglite|lock> <dir>
 */
import { sql } from 'drizzle-orm';
import { openPglite } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';

const [mode, dir] = process.argv.slice(2);
if (!dir || (mode !== 'pglite' && mode !== 'lock')) {
  console.error('usage: hold-data-dir.ts <pglite|lock> <dir>');
  process.exit(2);
}

try {
  if (mode === 'pglite') {
    const database = await openPglite({ dataDir: dir });
    // A committed write, so the test can check it survives this process being killed.
    await database.db.execute(sql`create table if not exists held_by (pid int)`);
    await database.db.execute(sql`insert into held_by values (${process.pid})`);
    console.log('ready');
  } else {
    acquireDataDirLock(dir);
    console.log('acquired');
  }
} catch (error) {
  console.log(`refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
setInterval(() => undefined, 60_000);
