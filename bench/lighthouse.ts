/**
 * Lighthouse performance figures for the public pages a visitor meets first; it asserts nothing.
 *   npx vite build && npm run bench:lighthouse
 * Starts the server on the embedded database with the demo data in a temporary DATA_DIR, then runs
 * Lighthouse 12 (mobile form factor, simulated throttling, performance category only) against each
 * page with the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Nothing is downloaded.
 * LIGHTHOUSE_RUNS=3 runs each page three times and prints the median run by score, with each run's
 * Total Blocking Time and LCP, and the machine's load average before and after (the figures are noisy
 * on a busy one);
 * LIGHTHOUSE_DETAILS=1 also prints FCP, Speed Index, the LCP element with its phases, what shifted, the long
 * tasks, each script's time and the main thread's work by kind; LIGHTHOUSE_PAGES=home,recipient audits only
 * the pages whose label contains one of those words.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { startAndWaitFor, startDemoServer, stopProcess, type DemoServer } from './demo-server';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';

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
  const longTasks = audits['long-tasks']?.details as Table | undefined;
  for (const item of longTasks?.items ?? []) {
    lines.push(
      `long task at ${Number(item.startTime).toFixed(0)} ms: ${Number(item.duration).toFixed(0)} ms, ${String(item.url).slice(-60)}`,
    );
  }
  const bootup = audits['bootup-time']?.details as Table | undefined;
  for (const item of bootup?.items ?? []) {
    lines.push(
      `script ${String(item.url).slice(-60)}: ${Number(item.scripting).toFixed(0)} ms running, ${Number(item.scriptParseCompile).toFixed(0)} ms compiling`,
    );
  }
  const work = audits['mainthread-work-breakdown']?.details as Table | undefined;
  lines.push(
    `main thread: ${(work?.items ?? []).map((item) => `${String(item.groupLabel)} ${Number(item.duration).toFixed(0)} ms`).join(', ')}`,
  );
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
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-lighthouse-'));
  let demo: DemoServer | undefined;
  let browser: ChildProcess | undefined;
  try {
    console.log('Starting the server with the demo data in a temporary DATA_DIR...');
    demo = await startDemoServer();
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

    console.log(`Lighthouse 12, mobile, simulated throttling, ${RUNS} run(s) per page (median by score shown)`);
    console.log(
      `Load average when starting (1, 5, 15 min): ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}\n`,
    );
    console.log(
      `${'page'.padEnd(40)} ${'score'.padStart(5)} ${'LCP ms'.padStart(8)} ${'CLS'.padStart(7)} ${'TBT ms'.padStart(7)}`,
    );
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const page of demo.pages.filter((p) => !only || only.some((o) => p.label.includes(o)))) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${demo.baseUrl}${page.path}`, port));
      runs.sort((a, b) => a.score - b.score);
      const m = runs[Math.floor(runs.length / 2)]!;
      console.log(
        `${`${page.label} (${page.path})`.padEnd(40)} ${String(m.score).padStart(5)} ${m.lcpMs.toFixed(0).padStart(8)} ${m.cls.toFixed(3).padStart(7)} ${m.tbtMs.toFixed(0).padStart(7)}`,
      );
      if (RUNS > 1) {
        console.log(`    TBT ms of each run: ${runs.map((r) => r.tbtMs.toFixed(0)).join(', ')}`);
        console.log(`    LCP ms of each run: ${runs.map((r) => r.lcpMs.toFixed(0)).join(', ')}`);
      }
      for (const line of m.details) console.log(`    ${line}`);
    }
    console.log(
      `\nLoad average when done (1, 5, 15 min): ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await stopProcess(browser);
    await demo?.stop();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
