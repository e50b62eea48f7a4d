/**
 * Throw-away PostgreSQL servers on loopback for tests, `npm run cluster` and the bench: a primary
 * (initdb in a temporary folder), a streaming replica of it (pg_basebackup -R, hot standby) and
 * PgBouncer in transaction mode in front of either. PostgreSQL refuses to run as root, so as root
 * every program runs as the `postgres` user, which owns the temporary folders.
 *
 * Each postmaster (and PgBouncer) runs under a small shell that holds a pipe from this process and
 * SIGKILLs it when the pipe closes: when this process dies however it dies, nothing is left running.
 * An 'exit' handler also kills what is still running and deletes the folders.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/app-process';

export type PgServer = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** Fast shutdown; resolves once the server has exited. */
  stop(): Promise<void>;
  /** SIGKILLs the postmaster, as a crashed machine would. */
  kill(): void;
  /** Starts it again (after stop or kill) on the same port and data; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it if it runs and deletes its data directory. */
  remove(): Promise<void>;
};

export type Replica = PgServer & {
  /** pg_wal_replay_pause(): a lagging replica. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
};

export type PgBouncer = { url: string; port: number; stop(): Promise<void> };

/** /usr/lib/postgresql/<newest>/bin, or undefined when PostgreSQL's server programs are not installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function binDir(): string {
  const dir = postgresBinDir();
  if (!dir) throw new Error('PostgreSQL server programs are not installed (/usr/lib/postgresql/<version>/bin).');
  return dir;
}

/** As root, the `postgres` user's ids, for running PostgreSQL's programs; otherwise nothing to change. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root and there is no `postgres` user to run PostgreSQL as.');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A folder of its own under os.tmpdir(), owned by the user PostgreSQL runs as. */
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const user = runAs();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  return dir;
}

/** Runs a program to completion (as the postgres user when root); throws with its output if it fails. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...runAs(), stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(program)} ${args.join(' ')} failed (${code ?? signal}):\n${output}`)),
    );
  });
}

/** What is running and what to delete, for the 'exit' handler. */
const running = new Set<{ pid: () => number | undefined }>();
const folders = new Set<string>();
let exitHandler = false;
function onExit() {
  if (exitHandler) return;
  exitHandler = true;
  process.once('exit', () => {
    for (const process_ of running) {
      const pid = process_.pid();
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * A long-running program under a watchdog shell: the shell starts it, says its pid on stdout, waits
 * for it, and watches its stdin, a pipe from this process. That pipe closes when this process dies,
 * and also when the shell exits (Node closes a child's stdin then): if the program still runs when
 * it closes, this process died, and the watch SIGKILLs the program and deletes `folder`. `exited`
 * resolves when the program has exited (the shell then exits too).
 */
type Watched = { pid: number; child: ChildProcess; exited: Promise<void>; output: () => string };
async function startWatched(program: string, args: string[], folder: string): Promise<Watched> {
  // An asynchronous command's stdin is /dev/null unless redirected: the pipe is kept as fd 3.
  const script = [
    'dir=$1; shift; exec 3<&0',
    '"$@" </dev/null & pid=$!',
    'echo $pid',
    '(read _ <&3; if kill -0 $pid 2>/dev/null; then kill -9 $pid; sleep 0.5; rm -rf "$dir"; fi) &',
    'wait $pid',
  ].join('\n');
  const child = spawn('/bin/sh', ['-c', script, 'watchdog', folder, program, ...args], {
    ...runAs(),
    stdio: ['pipe', 'pipe', 'pipe'],
    cwd: os.tmpdir(),
  });
  let output = '';
  let pid: number | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-10_000)));
  await new Promise<void>((resolve, reject) => {
    let line = '';
    child.stdout!.on('data', (c: Buffer) => {
      if (pid !== undefined) return;
      line += c.toString();
      const end = line.indexOf('\n');
      if (end >= 0) {
        pid = Number(line.slice(0, end));
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`${path.basename(program)} did not start:\n${output}`)));
  });
  // Neither the program nor its pipes keep this process alive: the 'exit' handler and the pipe's
  // closing end it when this process ends.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as net.Socket).unref();
  const entry = { pid: () => (child.exitCode === null && child.signalCode === null ? pid : undefined) };
  running.add(entry);
  void exited.then(() => running.delete(entry));
  onExit();
  return { pid: pid!, child, exited, output: () => output };
}

/** Waits for a watched program to exit, keeping this process alive meanwhile (the child is unref'd). */
async function untilExited(watched: Watched) {
  watched.child.ref();
  try {
    await watched.exited;
  } finally {
    watched.child.unref();
  }
}

/** Connects until the server answers `select 1`; throws when `gaveUp` says so or after `timeoutMs`. */
async function waitForConnections(url: string, timeoutMs: number, gaveUp: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      const reason = gaveUp();
      if (reason) throw new Error(reason);
      if (Date.now() > deadline)
        throw new Error(`${url} did not accept connections within ${timeoutMs / 1000} s: ${String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

function urlOf(port: number) {
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** A postmaster on `dataDir` and `port`, started and stopped at will. */
function server(dataDir: string, socketDir: string, port: number, folder: string): PgServer {
  const bin = binDir();
  let current: Watched | undefined;
  const url = urlOf(port);
  const isRunning = () => current !== undefined && current.child.exitCode === null && current.child.signalCode === null;

  let killed = false;
  const start = async () => {
    // After kill() the postmaster may not have been reaped yet: wait for it.
    if (killed && current) await untilExited(current);
    killed = false;
    if (isRunning()) return;
    // After a SIGKILL the old server processes may hold its shared memory for a moment, and the new
    // postmaster then refuses to start: try again until they are gone.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const watched = await startWatched(
        path.join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1'],
        folder,
      );
      current = watched;
      let exited = false;
      void watched.exited.then(() => (exited = true));
      try {
        await waitForConnections(url, 60_000, () =>
          exited ? `PostgreSQL on ${dataDir} exited:\n${watched.output()}` : undefined,
        );
        return;
      } catch (error) {
        const busy = /pre-existing shared memory block|lock file .* already exists|could not bind/i.test(
          watched.output(),
        );
        if (!exited || !busy || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  const stop = async () => {
    if (!isRunning()) return;
    const watched = current!;
    try {
      process.kill(watched.pid, 'SIGINT'); // fast shutdown
    } catch {
      // Already gone.
    }
    const timer = setTimeout(() => {
      try {
        process.kill(watched.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 30_000);
    await untilExited(watched);
    clearTimeout(timer);
  };

  return {
    url,
    port,
    dataDir,
    start,
    stop,
    kill() {
      if (!isRunning()) return;
      killed = true;
      try {
        process.kill(current!.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
    async remove() {
      await stop();
      fs.rmSync(folder, { recursive: true, force: true });
      folders.delete(folder);
    },
  };
}

const BASE_SETTINGS: Record<string, string> = {
  wal_level: 'replica',
  max_wal_senders: '10',
  max_replication_slots: '10',
  hot_standby: 'on',
  hot_standby_feedback: 'on',
  max_connections: '200',
  shared_buffers: '32MB',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  wal_keep_size: '256MB',
  // A standby's answer to a query that conflicts with replay: wait this long rather than cancel at once.
  max_standby_streaming_delay: '5s',
  wal_receiver_status_interval: '1s',
  logging_collector: 'off',
  log_min_messages: 'warning',
};

function confLine(name: string, value: string) {
  return `${name} = '${value.replace(/'/g, "''")}'\n`;
}

/** initdb (trust, user postgres, no fsync) in a temporary folder, then the postmaster on a free port. */
export async function startPrimary(options: { settings?: Record<string, string> } = {}): Promise<PgServer> {
  const bin = binDir();
  const folder = tempDir('goi-pg-');
  folders.add(folder);
  onExit();
  const dataDir = path.join(folder, 'data');
  try {
    await run(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '--no-instructions',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    const settings = { ...BASE_SETTINGS, ...options.settings };
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      Object.entries(settings)
        .map(([k, v]) => confLine(k, v))
        .join(''),
    );
    // initdb -A trust already trusts replication from loopback; said here in case a version does not.
    fs.appendFileSync(path.join(dataDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    const primary = server(dataDir, folder, await freePort(), folder);
    await primary.start();
    return primary;
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    folders.delete(folder);
    throw error;
  }
}

/** A streaming replica of `primary`: pg_basebackup -R (standby.signal, primary_conninfo), hot standby. */
export async function startReplica(primary: PgServer): Promise<Replica> {
  const bin = binDir();
  const folder = tempDir('goi-pg-replica-');
  folders.add(folder);
  onExit();
  const dataDir = path.join(folder, 'data');
  try {
    await run(path.join(bin, 'pg_basebackup'), [
      '-d',
      `host=127.0.0.1 port=${primary.port} user=postgres application_name=replica`,
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), confLine('hot_standby', 'on'));
    const replica = server(dataDir, folder, await freePort(), folder);
    await replica.start();
    const query = async (sql: string) => {
      const client = new pg.Client({ connectionString: replica.url });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    return {
      ...replica,
      pauseReplay: () => query('select pg_wal_replay_pause()'),
      resumeReplay: () => query('select pg_wal_replay_resume()'),
    };
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    folders.delete(folder);
    throw error;
  }
}

const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Debian's pgbouncer, installed with apt-get when it is missing (as scripts/cluster.ts does for nginx). */
function ensurePgBouncer() {
  if (fs.existsSync(PGBOUNCER)) return;
  console.log('Installing pgbouncer...');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'pgbouncer'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: install pgbouncer and try again.`);
  }
}

/**
 * PgBouncer in transaction mode in front of `target`, trusting every client: any database name on the
 * target is passed through, so the caller may switch the url's path to another database.
 */
export async function startPgBouncer(target: PgServer, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  ensurePgBouncer();
  const folder = tempDir('goi-pgbouncer-');
  folders.add(folder);
  onExit();
  const port = await freePort();
  const user = runAs();
  const config = path.join(folder, 'pgbouncer.ini');
  const authFile = path.join(folder, 'users.txt');
  fs.writeFileSync(authFile, '"postgres" ""\n');
  fs.writeFileSync(
    config,
    `[databases]
* = host=127.0.0.1 port=${target.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${authFile}
pool_mode = transaction
default_pool_size = ${options.poolSize ?? 20}
max_client_conn = 2000
max_db_connections = 0
server_reset_query =
ignore_startup_parameters = extra_float_digits
server_login_retry = 1
logfile = ${path.join(folder, 'pgbouncer.log')}
pidfile = ${path.join(folder, 'pgbouncer.pid')}
log_connections = 0
log_disconnections = 0
`,
  );
  if (user) for (const file of [config, authFile]) fs.chownSync(file, user.uid, user.gid);
  const watched = await startWatched(PGBOUNCER, [config], folder);
  let exited = false;
  void watched.exited.then(() => (exited = true));
  const url = urlOf(port);
  const stop = async () => {
    if (!exited) {
      try {
        process.kill(watched.pid, 'SIGTERM'); // immediate shutdown
      } catch {
        // Already gone.
      }
      await untilExited(watched);
    }
    fs.rmSync(folder, { recursive: true, force: true });
    folders.delete(folder);
  };
  try {
    await waitForConnections(url, 30_000, () =>
      exited
        ? `pgbouncer exited:\n${watched.output()}${fs.existsSync(path.join(folder, 'pgbouncer.log')) ? fs.readFileSync(path.join(folder, 'pgbouncer.log'), 'utf8') : ''}`
        : undefined,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, stop };
}
