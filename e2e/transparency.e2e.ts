import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '@contract/money';
import type { Transparency } from '@contract/transparency';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { path, press } from './keyboard';
import { JOURNEY_MS } from './waits';

let e2e: E2E;
let ledger: Transparency;

beforeAll(async () => {
  e2e = await startE2E();
  ledger = (await e2e.app.inject({ method: 'GET', url: '/api/transparency' })).json() as Transparency;
});
afterAll(() => e2e?.close());

/** True once React has taken over the element (hydrated it, or drawn it itself). */
const hydrated = (page: import('playwright-core').Page, selector: string) =>
  page.evaluate(
    (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );

const noSidewaysScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the public ledger', () => {
  it(
    'is reached from the footer by keyboard and its tables hold the API figures',
    { timeout: JOURNEY_MS },
    async () => {
      const { page } = await e2e.newPage();
      await page.goto('/about');
      await settle(page);
      await press(page, page.getByRole('contentinfo').getByRole('link', { name: 'Public Ledger' }));
      await expect.poll(() => path(page)).toBe('/transparency');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Public Ledger');
      await settle(page);
      // Focus is kept on the page, never dropped to the body.
      expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

      const figure = (label: string) =>
        page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
      expect(await figure('Money raised for campaigns').textContent()).toBe(formatNaira(ledger.money.raised_kobo));
      expect(await figure('Devices funded').textContent()).toBe(String(ledger.devices.funded));

      const months = page.getByRole('table', { name: /last 12 months/ });
      const monthRows = months.locator('tbody tr');
      expect(await monthRows.count()).toBe(12);
      const lastMonth = ledger.by_month.at(-1)!;
      expect(await monthRows.last().locator('td').first().textContent()).toBe(formatNaira(lastMonth.raised_kobo));
      expect(await months.locator('th[scope="col"]').allTextContents()).toEqual(['Month', 'Money raised', 'Gifts']);

      const statuses = page.getByRole('table', { name: /Campaigns the public can see/ });
      const counts = (await statuses.locator('tbody td').allTextContents()).map(Number);
      expect(counts).toEqual(ledger.campaigns_by_status.map((s) => s.count));
      // The charts are drawn for the eye; screen readers read the tables.
      const drawn = page.locator('main svg');
      expect(await drawn.count()).toBeGreaterThan(0);
      expect(await page.locator('main [aria-hidden="true"] svg, main svg[aria-hidden="true"]').count()).toBe(
        await drawn.count(),
      );
      expect(pageProblems(page)).toEqual([]);
    },
  );

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations and fits 320 px (${theme})`, { timeout: JOURNEY_MS }, async () => {
      const { page } = await e2e.newPage({ theme, width: 320 });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto('/transparency');
      await settle(page);
      await expect.poll(() => page.getByRole('table').count()).toBe(4);
      // A light page (decision 0058): its header comes to life, its tables stay as the server drew
      // them, and no script of the app's is loaded; a mismatch in an island would be logged as an error.
      await expect.poll(() => hydrated(page, 'header button[aria-pressed]')).toBe(true);
      expect(await hydrated(page, 'main h1')).toBe(false);
      expect(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => /\/assets\/start-app-/.test(path)),
        ),
      ).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, `/transparency (${theme}, 320 px)`);
      expect(errors).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it('the home page offers the computed figures and the way to the ledger', { timeout: JOURNEY_MS }, async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    const recorded = page.getByRole('heading', { name: 'Figures from our records' });
    await recorded.waitFor();
    const section = page.locator('section', { has: recorded });
    await expect.poll(() => section.getByText(formatNaira(ledger.money.raised_kobo), { exact: true }).count()).toBe(1);
    await press(page, section.getByRole('link', { name: 'See the full ledger' }));
    await expect.poll(() => path(page)).toBe('/transparency');
  });
});
