/**
 * Memory one instance holds (decision 0059): resident set size after start with the demo data, once
 * its background work (search index, workers, the drawing of pages) is done, and after a rush of
 * pages and searches under 20 connections. On PostgreSQL with BENCH_DATABASE_URL, else on the
 * embedded database. Prints; asserts nothing. Target on PostgreSQL: at most 200 MB after start and
 * after the rush.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { selectRows } from '../server/db/client';
import { seedDemo } from '../server/seed-demo';
import { freePort, startApp } from '../scripts/app-process';
import { scratchDatabase } from './scratch';

const RUSH_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 15);
const CONNECTIONS = 20;

/** The JS heap in use and the memory outside it that V8 tracks (buffers), in MB, from the metrics. */
async function heapMb(metricsUrl: string): Promise<{ heap: number; external: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 1048576;
  return { heap: value('nodejs_heap_size_used_bytes'), external: value('nodejs_external_memory_bytes') };
}

/** The process's resident set now and at its peak, in MB (Linux's /proc). */
function residentMb(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export async function runMemoryBench() {
  const { database, env, cleanup } = await scratchDatabase('_memory');
  try {
    await database.migrate();
    await seedDemo(database.db);
    const campaigns = await selectRows<{ id: number }>(
      database.db,
      sql`select id from recipient_campaigns where status = 'active' order by id limit 5`,
    );
    await database.close();
    const metricsPort = await freePort();
    const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
    const app = await startApp({
      entry: 'dist/server/main.js',
      port: await freePort(),
      env: {
        ...env,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      },
      label: 'the memory bench server',
    });
    try {
      // The background work that follows listening (decision 0059) is done within a few seconds.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const started = residentMb(app.child.pid!);
      const startedHeap = await heapMb(metrics);
      const paths = [
        '/',
        '/campaigns',
        '/about',
        '/search?q=braille',
        '/api/campaigns',
        '/api/campaigns/featured',
        '/api/campaigns/search?q=braille%20display',
        '/api/campaigns/search?q=white%20cane',
        '/api/campaigns/search?q=laptop',
        ...campaigns.map((c) => `/campaigns/${c.id}`),
      ];
      const rush = await autocannon({
        url: app.url,
        connections: CONNECTIONS,
        duration: RUSH_SECONDS,
        requests: paths.map((path) => ({ method: 'GET', path })),
      });
      const after = residentMb(app.child.pid!);
      const afterHeap = await heapMb(metrics);
      console.log(`\nMemory of one instance on ${database.kind} with the demo data (compiled server, resident set):`);
      const parts = (heap: { heap: number; external: number }) =>
        `JS heap used ${heap.heap.toFixed(0)} MB, buffers ${heap.external.toFixed(0)} MB`;
      console.log(`  after start, background work done: ${started.now.toFixed(0)} MB (${parts(startedHeap)})`);
      console.log(
        `  after ${RUSH_SECONDS} s of pages and searches under ${CONNECTIONS} connections (${rush.requests.total} requests, ${rush.non2xx + rush.errors} not 2xx): ${after.now.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB (${parts(afterHeap)})`,
      );
      console.log('  target on PostgreSQL: at most 200 MB after start and after the rush');
    } finally {
      await app.stop();
    }
  } finally {
    await cleanup();
  }
}
