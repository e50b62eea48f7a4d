import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { buildApp, type App } from '../server/app';
import type { AppDeps } from '../server/deps';
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { createJobQueue, type JobQueue } from '../server/jobs/queue';
import { createSmtpMailer } from '../server/providers/mail/mail';
import { openTestDatabase, testConfig } from '../server/test/harness';
import { startSmtpCatcher } from '../server/test/smtp';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM } from './chromium';
import { WAIT_MS } from './waits';

export type E2E = {
  app: App;
  database: Database;
  browser: Browser;
  baseURL: string;
  /**
   * A fresh browser context (own storage) and page; theme 'dark' stores the dark-mode setting first.
   * The service worker is blocked unless `serviceWorkers` is 'allow' (e2e/offline.e2e.ts), so other
   * journeys see the network as the server answers it.
   */
  newPage(options?: {
    theme?: 'light' | 'dark';
    width?: number;
    serviceWorkers?: 'allow' | 'block';
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
};

let launched: Promise<Browser> | undefined;

/**
 * One Chromium for every journey file the worker runs (the worker keeps its modules from one file to
 * the next: vitest.e2e.config.ts). Each journey still gets a context of its own, with its own storage,
 * cache and service workers. Launching a browser takes seconds on a busy machine; Playwright ends this
 * one when the worker exits.
 */
function sharedBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: JOURNEY_CHROMIUM, args: CHROMIUM_ARGS }).then((browser) => {
    browser.on('disconnected', () => (launched = undefined));
    return browser;
  });
  launched.catch(() => (launched = undefined));
  return launched;
}

export async function startE2E(deps: Partial<AppDeps> = {}, overrides: Partial<Config> = {}): Promise<E2E> {
  const webDistDir = path.resolve('dist/web');
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('dist/web is missing: run `npx vite build` first (npm run test:e2e does).');
  }
  // The browser launches (in the first file) while the database is restored.
  const browserReady = sharedBrowser();
  const database = await openTestDatabase();
  const queue = createJobQueue(database, { pollingSeconds: 0.5, fastRetries: true, log: () => undefined });
  // Starting the queue makes a table per kind of job; on a busy machine that outlasts the 10 s Fastify
  // allows an onReady hook. The app's hook only begins it; the harness waits for it, under the hook
  // time-out of the test file.
  let starting: Promise<void> = Promise.resolve();
  const jobs: JobQueue = {
    ...queue,
    start() {
      starting = queue.start();
      starting.catch(() => undefined);
      return Promise.resolve();
    },
  };
  const app = await buildApp(testConfig({ webDistDir, ...overrides }), {
    db: database.db,
    jobs,
    mailer: { description: 'discarded', send: async () => undefined },
    ...deps,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await starting;
  const { port } = app.server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await browserReady;
  const contexts: BrowserContext[] = [];

  return {
    app,
    database,
    browser,
    baseURL,
    async newPage({ theme = 'light', width = 1280, serviceWorkers = 'block' } = {}) {
      const context = await browser.newContext({
        baseURL,
        serviceWorkers,
        viewport: { width, height: 900 },
        colorScheme: theme,
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      // A journey's pages close when it ends: a page left open goes on drawing, polling and running its
      // timers, and a file's worth of them took more of the machine than the journey under way.
      // Opened outside a journey (in beforeAll), a context lasts until the app closes.
      try {
        onTestFinished(() => context.close().catch(() => undefined));
      } catch {
        // Not inside a journey.
      }
      // Locator waits and actions, and page loads, allow for a busy machine (e2e/waits.ts).
      context.setDefaultTimeout(WAIT_MS);
      context.setDefaultNavigationTimeout(WAIT_MS);
      await context.addInitScript((dark: boolean) => {
        if (localStorage.getItem('darkMode') === null) localStorage.setItem('darkMode', String(dark));
      }, theme === 'dark');
      const page = await context.newPage();
      trackTraffic(page);
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text())) problems.push(msg.text());
      });
      page.on('pageerror', (err) => problems.push(err.message));
      (page as Page & { problems: string[] }).problems = problems;
      servedBy.set(page, app);
      return { context, page };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await app.close();
      await database.close();
    },
  };
}

const servedBy = new WeakMap<Page, App>();

/** The app a page was opened on (`newPage`): the server its sign-ins reach. */
export function appOf(page: Page): App {
  const app = servedBy.get(page);
  if (!app) throw new Error('The page was not opened with newPage.');
  return app;
}

/** Page errors and CSP refusals seen so far on this page. */
export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/**
 * Turns dark mode on or off with the site's own Dark mode toggle, as a visitor would, and waits for the
 * page to follow. Setting the class behind the app's back would race its own theme, which puts back
 * the stored setting whenever the header draws it again.
 */
export async function setDarkMode(page: Page, dark: boolean): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
}

/** Runs axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    // Axe judges colours as they settle: just after a theme change, elements with a colour
    // transition are still part-way between light and dark, and on a busy machine a transition may
    // begin a frame after the change (a table's header can be read in the light theme's colour on
    // the dark theme's background). Frames pass until none is running.
    for (let round = 0; round < 10; round++) {
      await frames();
      const running = document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState !== 'finished');
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    // Axe judges the page from its top: mid-scroll, the sticky header passes over whatever link is
    // beneath it at that moment, which axe's target-size rule would count against that link.
    const scrolled = window.scrollY;
    if (scrolled) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      await frames();
    }
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    if (scrolled) {
      window.scrollTo({ top: scrolled, behavior: 'instant' });
      await frames();
    }
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
    }));
  });
  expect(violations, `axe violations on ${label}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Waits until the page's data has loaded: its requests done, then no loading messages left. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await networkQuiet(page);
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? 'Loading'));
}

/**
 * How long the page must go without a request in flight to count as quiet. Playwright's 'networkidle'
 * waits a fixed 500 ms after the last one, which on a run of journeys came to minutes of waiting; a
 * data fetch that starts later than this still shows its loading message, which `settle` waits out.
 */
const QUIET_MS = 150;

type Traffic = { inFlight: number; lastActivity: number };
const traffic = new WeakMap<Page, Traffic>();

/** Counts a page's requests in flight from its first one (`newPage` calls it before any load). */
function trackTraffic(page: Page): void {
  const seen: Traffic = { inFlight: 0, lastActivity: performance.now() };
  traffic.set(page, seen);
  const begin = () => {
    seen.inFlight += 1;
    seen.lastActivity = performance.now();
  };
  const end = () => {
    seen.inFlight = Math.max(0, seen.inFlight - 1);
    seen.lastActivity = performance.now();
  };
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
}

async function networkQuiet(page: Page): Promise<void> {
  const seen = traffic.get(page);
  if (!seen) return page.waitForLoadState('networkidle');
  const giveUp = performance.now() + WAIT_MS;
  while (seen.inFlight > 0 || performance.now() - seen.lastActivity < QUIET_MS) {
    if (performance.now() > giveUp) throw new Error(`The page still had ${seen.inFlight} requests in flight.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Where focus is, as a screen reader user would find it: on the page itself (`body`, which leaves
 * them nowhere), on a form's error summary (the element `<Form>` focuses, holding the alert headed
 * `title`), on the first invalid field of the focused element's form, or elsewhere.
 */
export function focusPlace(page: Page, title = 'There is a problem'): Promise<string> {
  return page.evaluate((title) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    const heading = el.querySelector(':scope > h2');
    if (el.parentElement?.tagName === 'FORM' && heading?.textContent?.trim() === title) return 'summary';
    if (el.closest('form')?.querySelector('[aria-invalid="true"]') === el) return 'first invalid field';
    return `elsewhere: <${el.tagName.toLowerCase()}> "${el.innerText?.trim().slice(0, 60) ?? ''}"`;
  }, title);
}

/**
 * Expects focus on a form's error summary after a refused submit, and still there once the page has
 * drawn its next frames (focus that lands and then falls to the page is the failure this catches).
 * Returns the summary's text, to check what it says.
 */
export async function expectFocusOnErrorSummary(page: Page, title = 'There is a problem'): Promise<string> {
  await expect.poll(() => focusPlace(page, title), { message: 'focus on the error summary' }).toBe('summary');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
  expect(await focusPlace(page, title), 'focus stays on the error summary').toBe('summary');
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  return page.evaluate(() => (document.activeElement as HTMLElement).innerText);
}

/** Presses Tab until the focused element matches, failing after `max` presses. */
export async function tabTo(
  page: Page,
  matches: (el: { text: string; role: string | null; tag: string; label: string | null }) => boolean,
  { max = 40, backwards = false } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        text: (el?.innerText ?? '').trim(),
        role: el?.getAttribute('role') ?? null,
        tag: el?.tagName.toLowerCase() ?? '',
        label: el?.getAttribute('aria-label') ?? null,
      };
    });
    if (matches(info)) return;
  }
  throw new Error('Could not reach the wanted element with the Tab key.');
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** A server whose mail goes over real SMTP to a catcher on loopback, so journeys can read codes and links. */
export async function startE2EWithMail(): Promise<{ e2e: E2E; smtp: SmtpCatcher; close(): Promise<void> }> {
  const caught = await startSmtpCatcher();
  // Mail is sent from the job queue: on a busy machine it may take as long as any other wait.
  const smtp: SmtpCatcher = {
    ...caught,
    waitFor: (address, matches, options) => caught.waitFor(address, matches, { timeoutMs: WAIT_MS, ...options }),
  };
  const e2e = await startE2E({ mailer: createSmtpMailer(smtp.url, 'Gift of Independence <no-reply@example.org>') });
  return {
    e2e,
    smtp,
    async close() {
      await e2e.close();
      await smtp.close();
    },
  };
}
