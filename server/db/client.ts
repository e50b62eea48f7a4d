import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema/all';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human-readable description for the start-up log (never includes a password). */
  description: string;
  /** The connection URL (PostgreSQL only), for opening a second, independent pool. */
  url?: string;
  /**
   * The primary itself when `url` is a pooler in transaction mode (DATABASE_DIRECT_URL): the job
   * queue and migrations, which need a session of their own, connect here (decision 0083).
   */
  directUrl?: string;
  /** The embedded engine's one client (PGlite only), for the job queue. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Runs raw SQL and returns its rows; both drivers answer with a `rows` array. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Drizzle sessions (by their options, which a transaction's session shares with its pool's) whose
 * connections come from a pooler in transaction mode: a named statement prepared on one of the
 * pooler's server connections is unknown on the next, so theirs run unnamed (decision 0083).
 */
const unnamedSessions = new WeakSet<object>();

/** `name` for a named prepared statement on `db`'s connections, or none through a pooler. */
export function statementName(db: Db, name: string | undefined): string | undefined {
  const options = (db._.session as unknown as { options?: object }).options;
  return options && unnamedSessions.has(options) ? undefined : name;
}

/**
 * A statement rendered to text once, for one that runs on many requests: each call only fills in
 * its `sql.placeholder` values (drizzle's sql template builds and escapes a statement anew on each
 * use, a large share of a search's CPU in the server's profiles). With a `name`, it also runs as a
 * named prepared statement: on PostgreSQL each connection parses it once and, after a few runs,
 * keeps a generic plan rather than planning it again for every call; only for a statement whose
 * best plan does not depend on the values, such as lookups by primary key. PGlite runs it as an
 * ordinary statement.
 */
export function compiledSelect<T>(
  query: SQL,
  name?: string,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const bySession = new WeakMap<object, { execute: (values: Record<string, unknown>) => Promise<unknown> }>();
  return async (db, values) => {
    const session = db._.session;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(compiled, undefined, statementName(db, name), false);
      bySession.set(session, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: T[] };
    return result.rows;
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A connection URL fit for a log line: the password masked. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Session settings every connection gets. The trigram similarity threshold decides how far a
 * misspelt word may stray from a word campaigns use and still stand for it ("brail" for "braille"),
 * and lets the vocabulary's trigram index skip the rest; campaign search relies on it.
 */
export const SESSION_SETTINGS = { 'pg_trgm.similarity_threshold': '0.4' } as const;

/**
 * Through a pooler the session settings cannot travel with each connection, so they are made the
 * database's own defaults, which every new session (on the primary and its replicas alike) takes.
 * Done at each start rather than once in a migration: a restored or copied database lacks them.
 */
async function settleDatabaseSettings(pg: typeof import('pg').default, directUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    // Before the first migration there is no pg_trgm yet: the migration's end settles them then.
    const { rowCount } = await client.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
    if (!rowCount) return;
    // Loads pg_trgm's library, so its settings are known names rather than placeholders.
    await client.query(`select similarity('a', 'a')`);
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
      const { rows } = await client.query<{ value: string }>('select current_setting($1) as value', [name]);
      if (rows[0]?.value === value) continue;
      const { rows: db } = await client.query<{ name: string }>('select current_database() as name');
      await client.query(
        `alter database ${client.escapeIdentifier(db[0]!.name)} set ${name} = ${client.escapeLiteral(value)}`,
      );
    }
  } finally {
    await client.end();
  }
}

// Each engine's driver is loaded only when that engine is opened: an instance on PostgreSQL never
// loads PGlite's, and the embedded one never loads node-postgres (decision 0059).

export type PostgresOptions = {
  /** The primary itself, when `url` is a pooler in transaction mode (DATABASE_DIRECT_URL). */
  directUrl?: string;
  /** Extra pool settings (the replica's shorter connection timeout). */
  pool?: { connectionTimeoutMillis?: number };
};

export async function openPostgres(url: string, poolSize = 10, options: PostgresOptions = {}): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // node-postgres returns bigint (int8) as strings by default; kobo amounts fit safely in a JS number.
  pg.types.setTypeParser(20, (v) => Number(v));
  const settings = Object.entries(SESSION_SETTINGS)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  // PgBouncer refuses startup parameters it does not know (`options` among them): through a pooler
  // the settings are set per transaction instead (withSessionSettings below).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(options.directUrl ? {} : { options: settings }),
    ...options.pool,
  });
  let closing = false;
  // An idle connection dropped by the server (a restart, a failover) must not crash the process:
  // the pool replaces it on the next query. While closing, the server ending them is expected.
  pool.on('error', (error: Error & { code?: string }) => {
    if (closing && error.code === '57P01') return;
    console.error(`PostgreSQL connection error: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (options.directUrl) {
    unnamedSessions.add((db._.session as unknown as { options: object }).options);
    await settleDatabaseSettings(pg, options.directUrl);
  }
  const migrate = async () => {
    if (!options.directUrl) return void (await migratePg(drizzlePg(pool), { migrationsFolder }));
    const direct = new pg.Pool({ connectionString: options.directUrl, max: 1 });
    try {
      await migratePg(drizzlePg(direct), { migrationsFolder });
    } finally {
      await direct.end();
    }
    await settleDatabaseSettings(pg, options.directUrl);
  };
  return {
    db,
    kind: 'postgres',
    description: options.directUrl
      ? `PostgreSQL through ${redactUrl(url)} (direct: ${redactUrl(options.directUrl)})`
      : `PostgreSQL at ${redactUrl(url)}`,
    url,
    directUrl: options.directUrl,
    migrate,
    close: async () => {
      closing = true;
      await pool.end();
    },
  };
}

/**
 * PGlite runs each statement on the main thread, and the next statement of a request would start
 * in the same turn of the event loop: one busy request (a search's few statements) would keep the
 * server from even reading other requests until it is done. Letting the event loop turn before each
 * statement lets other requests in between, so a busy search cannot starve the rest of the site.
 */
function yieldBeforeEachQuery(client: PGlite): { drain: () => Promise<void> } {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let waiting = 0;
  const afterTurn = async <T>(run: () => Promise<T>): Promise<T> => {
    waiting += 1;
    try {
      await turn();
    } finally {
      waiting -= 1;
    }
    return run();
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => afterTurn(() => query(...args))) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => afterTurn(() => exec(...args))) as PGlite['exec'];
  // Statements asked for before close are handed to PGlite (which finishes them) before it closes.
  return {
    drain: async () => {
      while (waiting > 0) await turn();
    },
  };
}

/**
 * PGlite's buffer pool. PostgreSQL's default of 128 MB is set up page by page inside WebAssembly at
 * every start (about half a second of a start on two cores) and held for good, while the embedded
 * database of a demo or a small site is a few tens of megabytes, which a smaller pool and the file
 * cache beneath it hold either way (decision 0059).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** Embedded PostgreSQL (PGlite). `dataDir` undefined means in memory; `loadDataDir` restores a snapshot. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // A second process on the same directory would not fail but silently lose writes: refuse it.
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir) : undefined;
  let client: PGlite;
  let pending: { drain: () => Promise<void> };
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    for (const [k, v] of Object.entries(SESSION_SETTINGS)) await client.query(`set ${k} = '${v}'`);
    pending = yieldBeforeEachQuery(client);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    description: options.dataDir ? `embedded PGlite in ${options.dataDir}` : 'embedded PGlite in memory',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      try {
        await pending.drain();
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  databaseDirectUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, 10, { directUrl: config.databaseDirectUrl });
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/** Connections of a handle's client: a PostgreSQL pool's total, idle and waiting; PGlite's one. */
export function connectionUse(db: Db): { total: number; idle?: number; waiting?: number } {
  const client = (db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } })
    .$client;
  // A node-postgres pool counts its connections; PGlite has one and no such counts.
  if (client && typeof client.totalCount === 'number') {
    return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  }
  return { total: 1 };
}
