/**
 * Lighthouse performance figures for the public pages a visitor meets first; it asserts nothing.
 *   npx vite build && npm run bench:lighthouse
 * Starts the server on the embedded database with the demo data in a temporary DATA_DIR, then runs
 * Lighthouse 12 (mobile form factor, simulated throttling, performance category only) against each
 * page with the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Nothing is downloaded.
 * LIGHTHOUSE_RUNS=3 runs each page three times and prints the median run by score;
 * LIGHTHOUSE_DETAILS=1 also prints FCP, Speed Index, the LCP element with its phases and what shifted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';

/** Starts a process and resolves with the first match of `pattern` in its output. */
function startAndWaitFor(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
  stream: 'stdout' | 'stderr',
) {
  return new Promise<{ child: ChildProcess; match: RegExpExecArray }>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start within 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) {
        clearTimeout(timer);
        child[stream]!.off('data', onData);
        resolve({ child, match });
      }
    };
    child[stream]!.on('data', onData);
    // Keep draining both pipes so a chatty process never blocks on a full one.
    child.stdout!.resume();
    child.stderr!.resume();
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited early with code ${code}:\n${out}`));
    });
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function firstId(baseUrl: string, apiPath: string): Promise<number> {
  const response = await fetch(`${baseUrl}${apiPath}`);
  const list = (await response.json()) as Array<{ id: number }>;
  if (!list[0]) throw new Error(`${apiPath} returned no campaigns`);
  return list[0].id;
}

type Figures = { score: number; lcpMs: number; cls: number; tbtMs: number; details: string[] };

type Table = { type?: string; items?: Array<Record<string, unknown>> };

/** A few readable lines from the audits that explain LCP and CLS. */
function explain(audits: Record<string, { numericValue?: number; details?: unknown } | undefined>): string[] {
  const lines = [
    `FCP ${audits['first-contentful-paint']?.numericValue?.toFixed(0)} ms, Speed Index ${audits['speed-index']?.numericValue?.toFixed(0)} ms`,
  ];
  const lcp = audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined;
  for (const table of lcp?.items ?? []) {
    for (const item of table.items ?? []) {
      const node = item.node as { snippet?: string } | undefined;
      if (node?.snippet) lines.push(`LCP element: ${node.snippet.slice(0, 140)}`);
      else if (typeof item.phase === 'string') lines.push(`  ${item.phase}: ${Number(item.timing).toFixed(0)} ms`);
    }
  }
  const shifts = audits['layout-shifts']?.details as Table | undefined;
  for (const item of shifts?.items ?? []) {
    const node = item.node as { snippet?: string } | undefined;
    lines.push(`shift ${Number(item.score).toFixed(3)}: ${node?.snippet?.slice(0, 120) ?? '?'}`);
  }
  return lines;
}

async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A trace that failed to record (NO_NAVSTART on a busy machine) is no figure: record that run again.
    if (attempt < 3) return audit(url, port, attempt + 1);
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    details: DETAILS ? explain(lhr.audits) : [],
  };
}

async function main() {
  if (!fs.existsSync(path.resolve('dist/web/index.html'))) {
    console.error('dist/web is missing: run `npx vite build` first.');
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-lighthouse-'));
  const profileDir = path.join(dataDir, 'chromium-profile');
  let server: ChildProcess | undefined;
  let browser: ChildProcess | undefined;
  try {
    console.log('Starting the server with the demo data in a temporary DATA_DIR...');
    const started = await startAndWaitFor(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
      },
      /running at (http:\/\/\S+)/,
      'stdout',
    );
    server = started.child;
    const baseUrl = started.match[1]!.replace('localhost', '127.0.0.1');
    const recipientId = await firstId(baseUrl, '/api/campaigns?limit=1');
    const organizationId = await firstId(baseUrl, '/api/org-campaigns/active?limit=1');

    const chromium = await startAndWaitFor(
      CHROMIUM,
      [
        ...CHROMIUM_ARGS.map((a) => (a === '--headless' ? '--headless=new' : a)),
        '--remote-debugging-address=127.0.0.1',
        '--remote-debugging-port=0',
        `--user-data-dir=${profileDir}`,
        'about:blank',
      ],
      process.env,
      /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
      'stderr',
    );
    browser = chromium.child;
    const port = Number(chromium.match[1]);

    const pages = [
      { label: 'home', path: '/' },
      { label: 'campaign list', path: '/campaigns' },
      { label: 'recipient campaign', path: `/campaigns/${recipientId}` },
      { label: 'organization campaign', path: `/campaigns/org-${organizationId}` },
      { label: 'sign in', path: '/login' },
    ];
    console.log(`Lighthouse 12, mobile, simulated throttling, ${RUNS} run(s) per page (median shown)\n`);
    console.log(
      `${'page'.padEnd(40)} ${'score'.padStart(5)} ${'LCP ms'.padStart(8)} ${'CLS'.padStart(7)} ${'TBT ms'.padStart(7)}`,
    );
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${baseUrl}${page.path}`, port));
      runs.sort((a, b) => a.score - b.score);
      const m = runs[Math.floor(runs.length / 2)]!;
      console.log(
        `${`${page.label} (${page.path})`.padEnd(40)} ${String(m.score).padStart(5)} ${m.lcpMs.toFixed(0).padStart(8)} ${m.cls.toFixed(3).padStart(7)} ${m.tbtMs.toFixed(0).padStart(7)}`,
      );
      for (const line of m.details) console.log(`    ${line}`);
    }
  } finally {
    await stop(browser);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
