/**
 * The main thread's work while a public page comes to life, on a phone-sized page with the CPU
 * slowed four times (as Lighthouse's mobile run counts it); it asserts nothing. For each page, the
 * median of RUNS loads (one more first, to warm the server's copies): the script time Chromium
 * reports (`ScriptDuration`), which depends little on what else the machine does, and the blocking
 * time after the first paint (each long task beyond 50 ms, for 5 s after load), which depends on it
 * much more. `BENCH_HYDRATION_RUNS` sets RUNS (default 5). Decision 0055.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { startDemoServer } from './demo-server';

const RUNS = Math.max(1, Number(process.env.BENCH_HYDRATION_RUNS ?? 5));
const AFTER_LOAD_MS = 5_000;

async function loadOnce(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await page.addInitScript(() => {
      const tasks: Array<[number, number]> = [];
      Object.assign(window, { __longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const { fcp, tasks } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      tasks: (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks,
    }));
    const { metrics } = await cdp.send('Performance.getMetrics');
    const scriptSeconds = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
    return {
      scriptMs: scriptSeconds * 1000,
      blockingMs: tasks.filter(([start]) => start >= fcp).reduce((sum, [, ms]) => sum + Math.max(0, ms - 50), 0),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function mainThreadSection() {
  const demo = await startDemoServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    console.log(
      `\nMain thread while a page comes to life, CPU slowed 4x, median of ${RUNS} (decision 0055): script ms, blocking ms after first paint`,
    );
    for (const { label, path } of demo.pages) {
      await loadOnce(browser, `${demo.baseUrl}${path}`);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, `${demo.baseUrl}${path}`));
      const script = median(runs.map((r) => r.scriptMs));
      const blocking = median(runs.map((r) => r.blockingMs));
      console.log(
        `  ${`${label} (${path})`.padEnd(40)} ${script.toFixed(0).padStart(6)} ${blocking.toFixed(0).padStart(6)}   (blocking of each run: ${runs.map((r) => r.blockingMs.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}
