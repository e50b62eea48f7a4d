import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { isFocused, path, signIn, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** Every entry in every cache the page's origin holds: its address and whether its request carried a token. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const entries: Array<{ cache: string; path: string; authorized: boolean }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        entries.push({
          cache: name,
          path: url.pathname + url.search,
          authorized: request.headers.has('authorization'),
        });
      }
    }
    return entries;
  });

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('the offline shell', () => {
  it(
    'keeps seen public pages, never a signed-in page or a private reply, and shows the offline page for the rest',
    { timeout: LONG_JOURNEY_MS },
    async () => {
      const { context, page } = await e2e.newPage({ serviceWorkers: 'allow' });
      await page.goto('/');
      await settle(page);
      // The worker takes charge of the first page after it has loaded, and keeps that page too.
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expect.poll(async () => (await cached(page)).some((entry) => entry.path === '/')).toBe(true);
      await page.goto('/campaigns');
      await settle(page);
      await expect.poll(async () => (await cached(page)).some((entry) => entry.path === '/campaigns')).toBe(true);

      // A new version taking over is said politely without moving focus, is dismissed by keyboard,
      // and the next link followed loads in full.
      const lastLink = page.getByRole('contentinfo').getByRole('link').last();
      await lastLink.focus();
      await page.evaluate(() => navigator.serviceWorker.dispatchEvent(new Event('controllerchange')));
      const notice = page.getByRole('region', { name: 'Site update' });
      await expect
        .poll(() => notice.getByRole('status').textContent())
        .toBe('This site has been updated. The next page you open will use the new version.');
      expect(await isFocused(lastLink), 'the notice leaves focus where it was').toBe(true);
      await expectNoAxeViolations(page, 'the campaign list with the update notice');
      await tabTo(page, notice.getByRole('button', { name: 'Dismiss' }), 5);
      await page.keyboard.press('Enter');
      await expect.poll(() => notice.count()).toBe(0);
      expect(await isFocused(lastLink), 'focus goes back where it was before the notice').toBe(true);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.getByRole('banner').getByRole('link', { name: 'Gift of Independence' }).click();
      await expect.poll(() => path(page)).toBe('/');
      expect(await page.evaluate(() => 'sameDocument' in window), 'a full page load').toBe(false);
      await settle(page);

      // Signed in, an area page loaded in full and the session's private replies.
      await signIn(page, demoAccounts.recipient.email, DEMO_PASSWORD);
      await expect.poll(() => path(page)).toMatch(/^\/(?:recipient|onboarding)/);
      await page.goto('/recipient/profile');
      await settle(page);
      const me = await page.evaluate(async () => {
        const response = await fetch('/api/auth/me', {
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
        });
        return response.status;
      });
      expect(me).toBe(200);

      const entries = await cached(page);
      expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/', '/campaigns']));
      const forbidden = entries.filter(
        (entry) =>
          entry.authorized ||
          /^\/(?:api|recipient|organization|admin|donor|caseworker|onboarding|login|cart|checkout|receipts)(?:\/|$|\?)/.test(
            entry.path,
          ),
      );
      expect(forbidden, 'nothing private in any cache').toEqual([]);

      await context.setOffline(true);
      // A public page seen before opens without the network.
      // (What the app then does without a network is the session's business: the page itself is read
      // as the worker answered it.)
      const seen = await page.goto('/campaigns');
      expect(seen?.fromServiceWorker()).toBe(true);
      expect(seen?.status()).toBe(200);
      expect(await seen?.text()).toMatch(/<h1[^>]*>All Campaigns<\/h1>/);
      // The signed-in area's page was never kept: the offline page answers instead.
      await page.goto('/recipient/profile');
      await expect.poll(() => heading(page)).toBe('You Are Offline');
      // So does a public page never seen; it reads well in both themes.
      await page.goto('/about');
      await expect.poll(() => heading(page)).toBe('You Are Offline');
      expect(await page.getByRole('link', { name: 'Go to the Home Page' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('banner').count()).toBe(1);
      await expectNoAxeViolations(page, 'the offline page, light');
      await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await expectNoAxeViolations(page, 'the offline page, dark');
      expect(pageProblems(page)).toEqual([]);
    },
  );
});
