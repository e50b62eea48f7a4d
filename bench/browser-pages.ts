/**
 * What a visitor's browser does with the public pages, measured from outside with the system
 * Chromium (nothing downloaded); it asserts nothing.
 * - `pageWeightSection`: the JavaScript each page downloads, gzipped, until the network is quiet.
 * - `slowNetworkSection`: a visitor arriving from a shared link to a campaign page on an emulated
 *   3G and 2G line, until the page is drawn, Add to gift bag works, and the payment step opens.
 */
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { startDemoServer } from './demo-server';

const LOAD_MS = 120_000;

/** Gzipped (level 9) bytes of every script response until the network is quiet (no request for 500 ms). */
async function scriptsUntilQuiet(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const bodies: Array<Promise<number>> = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' && !/\.m?js(?:$|\?)/.test(new URL(response.url()).pathname)) return;
    bodies.push(
      response.body().then(
        (body) => zlib.gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: LOAD_MS });
  const sizes = await Promise.all(bodies);
  await context.close();
  return { files: sizes.length, gzipKb: sizes.reduce((sum, n) => sum + n, 0) / 1024 };
}

export async function pageWeightSection() {
  const demo = await startDemoServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    console.log(
      '\nJavaScript a visit downloads, gzipped, loading each page in Chromium until the network is quiet (target: at most 100 KB)',
    );
    for (const { label, path } of [...demo.pages, ...demo.otherPages]) {
      const { files, gzipKb } = await scriptsUntilQuiet(browser, `${demo.baseUrl}${path}`);
      console.log(`  ${`${label} (${path})`.padEnd(40)} ${gzipKb.toFixed(1).padStart(6)} KB in ${files} file(s)`);
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

type Line = { name: string; latencyMs: number; downKbit: number; upKbit: number; targets?: [number, number, number] };

const LINES: Line[] = [
  { name: '3G', latencyMs: 100, downKbit: 750, upKbit: 250, targets: [2.5, 5, 12] },
  { name: '2G', latencyMs: 300, downKbit: 250, upKbit: 50 },
];

/** Clicks until `done()` holds: a button the server drew does nothing until its code has hydrated. */
async function clickUntil(page: Page, click: () => Promise<unknown>, done: () => Promise<boolean>) {
  const until = Date.now() + LOAD_MS;
  while (Date.now() < until) {
    await click().catch(() => undefined);
    const settleUntil = Date.now() + 250;
    while (Date.now() < settleUntil) {
      if (await done()) return;
      await page.waitForTimeout(25);
    }
  }
  throw new Error('no result within the time allowed');
}

async function journey(browser: Browser, baseUrl: string, campaignPath: string, line: Line) {
  // No service worker: the line's emulation is the page's own, and a worker's fetches would go at
  // full speed around it. A first visit has no worker in charge yet, so every byte before the
  // payment step crosses the slow line.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    baseURL: baseUrl,
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(LOAD_MS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: line.latencyMs,
    downloadThroughput: (line.downKbit * 1000) / 8,
    uploadThroughput: (line.upKbit * 1000) / 8,
  });
  const start = Date.now();
  const since = () => (Date.now() - start) / 1000;
  await page.goto(campaignPath, { waitUntil: 'commit' });
  await page.locator('main h1').waitFor({ state: 'visible' });
  const drawn = since();
  // Playwright sees the heading once it is laid out; the paint itself may follow.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime / 1000);
  const count = page.getByTestId('cart-count');
  const add = page.getByRole('button', { name: 'Add to gift bag' }).first();
  await add.waitFor({ state: 'visible' });
  await clickUntil(
    page,
    () => add.click({ timeout: 1_000 }),
    async () => (await count.innerText().catch(() => '')) === '1',
  );
  const working = since();
  await page.getByRole('link', { name: /Gift bag, 1 item/ }).click();
  await page.getByRole('link', { name: /Proceed to checkout/ }).click();
  const pay = page.getByRole('button', { name: /^Pay ₦/ }).first();
  await pay.waitFor({ state: 'visible' });
  await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('button')].find((b) => /^Pay ₦/.test(b.textContent ?? ''));
      return button && !button.hasAttribute('aria-disabled');
    },
    undefined,
    { polling: 50 },
  );
  const payment = since();
  await context.close();
  return { fcp, drawn, working, payment };
}

export async function slowNetworkSection() {
  const demo = await startDemoServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    console.log(
      `\nSlow network: a visitor from a shared link to ${demo.recipientCampaign}, phone-sized Chromium with network emulation, no cache (s after the link is opened)`,
    );
    console.log(
      `${'line'.padEnd(34)} ${'FCP'.padStart(6)} ${'drawn'.padStart(6)} ${'Add works'.padStart(10)} ${'payment step'.padStart(13)}`,
    );
    for (const line of LINES) {
      const r = await journey(browser, demo.baseUrl, demo.recipientCampaign, line);
      const label = `${line.name} (${line.downKbit}/${line.upKbit} kbit/s, ${line.latencyMs} ms)`;
      console.log(
        `${label.padEnd(34)} ${r.fcp.toFixed(2).padStart(6)} ${r.drawn.toFixed(2).padStart(6)} ${r.working.toFixed(2).padStart(10)} ${r.payment.toFixed(2).padStart(13)}`,
      );
      if (line.targets)
        console.log(
          `  targets on ${line.name}: drawn within ${line.targets[0]} s, working within ${line.targets[1]} s, payment step within ${line.targets[2]} s`,
        );
    }
    console.log(
      '  drawn: the h1 visible; Add works: a click on Add to gift bag shows 1 in the bag; payment step: the checkout page with its Pay button ready',
    );
  } finally {
    await browser.close();
    await demo.stop();
  }
}
