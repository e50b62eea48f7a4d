import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { selectRows } from '../server/db/client';
import { encodeSizes, writeAll } from '../server/modules/uploads/accept-upload';
import { createRecipientCampaign } from '../server/test/fixtures';
import {
  expectFocusOnErrorSummary,
  expectNoAxeViolations,
  pageProblems,
  settle,
  startE2E,
  tabTo,
  type E2E,
} from './harness';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
let recipientId: number;
let orgId: number;
let fundedOrgId: number;

beforeAll(async () => {
  e2e = await startE2E();
  const [r] = await selectRows<{ id: number }>(
    e2e.database.db,
    sql`select c.id from recipient_campaigns c join users u on u.id = c.recipient_id where u.first_name = 'Amina'`,
  );
  const [o] = await selectRows<{ id: number }>(
    e2e.database.db,
    sql`select id from organization_campaigns where status = 'partially_fulfilled' limit 1`,
  );
  const [f] = await selectRows<{ id: number }>(
    e2e.database.db,
    sql`select id from organization_campaigns where status = 'fulfilled' limit 1`,
  );
  recipientId = Number(r!.id);
  orgId = Number(o!.id);
  fundedOrgId = Number(f!.id);
});
afterAll(() => e2e?.close());

const mainText = (page: Page) => page.locator('main').innerText();

type PageCheck = { path: string; title: RegExp; texts: Array<string | RegExp> };

const publicPages = (): PageCheck[] => [
  {
    path: '/',
    title: /^Gift of Independence$/,
    texts: [
      'Give the Gift of Independence',
      'Featured Campaigns',
      'Success Stories',
      'Our Impact at a Glance',
      'Every gift contributes to a growing movement of empowerment and accessibility.',
      'Devices Funded',
      '214+',
    ],
  },
  {
    path: '/campaigns',
    title: /All Campaigns/,
    texts: ['All Campaigns', 'Orbit Reader 20 Braille Display', 'Lagos School for the Blind'],
  },
  {
    path: `/campaigns/${recipientId}`,
    title: /Orbit Reader 20 Braille Display for Amina Y\./,
    texts: ['₦850,000', 'Why Amina needs it', 'Donate now', 'Add to gift bag'],
  },
  {
    path: `/campaigns/org-${orgId}`,
    title: /Lagos School for the Blind/,
    texts: ['Total needed', 'Units funded', '25 of 60', 'Specifications', 'Units to give'],
  },
  { path: `/campaigns/org-${fundedOrgId}`, title: /DAISY/, texts: ['This campaign has been fully funded.'] },
  // Drawn by the server at its bare address (decision 0057), then brought to life.
  { path: '/search', title: /Search Campaigns/, texts: ['Search Campaigns', 'Search by device, name or reason'] },
  {
    path: '/search?q=braille',
    title: /Search results for braille/,
    texts: ['Search Campaigns', /results? for “braille”/],
  },
  {
    path: '/about',
    title: /About Us/,
    texts: ['Our Mission', 'Our Vision', 'Our Approach', 'Join Our Mission', 'View Active Campaigns'],
  },
  { path: '/how-it-works', title: /How It Works/, texts: ['For Recipients', 'For Donors'] },
  { path: '/help', title: /Help Center/, texts: ['Help Center', 'Contact Us'] },
  { path: '/supported-states', title: /Supported States/, texts: ['Lagos', 'Ogun', 'Oyo', 'Osun', 'Kwara'] },
  {
    path: '/transparency',
    title: /Public Ledger/,
    texts: ['Public Ledger', 'Money and gifts', 'Devices', 'Gifts by month', 'Campaigns by status'],
  },
  {
    path: '/fund',
    title: /The Independence Fund/,
    texts: ['The Independence Fund', 'How the fund gives', 'waits for its next whole device', 'Monthly donors'],
  },
  { path: '/organizations', title: /Organizations/, texts: ['Coming Soon'] },
  { path: '/terms-of-service', title: /Terms of Service/, texts: ['August 31, 2025', 'non-refundable'] },
  { path: '/privacy-policy', title: /Privacy Policy/, texts: ['August 31, 2025'] },
  { path: '/receipts', title: /Get Your Receipts Again/, texts: ['Get Your Receipts Again', 'Email My Receipts'] },
  { path: '/no-such-page', title: /Page Not Found/, texts: ['Page Not Found'] },
  { path: '/login', title: /Sign In/, texts: ['Back to Home'] },
];

describe('public pages', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`render their texts with one h1 and no axe violations (${theme})`, { timeout: LONG_JOURNEY_MS }, async () => {
      const { page } = await e2e.newPage({ theme });
      for (const check of publicPages()) {
        await page.goto(check.path);
        await settle(page);
        await expect.poll(() => page.title(), { message: check.path }).toMatch(check.title);
        const text = await page.locator('body').innerText();
        for (const t of check.texts) {
          if (typeof t === 'string') expect(text, `${check.path} shows "${t}"`).toContain(t);
          else expect(text, `${check.path} shows ${t}`).toMatch(t);
        }
        expect(await page.locator('h1').count(), `${check.path} has one h1`).toBe(1);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        await expectNoAxeViolations(page, `${check.path} (${theme})`);
      }
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it('shows "Campaign not found." for a hidden or unknown campaign', async () => {
    const { page } = await e2e.newPage();
    const [pending] = await selectRows<{ id: number }>(
      e2e.database.db,
      sql`select id from recipient_campaigns where status = 'pending' limit 1`,
    );
    await page.goto(`/campaigns/${pending!.id}`);
    await settle(page);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Error');
    expect(await page.getByRole('alert').innerText()).toBe('Campaign not found.');
    await page.goto('/campaigns/org-99999');
    await settle(page);
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Organization campaign not found.');
  });
});

describe('campaign journeys', () => {
  it('goes from the list to a campaign and back', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/campaigns');
    await settle(page);
    await page.getByRole('link', { name: /Orbit Reader 20 Braille Display for Amina Y\./ }).click();
    await expect.poll(() => page.url()).toContain(`/campaigns/${recipientId}`);
    await settle(page);
    await expect.poll(() => page.locator('h1').innerText()).toContain('Amina Y.');
    // Focus moved to the new page's heading and the page was announced.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('Amina Y.');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
    await expect.poll(() => page.locator('h1').innerText()).toBe('All Campaigns');
  });

  it('keeps the old page, its focus and its address until the next page can show, and the scroll place on back', async () => {
    const { page } = await e2e.newPage({ width: 1280 });
    await page.goto('/');
    await settle(page);
    // The About page's code is held back until the old page has been looked at.
    let asked = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/about-page-[^/]+\.js$/, async (route: Route) => {
      asked = true;
      await gate;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).focus();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.keyboard.press('Enter');
    // The navigation has begun: it waits for the page's code.
    await expect.poll(() => asked).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('h1').innerText()).toBe('Give the Gift of Independence');
    expect(await page.locator('main').innerText()).not.toContain('Loading');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About Us');
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await expect.poll(() => page.locator('h1').innerText()).toBe('About Us');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('About Us');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Give the Gift of Independence');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps the organization quantity stepper within 1 and the units remaining, at most one payment’s worth', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`/campaigns/org-${orgId}`);
    await settle(page);
    const input = page.getByRole('textbox', { name: 'Units to give' });
    const decrease = page.getByRole('button', { name: /Decrease/ });
    const increase = page.getByRole('button', { name: /Increase/ });
    expect(await input.inputValue()).toBe('1');
    expect(await decrease.isDisabled()).toBe(true);
    await input.fill('500');
    await input.press('Tab');
    // 35 units remain, and one payment holds at most 20 of them; the field says so.
    await expect.poll(() => input.inputValue()).toBe('20');
    expect(await increase.isDisabled()).toBe(true);
    expect(await page.locator('main').innerText()).toContain('One payment can include at most 20 units.');
    await input.fill('0');
    await input.press('Tab');
    await expect.poll(() => input.inputValue()).toBe('1');
    await increase.click();
    await expect.poll(() => input.inputValue()).toBe('2');
    // Home and End go to the limits; each new value is spoken while focus is in the field.
    await input.focus();
    await page.keyboard.press('End');
    await expect.poll(() => input.inputValue()).toBe('20');
    const spoken = page.locator('main [aria-live="assertive"]');
    await expect.poll(() => spoken.innerText()).toBe('20');
    await page.keyboard.press('Home');
    await expect.poll(() => input.inputValue()).toBe('1');
    await expect.poll(() => spoken.innerText()).toBe('1');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => input.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add to gift bag' }).click();
    await expect.poll(() => page.getByRole('link', { name: /Gift bag, 2 items/ }).count()).toBe(1);
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('added to your gift bag');
  });

  it('loads more campaigns with a button, keeping newest first across both kinds', async () => {
    await e2e.database.db.execute(sql`
      insert into recipient_campaigns (recipient_id, product_id, price_kobo, reason, status, units_fulfilled, amount_raised_kobo, created_at, search_text)
      select (select id from users where email = 'amina.yusuf@example.com'), (select min(id) from products), 4500000,
             'Extra campaign number ' || g || ' needs a cane to walk to school.', 'purchased', 1, 4500000,
             now() - (g || ' hours')::interval - interval '30 days', 'extra'
        from generate_series(1, 30) g`);
    const { page } = await e2e.newPage();
    await page.goto('/campaigns');
    await settle(page);
    const cards = page.locator('main ul[aria-label="Campaigns"] > li');
    const before = await cards.count();
    expect(before).toBeGreaterThanOrEqual(24);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    // Focus moves to the first new card (the button is gone: that was the last page), and the count is said.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li') !== null)).toBe(true);
    const firstNew = await cards.nth(before).innerText();
    expect(firstNew).toContain(
      await page.evaluate(() => (document.activeElement as HTMLElement).innerText.split('\n')[0]!.trim()),
    );
    await expect.poll(() => page.locator('#route-announcer').innerText()).toMatch(/\d+ more campaigns loaded\./);
    await expect.poll(() => loadMore.count()).toBe(0);
    const total = await cards.count();
    expect(total).toBe(10 + 4 + 30);
  });

  it('searches from the search page; a blank query does nothing', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/search');
    await settle(page);
    const box = page.getByRole('searchbox', { name: /Search by device, name or reason/ });
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).search).toBe('');
    await box.fill('smrt cane');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('smrt cane');
    await settle(page);
    await expect.poll(() => page.locator('main').innerText()).toContain('WeWALK Smart Cane');
    // The box keeps the query the results are for, also once the app has taken the page over.
    expect(await box.inputValue()).toBe('smrt cane');
    await box.fill('xylophone quartz');
    await box.press('Enter');
    await expect.poll(() => mainText(page)).toContain('No campaigns found matching your search.');
    // Back to the earlier results: the box follows.
    await page.goBack();
    await expect.poll(() => box.inputValue()).toBe('smrt cane');
  });

  it('a light page reached by back or forward from a page the app showed loads that page', async () => {
    const { page } = await e2e.newPage({ width: 1280 });
    await page.goto('/about');
    await settle(page);
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL('**/campaigns');
    // The tab is reloaded on the campaign list, a light page; back goes to the about page.
    await page.reload();
    await settle(page);
    await page.goBack();
    await expect.poll(() => page.locator('main h1').innerText()).toBe('About Us');
    expect(pageProblems(page)).toEqual([]);
  });

  it('moves through success stories with wrap-around', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await settle(page);
    const position = page.getByTestId('story-position');
    await expect.poll(() => position.innerText()).toBe('1 / 3');
    await page.getByRole('button', { name: 'Previous story' }).click();
    await expect.poll(() => position.innerText()).toBe('3 / 3');
    await page.getByRole('button', { name: 'Next story' }).click();
    await expect.poll(() => position.innerText()).toBe('1 / 3');
    await page.getByRole('button', { name: 'Next story' }).press('Enter');
    await expect.poll(() => position.innerText()).toBe('2 / 3');
  });
});

describe('header', () => {
  it('remembers dark mode across a reload', async () => {
    const { page } = await e2e.newPage({ theme: 'light' });
    await page.goto('/about');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('works with the keyboard alone: skip link, main navigation and toggles', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await settle(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    await page.goto('/');
    await settle(page);
    await tabTo(page, (el) => el.text === 'Page sounds');
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: 'Page sounds' }).getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, (el) => el.tag === 'a' && el.text === 'Campaigns');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('All Campaigns');
    // Focus now sits on the page heading; the header is behind it.
    await tabTo(page, (el) => el.tag === 'a' && el.text === 'About Us', { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('About Us');
    await tabTo(page, (el) => el.tag === 'a' && el.text === 'Start a Gift Campaign', { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });

  it('turns solid after 10 px of scroll', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await settle(page);
    const header = page.locator('header').first();
    expect(await header.getAttribute('data-solid')).toBe('false');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.getAttribute('data-solid')).toBe('true');
  });

  it('collapses the navigation into a menu button on narrow screens', async () => {
    const { page } = await e2e.newPage({ width: 320 });
    await page.goto('/');
    await settle(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await expectNoAxeViolations(page, '/about at 320 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

describe('money at 320 px', () => {
  it('keeps every amount on an organization campaign page inside a 320 px screen', async () => {
    const rows = await selectRows<{ id: number }>(
      e2e.database.db,
      sql`select id from organization_campaigns order by total_price_kobo desc limit 3`,
    );
    const { page } = await e2e.newPage({ width: 320 });
    for (const { id } of rows) {
      await page.goto(`/campaigns/org-${id}`);
      await settle(page);
      const report = await page.evaluate(() => ({
        sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cut: [...document.querySelectorAll('main dd')]
          .filter(
            (dd) =>
              dd.getBoundingClientRect().right > document.documentElement.clientWidth ||
              dd.scrollWidth > dd.clientWidth + 1,
          )
          .map((dd) => dd.textContent),
      }));
      expect(report, `org-${id}`).toEqual({ sideways: 0, cut: [] });
    }
  });
});

describe('help center', () => {
  it('requires all four contact fields, lists what is missing in a focused summary that leads to each field', async () => {
    const { page } = await e2e.newPage();
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '');
    await page.goto('/help');
    await settle(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectFocusOnErrorSummary(page);
    for (const message of [
      'Enter your full name.',
      'Enter your email address.',
      'Enter a subject.',
      'Enter your message.',
    ]) {
      expect(await focused()).toContain(message);
    }
    await page.getByRole('link', { name: 'Enter your full name.' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    const name = page.getByRole('textbox', { name: 'Full name' });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await name.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Enter your full name.');
    for (const label of ['Email', 'Subject', 'Message']) {
      expect(await page.getByRole('textbox', { name: label }).getAttribute('aria-invalid'), label).toBe('true');
    }
    await expectNoAxeViolations(page, '/help with errors');
    await name.fill('Chiamaka Eze');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Pickup question');
    await page.getByRole('textbox', { name: 'Message' }).fill('When can I collect the device?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await expectFocusOnErrorSummary(page)).toContain('Enter an email address in the format name@example.com.');
    // Fixed fields leave the summary; only the email is still listed.
    expect(await focused()).not.toContain('Enter your full name.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.getByRole('textbox', { name: 'Email' }).fill('chiamaka@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Your email app should now open' }).count())
      .toBe(1);
  });
});

/** Counts layout shifts (the Layout Instability API behind CLS) and CSP refusals, including a caught eval. */
async function watchShiftsAndCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; csp: string[] };
    w.shifts = 0;
    w.csp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('securitypolicyviolation', (e) => w.csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

/** True once React has taken over the element (hydrated it, or drawn it itself). */
const hydrated = (page: Page, selector: string) =>
  page.evaluate(
    (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );

/** A light page's islands have come to life (decision 0058): the header's toggles answer. */
const islandsAlive = (page: Page) => hydrated(page, 'header button[aria-pressed]');

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
const cspOf = (page: Page) => page.evaluate(() => (window as unknown as { csp: string[] }).csp);

/** Holds the matching API replies until `release` is called, so a test can look at the loading state. */
async function holdApi(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const box = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return {
      top: r.top + window.scrollY,
      left: r.left,
      width: r.width,
      height: r.height,
      viewport: window.innerHeight,
    };
  }, selector);

describe('for crawlers and slow phones', () => {
  it('serves robots.txt and a sitemap of the public pages and campaigns', async () => {
    const { page } = await e2e.newPage();
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const port = new URL(e2e.baseURL).port;
    expect(await robots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: http://localhost:${port}/sitemap.xml\n`);

    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const paths = [...(await sitemap.text()).matchAll(/<loc>http:\/\/localhost:(\d+)([^<]*)<\/loc>/g)].map((m) => {
      expect(m[1]).toBe(port);
      return m[2]!;
    });
    expect(paths).toContain(`/campaigns/${recipientId}`);
    expect(paths).toContain(`/campaigns/org-${orgId}`);
    expect(paths).toContain(`/campaigns/org-${fundedOrgId}`);
    // Every other address is a page the public pages test above finds with its own content.
    const checked = publicPages().map((p) => p.path);
    for (const path of paths.filter((p) => !p.startsWith('/campaigns/'))) expect(checked, path).toContain(path);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the footer below the fold and everything in place while the campaign list loads slowly (${theme})`, async () => {
      const { page } = await e2e.newPage({ theme, width: 390 });
      await watchShiftsAndCsp(page);
      // A visitor arriving at /campaigns gets it drawn with its cards (decision 0022); the list loads
      // in the browser when they come from another page of the site (the home page hands over to the
      // app on the click, decision 0058).
      await page.goto('/');
      await expect.poll(() => islandsAlive(page)).toBe(true);
      const release = await holdApi(page, /\/api\/(campaigns|org-campaigns\/active)\?/);
      await page.getByRole('link', { name: 'Give a gift' }).click();
      await expect.poll(() => page.getByText('Loading campaigns...').count()).toBe(1);
      // Seen as well as heard, and heard once: the words are the only text of the one status region.
      expect(await page.getByText('Loading campaigns...').isVisible()).toBe(true);
      expect(await page.locator('main [role="status"]').first().innerText()).toBe('Loading campaigns...');
      const footerWhileLoading = await box(page, 'footer');
      // Out of sight, so it cannot jump in front of the visitor when the cards arrive.
      expect(footerWhileLoading.top).toBeGreaterThanOrEqual(footerWhileLoading.viewport);
      const outline = await box(page, 'main [role="status"] [aria-hidden="true"]');
      const heading = await box(page, 'main h1');
      await expectNoAxeViolations(page, `/campaigns while loading (${theme})`);

      release();
      await settle(page);
      await expect.poll(() => page.locator('main ul[aria-label="Campaigns"] > li').count()).toBeGreaterThan(0);
      const card = await box(page, 'main ul[aria-label="Campaigns"] > li > article');
      expect(await box(page, 'main h1')).toEqual(heading);
      // The first card takes the outline's place and nearly its height.
      expect(card.top).toBeCloseTo(outline.top, 0);
      expect(card.width).toBeCloseTo(outline.width, 0);
      expect(Math.abs(card.height - outline.height) / card.height).toBeLessThan(0.15);
      expect(await shiftsOf(page)).toBeLessThan(0.05);
      // The first row's images are fetched at once, with their size known before they arrive.
      const image = page.locator('main ul[aria-label="Campaigns"] img').first();
      expect(await image.getAttribute('loading')).toBe('eager');
      expect(await image.getAttribute('fetchpriority')).toBe('high');
      expect(await image.getAttribute('width')).toBe('480');
      expect(
        await page.locator('main ul[aria-label="Campaigns"] > li').nth(5).locator('img').getAttribute('loading'),
      ).toBe('lazy');
      expect(await cspOf(page)).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it("holds the campaign page's space while its details load slowly, with no CSP refusal", async () => {
    const { page } = await e2e.newPage({ theme: 'dark', width: 390 });
    await watchShiftsAndCsp(page);
    // As above: the page loads its details in the browser when the visitor comes from the list.
    await page.goto('/campaigns');
    await expect.poll(() => islandsAlive(page)).toBe(true);
    const release = await holdApi(page, /\/api\/(campaigns|org-campaigns)\/\d+$/);
    await page.locator(`main a[href="/campaigns/org-${orgId}"]`).first().click();
    await expect.poll(() => page.getByText('Loading Campaign Details...').count()).toBe(1);
    expect(await page.getByText('Loading Campaign Details...').isVisible()).toBe(true);
    const footer = await box(page, 'footer');
    expect(footer.top).toBeGreaterThanOrEqual(footer.viewport);
    await expectNoAxeViolations(page, 'campaign page while loading (dark)');
    release();
    await settle(page);
    await expect.poll(() => page.locator('h1').innerText()).toContain('Lagos School for the Blind');
    const image = page.locator('main img').first();
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    expect(await shiftsOf(page)).toBeLessThan(0.05);

    await page.goto(`/campaigns/${recipientId}`);
    await settle(page);
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    expect(await cspOf(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('pages the server draws', () => {
  it('download no schema library and no signed-in area code on a visit (decision 0050)', async () => {
    // The gift bag is drawn by the app itself: its shell carries no schema library either, which only
    // pages with forms load.
    for (const address of ['/', '/campaigns', `/campaigns/${recipientId}`, `/campaigns/org-${orgId}`, '/cart']) {
      const { page } = await e2e.newPage();
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await page.goto(address, { waitUntil: 'networkidle' });
      await settle(page);
      const code = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
      // Zod names its error class in any build that carries it; the data section is the account page's.
      expect(code.filter((text) => text.includes('ZodError')).length, `${address} loads zod`).toBe(0);
      expect(code.filter((text) => text.includes('Download my data')).length, `${address} loads area code`).toBe(0);
      await page.context().close();
    }
  });

  it('come with every section they show, so the browser asks for no data while it brings them to life', async () => {
    for (const address of ['/', `/campaigns/${recipientId}`, `/campaigns/org-${orgId}`]) {
      const { page } = await e2e.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
      });
      await page.goto(address, { waitUntil: 'networkidle' });
      await settle(page);
      expect(asked, address).toEqual([]);
      // The home page's sections and the sections below a campaign are there at once, not loading.
      if (address !== '/') expect(await page.getByRole('heading', { name: 'Words of support' }).count()).toBe(1);
      expect(await page.getByText(/Loading/).count(), address).toBe(0);
      await page.context().close();
    }
  });

  it('arrive whole, readable with no script at all, with the data they were drawn with', async () => {
    // Markup and data make tens of kilobytes: they travel compressed.
    const reply = await fetch(`${e2e.baseURL}/campaigns`, { headers: { 'accept-encoding': 'br' } });
    expect(reply.headers.get('content-encoding')).toBe('br');
    expect(await reply.text()).toContain('<div id="root"><');
    const context = await e2e.browser.newContext({ baseURL: e2e.baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/campaigns/org-${orgId}`);
      expect(await page.locator('main h1').innerText()).toContain('Lagos School for the Blind');
      // The page's own title, the first thing a screen reader says on arriving.
      expect(await page.title()).toMatch(/Lagos School for the Blind.* \| Gift of Independence$/);
      expect(await page.getByRole('progressbar').first().getAttribute('aria-valuenow')).toMatch(/^\d+$/);
      expect(await page.locator('main picture img, main img').first().getAttribute('fetchpriority')).toBe('high');
      await page.goto('/campaigns');
      expect(await page.locator(`main a[href="/campaigns/${recipientId}"]`).count()).toBeGreaterThan(0);
      await page.goto('/');
      expect(await page.locator('main h1').innerText()).toBe('Give the Gift of Independence');
      // The search page is drawn at its bare address; with a query, its results are drawn by the browser.
      await page.goto('/search');
      expect(await page.locator('main h1').innerText()).toBe('Search Campaigns');
      expect(await page.getByRole('searchbox', { name: /Search by device, name or reason/ }).count()).toBe(1);
      await page.goto('/search?q=braille');
      expect(await page.locator('#root').innerHTML()).toBe('');
      await page.goto('/login');
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.title()).toMatch(/ \| Gift of Independence$/);
      // Pages that depend on the visitor (the gift bag) are drawn in the browser only.
      await page.goto('/cart');
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`a campaign page comes to life in its islands only: the reader's place and focus stay, the theme holds, nothing is fetched (${theme})`, async () => {
      const { page } = await e2e.newPage({ theme, width: 390 });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const apiCalls: string[] = [];
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) apiCalls.push(r.url());
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      // The islands' code is held back, so the drawn page can be used before it comes to life.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/light-[^/]+\.js$/, async (route: Route) => {
        await gate;
        await route.continue();
      });
      await page.goto(`/campaigns/${recipientId}`, { waitUntil: 'commit' });
      const heading = await page.waitForSelector('main h1');
      expect(await heading!.innerText()).toContain('Amina');
      const add = 'main [data-island="give-box"] button';
      expect(await hydrated(page, add)).toBe(false);
      // A keyboard user already on the page: focus on the first link of the main content.
      await page.locator('main a').first().focus();
      const focused = await page.evaluateHandle(() => document.activeElement);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');

      release();
      await expect.poll(() => hydrated(page, add)).toBe(true);
      await expect.poll(() => hydrated(page, 'header button[aria-pressed]')).toBe(true);
      await settle(page);
      // The very same elements, and focus where it was: nothing was drawn over the reader. The
      // reading matter stays as the server drew it, and the app's own code is not loaded.
      expect(await heading!.evaluate((el) => el.isConnected)).toBe(true);
      expect(await hydrated(page, 'main h1')).toBe(false);
      expect(await page.evaluate((el) => document.activeElement === el, focused)).toBe(true);
      expect(scripts.filter((path) => /\/assets\/(?:index|start-app)-/.test(path))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe(
        String(theme === 'dark'),
      );
      // The page came with its data, its updates and its words of support: the browser asks for none.
      expect(apiCalls).toEqual([]);
      expect(errors).toEqual([]);

      await page.getByRole('button', { name: 'Add to gift bag' }).click();
      await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('added to your gift bag');
      expect(await page.getByTestId('cart-count').innerText()).toBe('1');
      await page.getByRole('button', { name: 'Dark mode' }).click();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme !== 'dark');
      await page.getByRole('button', { name: 'Dark mode' }).click();
      await expectNoAxeViolations(page, `drawn campaign page after its islands came to life (${theme})`);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  /** The app's entry script (the build's entries.json), which a light page never loads. */
  const appEntry = `/${
    (
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../dist/web/entries.json'), 'utf8')) as {
        app: { script: string };
      }
    ).app.script
  }`;

  for (const theme of ['light', 'dark'] as const) {
    it(`the reading matter, the public ledger and receipts again are light pages with their landmarks, toggles and nothing for axe (${theme})`, async () => {
      const { page } = await e2e.newPage({ theme, width: 390 });
      for (const address of [
        '/about',
        '/how-it-works',
        '/help',
        '/supported-states',
        '/organizations',
        '/terms-of-service',
        '/privacy-policy',
        '/transparency',
        '/fund',
        '/receipts',
      ]) {
        await page.goto(address);
        await settle(page);
        await expect.poll(() => islandsAlive(page), { message: address }).toBe(true);
        // What this document loaded, from the network or a cache: the islands' entry, never the app's
        // code or a form or schema library (decision 0058).
        const scripts = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.endsWith('.js')),
        );
        expect(
          scripts.some((path) => /\/assets\/light-/.test(path)),
          address,
        ).toBe(true);
        expect(
          scripts.filter((path) => path === appEntry || /\/assets\/(?:start-app|form|fields|zod)-/.test(path)),
          address,
        ).toEqual([]);
        expect(await hydrated(page, 'main h1'), address).toBe(false);
        expect(await page.locator('h1').count(), address).toBe(1);
        expect(await page.getByRole('banner').count(), address).toBe(1);
        expect(await page.getByRole('main').count(), address).toBe(1);
        expect(await page.getByRole('contentinfo').count(), address).toBe(1);
        expect(await page.getByRole('link', { name: 'Skip to main content' }).count(), address).toBe(1);
        expect(await page.title(), address).toMatch(/ \| Gift of Independence$/);
        await expectNoAxeViolations(page, `${address}, a light page (${theme})`);
        // The theme toggle works on the light page, both ways.
        const toggle = page.getByRole('button', { name: 'Dark mode' });
        expect(await toggle.getAttribute('aria-pressed'), address).toBe(String(theme === 'dark'));
        await toggle.click();
        await expect
          .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
          .toBe(theme !== 'dark');
        await toggle.click();
        await expect
          .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
          .toBe(theme === 'dark');
      }
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it("a light content page keeps the reader's place and focus, then hands over on a link by keyboard", async () => {
    const { page } = await e2e.newPage({ width: 390 });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/light-[^/]+\.js$/, async (route: Route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'commit' });
    const heading = await page.waitForSelector('main h1');
    const link = page.getByRole('link', { name: 'See how it works' });
    await link.focus();
    const focused = await page.evaluateHandle(() => document.activeElement);
    release();
    await expect.poll(() => islandsAlive(page)).toBe(true);
    await settle(page);
    // The same elements, focus where it was, and the reading matter as the server drew it.
    expect(await heading!.evaluate((el) => el.isConnected)).toBe(true);
    expect(await hydrated(page, 'main h1')).toBe(false);
    expect(await page.evaluate((el) => document.activeElement === el, focused)).toBe(true);
    // Enter on the link: the app opens the page, announces it and puts focus on its heading.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/how-it-works');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('How It Works');
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('main h1') ?? false)).toBe(true);
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('How It Works');
    expect(errors).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a light campaign page hands over to the app on the first click that needs it, which then does what was asked', async () => {
    const { page } = await e2e.newPage({ width: 1280 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const appLoaded = () => scripts.some((path) => /\/assets\/start-app-/.test(path));
    // A link: the page it opens, as the app opens it, announced, with focus on its heading.
    await page.goto(`/campaigns/${recipientId}`);
    await settle(page);
    expect(appLoaded()).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL('**/campaigns');
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('main h1') ?? false)).toBe(true);
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('Campaigns');
    expect(appLoaded()).toBe(true);
    // The app now runs the tab: back returns to the campaign, drawn by the app.
    await page.goBack();
    await expect.poll(() => page.locator('main h1').innerText()).toContain('Amina');
    await expect.poll(() => hydrated(page, 'main h1')).toBe(true);

    // A button outside the islands (Back, with no earlier page in the tab): pressed again once the
    // app has drawn the page, which takes the visitor to the campaign list.
    scripts.length = 0;
    const fresh = await e2e.newPage({ width: 1280 });
    fresh.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await fresh.page.goto(`/campaigns/${recipientId}`);
    await settle(fresh.page);
    expect(appLoaded()).toBe(false);
    await fresh.page.getByRole('button', { name: 'Back', exact: true }).click();
    await fresh.page.waitForURL('**/campaigns');
    await expect.poll(() => fresh.page.locator('main h1').innerText()).toBe('All Campaigns');
    await expect.poll(() => fresh.page.evaluate(() => document.activeElement?.matches('main h1') ?? false)).toBe(true);
    expect(appLoaded()).toBe(true);

    // A link with state: the units chosen on an organization's campaign reach the donate page.
    const org = await e2e.newPage({ width: 1280 });
    await org.page.goto(`/campaigns/org-${orgId}`);
    await settle(org.page);
    const units = org.page.getByRole('textbox', { name: /Units to give/ });
    await units.focus();
    await org.page.keyboard.press('ArrowUp');
    await org.page.keyboard.press('ArrowUp');
    await expect.poll(() => units.inputValue()).toBe('3');
    await org.page.getByRole('link', { name: 'Donate now' }).click();
    await org.page.waitForURL(`**/donate/org-${orgId}`);
    await expect.poll(() => org.page.getByRole('textbox', { name: /Units to give/ }).inputValue()).toBe('3');
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(fresh.page)).toEqual([]);
    expect(pageProblems(org.page)).toEqual([]);
  });
});

describe('uploaded images', () => {
  it('a campaign page names the WebP sizes early, fetches the one size it shows once, in its box', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const sized = await encodeSizes(photo, 1280, 'product-image');
    await writeAll(e2e.app.storage, sized);
    await selectRows(
      e2e.database.db,
      sql`insert into products (name, description, price_kobo, image_key) values ('Sized Talking Watch', 'A watch that speaks the time.', 3000000, ${sized.key}) returning id`,
    );
    const id = await createRecipientCampaign(e2e.database.db, { product: 'Sized Talking Watch' });

    const html = await (await fetch(`${e2e.baseURL}/campaigns/${id}`)).text();
    const link =
      /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" type="image\/webp">/.exec(
        html,
      );
    expect(link, 'the top image is named with its sizes').not.toBeNull();

    for (const theme of ['light', 'dark'] as const) {
      const { page } = await e2e.newPage({ width: 412, theme });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url().replace(e2e.baseURL, '')));
      await page.goto(`/campaigns/${id}`);
      await settle(page);
      const img = page.locator('main picture img').first();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const shown = await img.evaluate((el: HTMLImageElement) => el.currentSrc.replace(location.origin, ''));
      // A 412 px phone at one device pixel a CSS pixel takes the 640 px WebP, the size the hint named.
      expect(shown).toMatch(/-640\.webp$/);
      expect(link![2]).toContain(`${shown} 640w`);
      expect(requests.filter((url) => url.startsWith('/media/'))).toEqual([shown]);
      expect(await img.getAttribute('fetchpriority')).toBe('high');
      expect(await img.getAttribute('loading')).toBe('eager');
      expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['480', '360']);
      await expectNoAxeViolations(page, `campaign page with an uploaded image (${theme})`);
      expect(pageProblems(page)).toEqual([]);
    }
  });
});
