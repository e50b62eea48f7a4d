import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * pg_dump and pg_restore as installed (Debian's postgresql-client puts them on the PATH). The
 * password travels in PGPASSWORD rather than on the command line, where `ps` would show it.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The major version of a PostgreSQL client program, or a sentence when it is not installed. */
export async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let out: string;
  try {
    out = (await run(tool, ['--version'])).stdout;
  } catch {
    throw new Error(
      `${tool} is not installed (or not on the PATH); install the PostgreSQL client (apt-get install postgresql-client) and run this again.`,
    );
  }
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(out)?.[1];
  if (!major) throw new Error(`Could not read ${tool}'s version from "${out.trim()}".`);
  return Number(major);
}

export async function serverVersion(url: string): Promise<{ major: number; text: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; text: string }>(
      `select current_setting('server_version_num') as num, version() as text`,
    );
    return { major: Math.floor(Number(rows[0]!.num) / 10_000), text: rows[0]!.text };
  } finally {
    await client.end();
  }
}

/** Dumps the database in pg_dump's custom format, refusing when pg_dump is older than the server. */
export async function pgDump(url: string, file: string): Promise<string> {
  const [tool, server] = await Promise.all([toolMajor('pg_dump'), serverVersion(url)]);
  if (tool < server.major) {
    throw new Error(
      `pg_dump is version ${tool} but the server runs PostgreSQL ${server.major}; install the PostgreSQL ${server.major} client (or newer) and run this again.`,
    );
  }
  const { dbname, env } = connection(url);
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return server.text;
}

/** True when the database holds no table, view or sequence of its own (extensions' catalogs aside). */
export async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/** Restores a custom-format dump in one transaction: all of it, or nothing on the first error. */
export async function pgRestore(url: string, file: string): Promise<void> {
  await toolMajor('pg_restore');
  const { dbname, env } = connection(url);
  try {
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`pg_restore failed, and the database was left as it was: ${stderr || String(error)}`);
  }
}
