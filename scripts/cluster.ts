/**
 * `npm run cluster`: the deployment of compose.yaml without containers, on this machine. nginx
 * (Debian's package, unprivileged, in a temporary prefix, on a loopback port) in front of three app
 * instances; a PostgreSQL primary of its own (initdb in a temporary folder, server/test/postgres-servers.ts),
 * a streaming replica of it (pg_basebackup, hot standby) and PgBouncer in transaction mode in front of
 * the primary (Debian's package, installed when missing). Each instance gets DATABASE_URL = PgBouncer,
 * DATABASE_DIRECT_URL = the primary (job queue, migrations, backups) and DATABASE_READ_URL = the
 * replica (public reads), and serves Prometheus metrics on a loopback port of its own (METRICS_PORT).
 * The local Redis keeps the shared rate limits, an S3 stand-in (s3rver) takes uploads and an SMTP
 * catcher takes mail; payments use the built-in sandbox, whose ledger is in the database every
 * instance shares. It prints the addresses, stays up CLUSTER_SECONDS (default 60) or until Ctrl-C,
 * then stops everything it started and deletes the database servers' folders. The bench's `cluster`
 * section drives it (bench/cluster.ts).
 *
 *   CLUSTER_REDIS_URL     Redis (redis://127.0.0.1:6379)
 *   CLUSTER_INSTANCES     app instances (3)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openPostgres, type Database } from '../server/db/client';
import { seedDemo } from '../server/seed-demo';
import { startS3StandIn } from '../server/test/stand-ins';
import { startSmtpCatcher } from '../server/test/smtp';
import {
  startPgBouncer,
  startPrimary,
  startReplica,
  type PgBouncer,
  type PgServer,
  type Replica,
} from '../server/test/postgres-servers';
import { freePort, startApp, stopProcess, waitFor200, type AppProcess } from './app-process';
import { buildIfStale } from './build';

const NGINX = '/usr/sbin/nginx';
/** The compose site's own proxy rules (ops/nginx), read by the generated configuration as `goi/`. */
const OPS_NGINX = path.resolve(import.meta.dirname, '../ops/nginx');

export type ClusterOptions = {
  instances?: number;
  /** Variables every instance gets on top of the cluster's own (TRUST_PROXY, for instance). */
  env?: Record<string, string>;
  /** Runs on the migrated, seeded database before any instance starts. */
  prepare?: (database: Database) => Promise<void>;
};

/** The database every instance uses, in the cluster's own PostgreSQL primary. */
const DATABASE = 'goi';
/** PgBouncer's server connections to the primary: the instances' pools together rarely need more. */
const POOLED_CONNECTIONS = 30;

export type Cluster = {
  /** nginx's address: the site. */
  url: string;
  /** The primary's database, straight (DATABASE_DIRECT_URL): for checking what the instances recorded. */
  databaseUrl: string;
  /** The same database through PgBouncer in transaction mode (the instances' DATABASE_URL). */
  pooledUrl: string;
  /** The same database on the replica (the instances' DATABASE_READ_URL). */
  readUrl: string;
  primary: PgServer;
  /** The streaming replica: kill() and start() it to see the instances fall back to the primary. */
  replica: Replica;
  pgbouncer: PgBouncer;
  /** Each instance's Prometheus endpoint (http://127.0.0.1:<METRICS_PORT>/metrics), by index. */
  metricsUrls: string[];
  smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  instances: Array<AppProcess | undefined>;
  /** SIGKILL, as a crashed machine would. */
  kill(index: number): void;
  /** Starts instance `index` again on its port and resolves once it is healthy. */
  restart(index: number): Promise<AppProcess>;
  stop(): Promise<void>;
};

/** Debian's nginx, installed with apt-get when it is missing (as .ci/run does for PostgreSQL). */
function ensureNginx() {
  if (fs.existsSync(NGINX)) return;
  console.log('Installing nginx...');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'nginx-light'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: install nginx and try again.`);
  }
}

async function ensureRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(`Redis does not answer at ${url}: start it (redis-server) or set CLUSTER_REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
}

/** An nginx configuration of its own, every path under `prefix`, in front of `ports`. */
function nginxConfig(prefix: string, listenPort: number, ports: number[]): string {
  const servers = ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream goi_app {
${servers}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      error_page 418 = @keyed;
      if ($http_idempotency_key) {
        return 418;
      }
      proxy_pass http://goi_app;
      include goi/proxy.conf;
      proxy_next_upstream error timeout http_502 http_503;
      # Which instance answered, to see the balancing at work; the deployed site does not say.
      add_header X-Served-By $upstream_addr always;
    }
    include goi/keyed-retry.conf;
  }
}
`;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? Number(process.env.CLUSTER_INSTANCES ?? 3);
  const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
  ensureNginx();
  await ensureRedis(redisUrl);
  await buildIfStale();

  const cleanups: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error(`While stopping the cluster: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  try {
    const primary = await startPrimary();
    cleanups.push(() => primary.remove());
    const withDatabase = (url: string) => {
      const u = new URL(url);
      u.pathname = `/${DATABASE}`;
      return u.toString();
    };
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    try {
      await admin.query(`create database ${DATABASE}`);
    } finally {
      await admin.end();
    }
    const databaseUrl = withDatabase(primary.url);
    // Migrated and seeded once here, on the primary itself, so the instances start side by side on a
    // ready database.
    const database = await openPostgres(databaseUrl, 2);
    try {
      await database.migrate();
      await seedDemo(database.db);
      await options.prepare?.(database);
    } finally {
      await database.close();
    }
    // Copied after the seed: the replica starts with the data rather than streaming all of it.
    const replica = await startReplica(primary);
    cleanups.push(() => replica.remove());
    const pgbouncer = await startPgBouncer(primary, { poolSize: POOLED_CONNECTIONS });
    cleanups.push(() => pgbouncer.stop());
    const pooledUrl = withDatabase(pgbouncer.url);
    const readUrl = withDatabase(replica.url);

    const s3 = await startS3StandIn('goi-cluster');
    cleanups.push(() => s3.close());
    const smtp = await startSmtpCatcher();
    cleanups.push(() => smtp.close());

    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-cluster-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const nginxPort = await freePort();
    const site = `http://127.0.0.1:${nginxPort}`;
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) ports.push(await freePort());
    const metricsPorts: number[] = [];
    for (let i = 0; i < count; i += 1) metricsPorts.push(await freePort());
    const shared = {
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: databaseUrl,
      DATABASE_READ_URL: readUrl,
      REDIS_URL: redisUrl,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // One secret for all: an upload address signed by one instance is honoured by the others.
      SIGNING_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: site,
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      ...options.env,
    };
    const envOf = (i: number) => {
      const dataDir = path.join(root, `app${i + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      return { ...shared, DATA_DIR: dataDir, METRICS_PORT: String(metricsPorts[i]) };
    };
    const instances: Array<AppProcess | undefined> = new Array<AppProcess | undefined>(count);
    const start = async (i: number) => {
      const app = await startApp({ port: ports[i]!, env: envOf(i), label: `instance ${i + 1}` });
      instances[i] = app;
      return app;
    };
    cleanups.push(async () => {
      await Promise.all(instances.map((app) => app && stopProcess(app.child)));
    });
    await Promise.all(ports.map((_, i) => start(i)));

    const prefix = path.join(root, 'nginx');
    fs.mkdirSync(prefix);
    fs.symlinkSync(OPS_NGINX, path.join(prefix, 'goi'));
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), nginxConfig(prefix, nginxPort, ports));
    const nginx: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErrors = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    // SIGQUIT: nginx finishes the requests it is serving, then exits.
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
          const timer = setTimeout(() => nginx.kill('SIGKILL'), 10_000);
          nginx.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          nginx.kill('SIGQUIT');
        }),
    );
    await waitFor200(`${site}/api/health/ready`, 30_000, () =>
      nginx.exitCode !== null ? `nginx exited (${nginx.exitCode}):\n${nginxErrors}` : undefined,
    );

    return {
      url: site,
      databaseUrl,
      pooledUrl,
      readUrl,
      primary,
      replica,
      pgbouncer,
      metricsUrls: metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`),
      smtp,
      instances,
      kill(index) {
        instances[index]?.child.kill('SIGKILL');
      },
      restart: (index) => start(index),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Asks nginx for /api/health/ready `times` times and counts the answers per instance. */
async function balanceOf(site: string, times: number): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  for (let i = 0; i < times; i += 1) {
    const response = await fetch(`${site}/api/health/ready`);
    await response.arrayBuffer();
    const by = `${response.status} from ${response.headers.get('x-served-by') ?? 'unknown'}`;
    seen.set(by, (seen.get(by) ?? 0) + 1);
  }
  return seen;
}

async function main() {
  const seconds = Number(process.env.CLUSTER_SECONDS ?? 60);
  const started = performance.now();
  const cluster = await startCluster();
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= cluster.stop());
  const onSignal = () => void stop().then(() => process.exit(0));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(`Cluster ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${cluster.url}`);
    cluster.instances.forEach((app, i) =>
      console.log(
        `  instance ${i + 1}: ${app!.url} (pid ${app!.child.pid}), healthy ${app!.readyMs.toFixed(0)} ms after start`,
      ),
    );
    console.log(`  primary: ${cluster.databaseUrl} (${cluster.primary.dataDir}), demo data seeded`);
    console.log(`  replica: ${cluster.readUrl} (${cluster.replica.dataDir}), streaming, hot standby`);
    console.log(
      `  PgBouncer: ${cluster.pooledUrl}, transaction mode, ${POOLED_CONNECTIONS} connections to the primary`,
    );
    console.log(`  metrics: ${cluster.metricsUrls.join(', ')}`);
    for (const [by, n] of await balanceOf(cluster.url, 12))
      console.log(`  GET /api/health/ready through nginx: ${n} x ${by}`);
    console.log(`Stopping by itself in ${seconds} s (Ctrl-C stops it now).`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000).unref());
    console.log(`Mail sent meanwhile: ${cluster.smtp.messages.length}`);
  } finally {
    await stop();
  }
  console.log('Stopped nginx, the instances, PgBouncer, the replica and the primary; deleted their folders.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
