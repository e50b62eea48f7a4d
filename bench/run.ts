/**
 * Prints throughput and latency figures; it asserts nothing. Usage:
 *   npm run bench                 embedded PGlite in a scratch directory
 *   BENCH_DATABASE_URL=postgres://... npm run bench   a scratch database on that PostgreSQL server
 *   BENCH_ONLY=search,pages,scale,giving,bundle,slownet,hydration,jobs,ratelimit,sharing,exports,startup,memory,cluster  only those sections (comma-separated)
 *   BENCH_DONATIONS=100000                                gifts the exports section seeds
 *   BENCH_SCALE=10000,100000                              campaign counts the scale section seeds
 *   BENCH_PAST_GIFTS=20000                                gifts recorded before the giving rush (0: fresh campaigns)
 *   BENCH_PROFILE=/tmp/prof                                each server process writes a CPU profile there
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openPostgres, selectRows, type Db } from '../server/db/client';
import { createSearchIndex } from '../server/modules/campaigns/search-index';
import { encodeCursor } from '../server/db/cursor';
import { seedDemo } from '../server/seed-demo';
import { addSiteHistory, createBenchCampaign, oversold, runGivingScenario } from './giving';
import { cpuSince, markCpu } from './cpu';
import { runRateLimitBench } from './rate-limit';
import { runQueueBench, receiptDelays } from './jobs';
import { runSharingBench } from './sharing';
import { runExportBench } from './exports';
import { scratchDatabase } from './scratch';
import { startSmtpCatcher } from '../server/test/smtp';
import { seedExtraCampaigns } from './seed-scale';
import { computeLedger } from '../server/modules/transparency/queries';
import { realisticQueries } from './search-queries';
import { pageWeightSection, slowNetworkSection } from './browser-pages';
import { mainThreadSection } from './main-thread';
import { runStartupBench } from './startup';
import { runMemoryBench } from './memory';
import { runClusterBench } from './cluster';
import { buildIfStale } from '../scripts/build';

const CONNECTIONS = 50;
/** Gifts the giving scenario's campaigns already have before the rush, so their history has a cost. */
const PAST_GIFTS = Number(process.env.BENCH_PAST_GIFTS ?? 20_000);
/** And the rest of the site: closed campaigns with their own gifts. */
const SITE_CAMPAIGNS = 500;
const SITE_GIFTS_EACH = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const EXTRA_CAMPAIGNS = 10_000;

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    // The compiled server, as production runs it (decision 0059).
    const child = spawn(process.execPath, [...profile, 'dist/server/main.js'], {
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with code ${code}:\n${out}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Like `measure`, but each request takes the next of `paths` in turn (many distinct searches). */
async function measureMany(base: string, paths: string[]) {
  let at = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[at++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  const busy = (result.statusCodeStats as Record<string, { count: number } | undefined>)['503']?.count ?? 0;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx - busy,
    busy,
    timeouts: result.timeouts,
  };
}

/**
 * Campaign pages as a visitor's browser asks for them (the HTML, which the server draws with the
 * campaign in it, decision 0022): `workers` visitors at once, each opening the next of `paths` in
 * turn, for DURATION seconds. Counts the pages that came drawn and those that came as the plain
 * index.html (the server at its limit of drawings at once, or a drawing that failed).
 */
async function measurePages(base: string, paths: string[], workers: number) {
  const until = Date.now() + DURATION * 1000;
  const latencies: number[] = [];
  let drawn = 0;
  let plain = 0;
  let errors = 0;
  let at = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          const response = await fetch(`${base}${paths[at++ % paths.length]}`);
          const html = await response.text();
          if (!response.ok) errors += 1;
          else if (html.includes('<div id="root"><')) drawn += 1;
          else plain += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / DURATION,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    drawn,
    plain,
    errors,
  };
}

/** BENCH_ONLY=search,giving runs only those sections; unset runs them all. */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
const want = (
  section:
    | 'search'
    | 'pages'
    | 'scale'
    | 'giving'
    | 'bundle'
    | 'slownet'
    | 'hydration'
    | 'jobs'
    | 'ratelimit'
    | 'sharing'
    | 'exports'
    | 'startup'
    | 'memory'
    | 'cluster',
) => ONLY.size === 0 || ONLY.has(section);

/** Public routes and search, with the public cache as deployed and then off. Returns list/bare. */
async function searchSection(): Promise<number> {
  const { database, env, cleanup } = await scratchDatabase('_search');
  let child: ChildProcess | undefined;
  try {
    console.log(
      `Preparing ${database.kind} with the demo data and ${EXTRA_CAMPAIGNS.toLocaleString('en')} extra campaigns...`,
    );
    await database.migrate();
    await seedDemo(database.db);
    await seedExtraCampaigns(database.db, EXTRA_CAMPAIGNS);
    const searchPaths = (await realisticQueries(database.db)).map(
      (q) => `/api/campaigns/search?q=${encodeURIComponent(q)}`,
    );
    await database.close();

    const routes = [
      ['bare route  GET /api/health/live', '/api/health/live'],
      ['GET /api/campaigns', '/api/campaigns'],
      ['GET /api/campaigns/search?q=brail disply', '/api/campaigns/search?q=brail%20disply'],
    ] as const;
    let listRatio = 0;
    // Default settings first (public lists answered from a 3-second in-memory copy), then with that
    // cache off, so the database's own cost is visible too.
    for (const [label, cacheSeconds] of [
      ['default settings (public cache 3 s)', '3'],
      ['public cache off', '0'],
    ] as const) {
      const server = await startServer({ ...env, PUBLIC_CACHE_SECONDS: cacheSeconds });
      child = server.child;
      console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION} s per route, database: ${database.kind}`);
      const results: Array<{ label: string; rps: number; p99: number; errors: number }> = [];
      for (const [name, route] of routes) {
        await measure(`${server.url}${route}`); // warm-up pass, discarded
        results.push({ label: name, ...(await measure(`${server.url}${route}`)) });
      }
      await measureMany(server.url, searchPaths); // warm-up pass, discarded
      // The distinct searches, with visitors opening the campaign list at the same time.
      const [many, listMeanwhile] = await Promise.all([
        measureMany(server.url, searchPaths),
        autocannon({ url: `${server.url}/api/campaigns`, connections: 5, duration: DURATION }),
      ]);
      results.push({
        label: `search, ${searchPaths.length} distinct queries`,
        rps: many.rps,
        p99: many.p99,
        errors: many.errors,
      });
      const bare = results[0]!.rps;
      console.log('route                                         req/s     p99 ms   vs bare   errors');
      for (const r of results) {
        console.log(
          `${r.label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} ${r.p99.toFixed(1).padStart(9)} ${(r.rps / bare).toFixed(2).padStart(8)} ${String(r.errors).padStart(8)}`,
        );
      }
      console.log(
        `  distinct searches: ${many.timeouts} timed out, ${many.busy} refused as busy (503, Retry-After); targets on PostgreSQL: p99 at most 25 ms, at least 3,000/s`,
      );
      console.log(
        `  meanwhile GET /api/campaigns (5 connections): ${listMeanwhile.requests.average.toFixed(0)} req/s, p99 ${listMeanwhile.latency.p99.toFixed(1)} ms, ${listMeanwhile.non2xx + listMeanwhile.errors} errors`,
      );
      if (cacheSeconds === '3') listRatio = results[1]!.rps / bare;
      await stopServer(server.child);
      child = undefined;
    }
    return listRatio;
  } finally {
    child?.kill('SIGTERM');
    await cleanup();
  }
}

/**
 * 100 donors giving to one organization campaign at once (PostgreSQL only): first through one
 * server process, then through two against the same database (donors alternate between them),
 * each run on a fresh scratch database. Then the same donors spread over 100 campaigns, one each,
 * where no gift waits on another's row lock: what the machine does when the lock costs nothing.
 */
async function givingSection() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('\nGiving scenario: runs on PostgreSQL; set BENCH_DATABASE_URL=postgres://... to include it.');
    return;
  }
  for (const campaigns of [1, 100]) {
    for (const processes of [1, 2]) await givingRun(processes, campaigns);
  }
}

async function givingRun(processes: number, campaigns: number) {
  const { database, env, cleanup } = await scratchDatabase(`_giving${processes}_${campaigns}`);
  const children: ChildProcess[] = [];
  try {
    await database.migrate();
    await seedDemo(database.db);
    const givingCampaigns: number[] = [];
    // The same gifts already recorded in both: all on the one campaign, or shared by the 100.
    for (let i = 0; i < campaigns; i += 1)
      givingCampaigns.push(await createBenchCampaign(database, 100_000, Math.floor(PAST_GIFTS / campaigns)));
    await addSiteHistory(database, SITE_CAMPAIGNS, SITE_GIFTS_EACH);
    const adminUrl = database.url!;
    await database.close();
    const smtp = await startSmtpCatcher();
    const urls: string[] = [];
    for (let i = 0; i < processes; i += 1) {
      const server = await startServer({ ...env, TRUST_PROXY: '1', SMTP_URL: smtp.url });
      children.push(server.child);
      urls.push(server.url);
    }
    const started = new Date();
    const pids = children.map((c) => c.pid!);
    const cpuStart = markCpu(pids);
    const result = await runGivingScenario(urls, givingCampaigns, DURATION);
    const check = await openPostgres(adminUrl, 2);
    // Receipts leave from the job queue: measure from each gift's commit to its mail's arrival.
    const delays = await receiptDelays(check, smtp, started);
    // Measured once every receipt has arrived, so the mail each gift causes is counted too.
    const cpu = cpuSince(cpuStart, pids);
    while (children.length) await stopServer(children.pop()!);
    await smtp.close();
    const sold = await oversold(check, givingCampaigns);
    await check.close();
    const servers = `${processes} server ${processes === 1 ? 'process' : 'processes'}`;
    const where =
      campaigns === 1
        ? 'one organization campaign'
        : `${campaigns} organization campaigns, one per donor (no shared row lock)`;
    console.log(
      `\nGiving: ${result.donors} concurrent donors, ${result.seconds} s, ${where}, ${servers}, database: postgres`,
    );
    console.log(
      `  before the rush: ${PAST_GIFTS.toLocaleString('en')} gifts recorded (${Math.floor(PAST_GIFTS / campaigns).toLocaleString('en')} per campaign), and ${(SITE_CAMPAIGNS * SITE_GIFTS_EACH).toLocaleString('en')} more on ${SITE_CAMPAIGNS} closed campaigns`,
    );
    console.log(`  checkouts per second:   ${(result.checkouts / result.seconds).toFixed(1)}`);
    console.log(`  fulfilments per second: ${(result.fulfilments / result.seconds).toFixed(1)}`);
    console.log(`  refused (409): ${result.refused}   errors: ${result.errors}`);
    console.log(
      `  units sold: ${sold.sold} of ${sold.quantity}   units oversold: ${sold.oversold} (must be 0)   amount raised equals paid items: ${sold.raisedMatchesPaid}`,
    );
    console.log(
      `  receipts: ${delays.received} of ${delays.gifts} sent; commit to receipt delivered: median ${delays.median.toFixed(0)} ms, p99 ${delays.p99.toFixed(0)} ms`,
    );
    if (cpu.available && result.fulfilments > 0) {
      const perGift = (seconds: number) => (seconds * 1000) / result.fulfilments;
      const total = perGift(cpu.server) + perGift(cpu.database) + perGift(cpu.loadGenerator);
      const cpus = os.availableParallelism();
      console.log(
        `  CPU per gift (checkout, payment, fulfilment, receipts): server ${perGift(cpu.server).toFixed(1)} ms, PostgreSQL ${perGift(cpu.database).toFixed(1)} ms, load generator ${perGift(cpu.loadGenerator).toFixed(1)} ms`,
      );
      console.log(
        `  at ${total.toFixed(1)} ms of CPU per gift, this machine's ${cpus} CPUs can carry at most ${((cpus * 1000) / total).toFixed(0)} gifts per second`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await cleanup();
  }
}

/** How long the in-memory search index takes to build from the database, and the memory it holds. */
async function searchIndexCost(db: Db): Promise<string> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const index = createSearchIndex(db);
  await index.start();
  const ms = performance.now() - started;
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const { campaigns, lexemes } = index.size();
  index.stop();
  return `${campaigns.toLocaleString('en')} public campaigns and ${lexemes.toLocaleString('en')} distinct lexemes built in ${(ms / 1000).toFixed(1)} s, holding ${heapMb.toFixed(0)} MB${gc ? '' : ' (run with --expose-gc for a steady figure)'}`;
}

/**
 * Public pages as browsers ask for them (HTML, `accept-encoding: br, gzip`), 50 connections, with
 * the caches as deployed (3 s), against the bare route on the same server, measured just before
 * each page. A response smaller than the drawn page is the plain index.html (drawing limit reached,
 * decision 0022): only drawn pages count towards the page's figure. Returns the pages' ratios to
 * the bare route.
 */
async function pagesSection(): Promise<Array<{ label: string; ratio: number }>> {
  const { database, env, cleanup } = await scratchDatabase('_pages');
  let child: ChildProcess | undefined;
  try {
    await database.migrate();
    await seedDemo(database.db);
    await seedExtraCampaigns(database.db, 1_000);
    const [campaign] = await selectRows<{ id: number }>(
      database.db,
      sql`select id from recipient_campaigns where status = 'approved' order by id limit 1`,
    );
    await database.close();
    const server = await startServer({ ...env, PUBLIC_CACHE_SECONDS: '3' });
    child = server.child;
    console.log(
      `\nPublic pages, caches as deployed (3 s): ${CONNECTIONS} connections, ${DURATION} s per route, database: ${database.kind}`,
    );
    const bareUrl = `${server.url}/api/health/live`;
    await measure(bareUrl); // warm-up pass, discarded
    console.log('route                                         req/s     p99 ms  bare req/s  vs bare   drawn   errors');
    const ratios: Array<{ label: string; ratio: number }> = [];
    for (const [label, route] of [
      ['home page  GET /', '/'],
      ['campaign list page  GET /campaigns', '/campaigns'],
      ['campaign page  GET /campaigns/:id', `/campaigns/${Number(campaign!.id)}`],
    ] as const) {
      await measureHtml(`${server.url}${route}`); // warm-up pass, discarded
      // The bare route just before each page: on a shared machine the load of the moment weighs on both alike.
      const bare = await measure(bareUrl);
      const page = await measureHtml(`${server.url}${route}`);
      // Only drawn pages count: a plain index.html costs the server almost nothing.
      const drawnRps = page.rps * page.drawnShare;
      console.log(
        `${label.padEnd(44)} ${drawnRps.toFixed(0).padStart(7)} ${page.p99.toFixed(1).padStart(9)} ${bare.rps.toFixed(0).padStart(11)} ${(drawnRps / bare.rps).toFixed(2).padStart(8)} ${`${(page.drawnShare * 100).toFixed(0)}%`.padStart(7)} ${String(page.errors + bare.errors).padStart(8)}`,
      );
      console.log(`  a drawn ${route} response is ${page.wire.toLocaleString('en')} bytes with its headers`);
      ratios.push({ label, ratio: drawnRps / bare.rps });
    }
    await stopServer(server.child);
    child = undefined;
    return ratios;
  } finally {
    child?.kill('SIGTERM');
    await cleanup();
  }
}

/**
 * A page's HTML as a browser asks for it, compressed. A drawn page's response has the same size
 * each time (same data, same compression); the plain index.html is kilobytes smaller. So the share
 * of responses as large as the one first fetched alone (which is drawn) is the share that came drawn.
 */
async function measureHtml(url: string) {
  const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
  const first = await fetch(url, { headers });
  if (!(await first.text()).includes('<div id="root"><')) console.log(`  (${url} came back plain: not drawn)`);
  const run = (connections: number, onBytes: (bytes: number) => void, amount?: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const options = amount
        ? { url, headers, connections, amount }
        : { url, headers, connections, duration: DURATION };
      const instance = autocannon(options, (error, r) => (error ? reject(error) : resolve(r)));
      instance.on('response', (_client, _status, bytes) => onBytes(bytes));
    });
  let wire = 0;
  await run(1, (bytes) => (wire = bytes), 1);
  let drawn = 0;
  let all = 0;
  const result = await run(CONNECTIONS, (bytes) => {
    all += 1;
    if (bytes >= wire - 64) drawn += 1;
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    drawnShare: all ? drawn / all : 0,
    wire,
  };
}

/**
 * How costs grow with the data: for each size, the campaign list's first page and a page deep in
 * it (keyset cursor), one campaign's page, and the distinct searches, all with the public cache off
 * so every request reaches the database.
 */
async function scaleSection() {
  const sizes = (process.env.BENCH_SCALE ?? '10000,100000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const rows: Array<{ size: number; label: string; rps: number; p99: number; errors: number }> = [];
  const drawnCounts: string[] = [];
  const searchCpu: string[] = [];
  const indexFigures: string[] = [];
  let kind = '';
  for (const size of sizes) {
    const { database, env, cleanup } = await scratchDatabase(`_scale${size}`);
    kind = database.kind;
    let child: ChildProcess | undefined;
    try {
      const seeding = Date.now();
      await database.migrate();
      await seedDemo(database.db);
      await seedExtraCampaigns(database.db, size);
      console.log(
        `\nScale: ${size.toLocaleString('en')} extra campaigns seeded on ${database.kind} in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
      );
      const searchPaths = (await realisticQueries(database.db)).map(
        (q) => `/api/campaigns/search?q=${encodeURIComponent(q)}`,
      );
      // A page about three quarters of the way down the public list, and a campaign in the middle.
      const [deep] = await selectRows<{ created_at: string; id: number; total: number }>(
        database.db,
        sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, id, count(*) over () as total
          from recipient_campaigns where status in ('approved', 'purchased', 'delivered')
         order by created_at desc, id desc offset ${Math.floor(size * 0.9 * 0.75)} limit 1`,
      );
      const deepCursor = encodeCursor({ createdAt: deep!.created_at, id: Number(deep!.id) });
      const pagePaths = (
        await selectRows<{ id: number }>(
          database.db,
          sql`
          select id from recipient_campaigns where status in ('approved', 'purchased', 'delivered') order by md5(id::text) limit 1000`,
        )
      ).map((r) => `/campaigns/${Number(r.id)}`);
      // The public ledger as one cache miss computes it: the first run cold, the second with warm buffers.
      for (const run of ['cold', 'warm']) {
        const start = performance.now();
        await computeLedger(database.db);
        console.log(
          `  public ledger (GET /api/transparency, uncached), ${run}: ${(performance.now() - start).toFixed(0)} ms`,
        );
      }
      indexFigures.push(`${size.toLocaleString('en')} campaigns: ${await searchIndexCost(database.db)}`);
      await database.close();
      const server = await startServer({ ...env, PUBLIC_CACHE_SECONDS: '0' });
      child = server.child;
      const routes = [
        ['bare route (the ceiling)', '/api/health/live'],
        ['campaign list, first page', '/api/campaigns'],
        ['campaign list, a page 3/4 deep (cursor)', `/api/campaigns?cursor=${deepCursor}`],
        ['one campaign', `/api/campaigns/${Number(deep!.id)}`],
      ] as const;
      for (const [label, route] of routes) {
        await measure(`${server.url}${route}`);
        rows.push({ size, label, ...(await measure(`${server.url}${route}`)) });
      }
      await measureMany(server.url, searchPaths);
      const searchPids = [server.child.pid!];
      const cpuStart = markCpu(searchPids);
      const many = await measureMany(server.url, searchPaths);
      const cpu = cpuSince(cpuStart, searchPids);
      rows.push({
        size,
        label: `search, ${searchPaths.length} distinct queries`,
        rps: many.rps,
        p99: many.p99,
        errors: many.errors + many.busy,
      });
      if (cpu.available && many.rps > 0) {
        const perSearch = (seconds: number) => ((seconds * 1000) / (many.rps * DURATION)).toFixed(2);
        searchCpu.push(
          `${size.toLocaleString('en')} campaigns: server ${perSearch(cpu.server)} ms, PostgreSQL ${perSearch(cpu.database)} ms, load generator ${perSearch(cpu.loadGenerator)} ms`,
        );
      }
      if (fs.existsSync(path.resolve('dist/ssr/entry-server.js'))) {
        await measurePages(server.url, pagePaths.slice(0, 50), 8);
        const pages = await measurePages(server.url, pagePaths, 8);
        rows.push({
          size,
          label: `campaign pages, HTML drawn (8 at once)`,
          rps: pages.rps,
          p99: pages.p99,
          errors: pages.errors,
        });
        drawnCounts.push(
          `${size.toLocaleString('en')} campaigns: ${pages.drawn} pages drawn, ${pages.plain} sent plain (drawing limit reached)`,
        );
      }
      await stopServer(server.child);
      child = undefined;
    } finally {
      child?.kill('SIGTERM');
      await cleanup();
    }
  }
  console.log(
    `\nCost as the data grows (${kind}, public cache off, ${CONNECTIONS} connections, ${DURATION} s per route)`,
  );
  console.log('route                                          campaigns     req/s     p99 ms   errors');
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(46)} ${r.size.toLocaleString('en').padStart(9)} ${r.rps.toFixed(0).padStart(9)} ${r.p99.toFixed(1).padStart(10)} ${String(r.errors).padStart(8)}`,
    );
  }
  for (const line of drawnCounts) console.log(`  ${line}`);
  console.log(
    `  search index (decision 0049), built at start-up (SEARCH_INDEX=${process.env.SEARCH_INDEX ?? 'true'}):`,
  );
  for (const line of indexFigures) console.log(`    ${line}`);
  console.log(
    '  CPU per distinct search (targets: at least 2,000/s with p99 at most 50 ms at 10,000; p99 at most 100 ms at 100,000):',
  );
  for (const line of searchCpu) console.log(`    ${line}`);
}

async function main() {
  // Only the sections that serve or weigh the web app need it built.
  if (
    want('search') ||
    want('pages') ||
    want('scale') ||
    want('giving') ||
    want('bundle') ||
    want('slownet') ||
    want('hydration') ||
    want('memory')
  )
    await buildIfStale();
  const listRatio = want('search') ? await searchSection() : undefined;
  const pageRatios = want('pages') ? await pagesSection() : [];
  if (want('scale')) await scaleSection();
  if (want('giving')) await givingSection();
  if (want('ratelimit')) await runRateLimitBench();
  if (want('jobs')) await runQueueBench();
  if (want('sharing')) await runSharingBench();
  if (want('exports')) await runExportBench();
  if (want('bundle')) await pageWeightSection();
  if (want('slownet')) await slowNetworkSection();
  if (want('hydration')) await mainThreadSection();
  if (want('startup')) await runStartupBench();
  if (want('memory')) await runMemoryBench();
  if (want('cluster')) await runClusterBench();
  if (listRatio !== undefined)
    console.log(`Campaign list vs bare route, default settings: ${listRatio.toFixed(2)} (target: at least 0.50)`);
  for (const { label, ratio } of pageRatios)
    console.log(
      `${label} vs bare route, caches as deployed: ${ratio.toFixed(2)}${label.startsWith('campaign page') ? ' (target: at least 0.50)' : ''}`,
    );
}

await main();
