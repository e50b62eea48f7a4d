import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
let recipientId: number;
let orgId: number;

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
  recipientId = Number(r!.id);
  orgId = Number(o!.id);
});
afterAll(() => e2e?.close());

/** Signs the demo donor in through the API and stores the session as the app does after sign-in. */
async function signInDonor(context: BrowserContext): Promise<void> {
  const reply = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: demoAccounts.donor.email, password: DEMO_PASSWORD },
  });
  expect(reply.statusCode).toBe(200);
  const { token, user } = reply.json() as { token: string; user: unknown };
  await context.addInitScript(
    ({ token, user }: { token: string; user: string }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('authUser', user);
    },
    { token, user: JSON.stringify(user) },
  );
}

/** Relative luminance (0 black to 1 white) of a computed CSS colour, read by the browser itself. */
const luminanceScript = `
  window.__luminance = (css) => {
    const c = document.createElement('canvas');
    c.width = c.height = 1;
    const g = c.getContext('2d');
    g.fillStyle = '#000';
    g.fillRect(0, 0, 1, 1);
    g.fillStyle = css;
    g.fillRect(0, 0, 1, 1);
    const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
    const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(gr) + 0.0722 * lin(b);
  };
  /** The background actually painted behind an element: its own or the nearest ancestor's that is not transparent. */
  window.__paintedBackground = (el) => {
    for (let n = el; n; n = n.parentElement) {
      const bg = getComputedStyle(n).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\\(.*,\\s*0\\)$/.test(bg)) return bg;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
`;

type LayoutWindow = Window & { __luminance(css: string): number; __paintedBackground(el: Element): string };

const publicPaths = () => [
  '/',
  '/campaigns',
  `/campaigns/${recipientId}`,
  `/campaigns/org-${orgId}`,
  '/search?q=braille',
  '/organizations',
  '/about',
  '/how-it-works',
  '/help',
  '/supported-states',
  '/terms-of-service',
  '/privacy-policy',
  '/login',
  '/cart',
  '/no-such-page',
];

/** WCAG 1.4.12 text spacing, as the bookmarklets testers use apply it. */
const TEXT_SPACING = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

describe('header at small sizes', () => {
  it('does not stick, or stays small, at 320 by 256 (400% zoom)', async () => {
    const { page } = await e2e.newPage({ width: 320 });
    await page.setViewportSize({ width: 320, height: 256 });
    for (const path of ['/', '/campaigns', '/about']) {
      await page.goto(path);
      await settle(page);
      const header = await page.evaluate(() => {
        const el = document.querySelector('header')!;
        return { position: getComputedStyle(el).position, height: el.getBoundingClientRect().height };
      });
      const sticks = header.position === 'sticky' || header.position === 'fixed';
      expect(!sticks || header.height < 256 * 0.25, `${path}: ${JSON.stringify(header)}`).toBe(true);
      // Scrolled down, the header has gone and the content has the whole screen.
      await page.mouse.wheel(0, 600);
      await expect
        .poll(() => page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().bottom))
        .toBeLessThanOrEqual(sticks ? 64 : 0);
    }
  });

  it('keeps the sticky header on a large screen', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/about');
    await settle(page);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('header')!).position)).toBe('sticky');
  });

  for (const width of [320, 360]) {
    it(`keeps the avatar clear of the name when signed in at ${width} px`, async () => {
      const { context, page } = await e2e.newPage({ width });
      await signInDonor(context);
      await page.goto('/');
      await settle(page);
      const menu = page.getByRole('button', { name: /account menu/ });
      await expect.poll(() => menu.count()).toBe(1);
      const wordmark = await page.locator('header').getByRole('link', { name: 'Gift of Independence' }).boundingBox();
      const avatar = await menu.boundingBox();
      const cart = await page.getByRole('link', { name: /Gift bag/ }).boundingBox();
      expect(wordmark && avatar && cart).toBeTruthy();
      const overlaps = (a: typeof wordmark, b: typeof wordmark) =>
        !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps(wordmark, avatar), `wordmark ${JSON.stringify(wordmark)} avatar ${JSON.stringify(avatar)}`).toBe(
        false,
      );
      expect(overlaps(avatar, cart)).toBe(false);
      for (const box of [wordmark!, avatar!, cart!]) expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
      await expectNoAxeViolations(page, `signed-in header at ${width} px`);
    });
  }
});

describe('reflow with text spacing (WCAG 1.4.12) at 320 px', () => {
  for (const signedIn of [false, true]) {
    it(`never scrolls sideways${signedIn ? ' (signed in)' : ''}`, { timeout: LONG_JOURNEY_MS }, async () => {
      const { context, page } = await e2e.newPage({ width: 320 });
      if (signedIn) await signInDonor(context);
      const wide: string[] = [];
      for (const path of publicPaths()) {
        await page.goto(path);
        await settle(page);
        // A constructed stylesheet, since the CSP refuses inline styles.
        await page.evaluate((css) => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        }, TEXT_SPACING);
        await page.evaluate(() => new Promise(requestAnimationFrame));
        const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
          const root = document.documentElement;
          // The outermost elements that stick out: their parent still fits.
          const sticksOut = (el: Element | null) => !!el && el.getBoundingClientRect().right > root.clientWidth + 0.5;
          const culprits = [...document.querySelectorAll('body *')]
            .filter((el) => sticksOut(el) && !sticksOut(el.parentElement))
            .slice(0, 4)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${el.getAttribute('class')?.slice(0, 50) ?? ''}`,
            );
          return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
        });
        if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth - clientWidth} px (${culprits.join(' | ')})`);
      }
      expect(wide).toEqual([]);
    });
  }
});

describe('mobile menu', () => {
  it('closes on Escape and gives focus back to the menu button', async () => {
    const { page } = await e2e.newPage({ width: 320 });
    await page.goto('/about');
    await settle(page);
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Campaigns' }).focus();
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator(`#${await button.getAttribute('aria-controls')}`.replace(/:/g, '\\:')).isHidden()).toBe(
      true,
    );
    expect(
      await page.evaluate(
        () => document.activeElement?.getAttribute('aria-controls') !== null && document.activeElement?.tagName,
      ),
    ).toBe('BUTTON');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim())).toBe('Menu');

    // Escape with focus on the button itself closes it too; with the menu closed it does nothing.
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('success stories carousel', () => {
  it('is a named region with a carousel role description and slides as labelled groups', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await settle(page);
    const carousel = page.getByRole('region', { name: 'Success stories' });
    expect(await carousel.count()).toBe(1);
    expect(await carousel.evaluate((el) => [el.tagName, el.getAttribute('aria-roledescription')])).toEqual([
      'SECTION',
      'carousel',
    ]);
    const slide = carousel.getByRole('group', { name: '1 of 3' });
    expect(await slide.count()).toBe(1);
    expect(await slide.getAttribute('aria-roledescription')).toBe('slide');
    expect(await slide.innerText()).toContain('Halima');
    await carousel.getByRole('button', { name: 'Next story' }).click();
    await expect.poll(() => carousel.getByRole('group', { name: '2 of 3' }).count()).toBe(1);
    // The accessibility tree agrees: Chromium exposes the region and the group with their names.
    const snapshot = await carousel.ariaSnapshot();
    expect(snapshot).toMatch(/region "Success stories"/i);
    expect(snapshot).toMatch(/group "2 of 3"/);
  });
});

describe('dark theme', () => {
  it('puts illustrations on dark panels whose art has no light backdrop of its own', async () => {
    const { page } = await e2e.newPage({ theme: 'dark' });
    await page.addInitScript(luminanceScript);
    for (const path of ['/', '/campaigns', `/campaigns/${recipientId}`]) {
      await page.goto(path);
      await settle(page);
      // Bring each picture into view so lazy ones load too, then wait for them.
      for (const img of await page.locator('main img').all()) {
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
      const panels = await page.evaluate(() => {
        const w = window as unknown as LayoutWindow;
        return [...document.querySelectorAll<HTMLImageElement>('main img')]
          .filter((img) => img.getBoundingClientRect().width >= 100)
          .map((img) => {
            // The illustration's own corner pixel: transparent when the art lets the panel show through.
            const c = document.createElement('canvas');
            c.width = img.naturalWidth || 480;
            c.height = img.naturalHeight || 360;
            const g = c.getContext('2d')!;
            g.drawImage(img, 0, 0, c.width, c.height);
            const corner = g.getImageData(2, 2, 1, 1).data[3]!;
            const bg = w.__paintedBackground(img);
            return { src: img.src.replace(location.origin, ''), bg, luminance: w.__luminance(bg), cornerAlpha: corner };
          });
      });
      expect(panels.length, path).toBeGreaterThan(0);
      for (const p of panels) {
        expect(p.luminance, `${path} ${p.src} panel ${p.bg}`).toBeLessThan(0.05);
        expect(p.cornerAlpha, `${path} ${p.src} draws its own backdrop`).toBe(0);
      }
    }
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`leaves no band of another colour above the footer (${theme})`, async () => {
      const { page } = await e2e.newPage({ theme });
      await page.addInitScript(luminanceScript);
      for (const path of ['/', '/about', '/campaigns', '/no-such-page']) {
        await page.goto(path);
        await settle(page);
        const strip = await page.evaluate(() => {
          const w = window as unknown as LayoutWindow;
          const footer = document.querySelector('footer')!;
          const main = document.querySelector('main')!;
          footer.scrollIntoView({ block: 'center' });
          const top = footer.getBoundingClientRect().top;
          const colours = new Set<string>();
          let lightest = 0;
          // The strip between the end of the page's content and the footer, across the width.
          for (let y = Math.max(0, top - 60); y < top - 1; y += 4) {
            for (const x of [2, innerWidth / 2, innerWidth - 4]) {
              const el = document.elementFromPoint(x, y);
              if (!el || !main.contains(el)) continue;
              const bg = w.__paintedBackground(el);
              // A card or panel inside the content is not a band; the page's own backgrounds are.
              if (el.closest('li, [role="group"], article, form, button, a')) continue;
              colours.add(bg);
              lightest = Math.max(lightest, w.__luminance(bg));
            }
          }
          return { colours: [...colours], lightest };
        });
        expect(strip.colours.length, `${path}: ${strip.colours.join(', ')}`).toBeLessThanOrEqual(1);
        if (theme === 'dark') expect(strip.lightest, path).toBeLessThan(0.05);
      }
    });
  }
});

describe('impact figures', () => {
  for (const width of [320, 700, 900, 1280]) {
    it(`fill every row or centre the last one at ${width} px`, async () => {
      const { page } = await e2e.newPage({ width });
      await page.goto('/');
      await settle(page);
      const list = page.locator('section[aria-labelledby="impact-title"] ul');
      await list.scrollIntoViewIfNeeded();
      const rows = await list.evaluate((ul) => {
        const box = ul.getBoundingClientRect();
        const byTop = new Map<number, DOMRect[]>();
        for (const li of ul.children) {
          const r = li.getBoundingClientRect();
          const key = Math.round(r.top);
          byTop.set(key, [...(byTop.get(key) ?? []), r]);
        }
        return [...byTop.values()].map((items) => ({
          count: items.length,
          left: Math.min(...items.map((r) => r.left)) - box.left,
          right: box.right - Math.max(...items.map((r) => r.right)),
          widths: items.map((r) => Math.round(r.width)),
        }));
      });
      const widest = Math.max(...rows.map((r) => r.count));
      // Three to a row from medium screens up.
      if (width >= 768) expect(widest).toBe(3);
      for (const row of rows) {
        if (row.count === widest) continue;
        expect(Math.abs(row.left - row.right), `row ${JSON.stringify(row)} is centred`).toBeLessThanOrEqual(2);
        // Every card keeps the same width as in the full rows.
        expect(new Set([...row.widths, ...rows[0]!.widths]).size).toBe(1);
      }
    });
  }
});

describe('early requests named in the HTML', () => {
  /** The modules the app's entry imports, which a page the browser draws names (entries.json). */
  const entries = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../dist/web/entries.json'), 'utf8'),
  ) as { app: { imports: string[] } };
  const entryModules = new Set(entries.app.imports.map((file) => `/${file}`));

  it('are the ones the page makes, each fetched once', async () => {
    const { page } = await e2e.newPage({ width: 412 });
    const requests: string[] = [];
    const warnings: string[] = [];
    page.on('request', (r) => requests.push(r.url().replace(e2e.baseURL, '')));
    page.on('console', (m) => {
      if (/preload/i.test(m.text())) warnings.push(m.text());
    });
    for (const [path, api] of [
      [`/campaigns/${recipientId}`, [`/api/campaigns/${recipientId}`]],
      [`/campaigns/org-${orgId}`, [`/api/org-campaigns/${orgId}`]],
      ['/campaigns', ['/api/campaigns?limit=24', '/api/org-campaigns/active?limit=24']],
      ['/login', []],
      ['/forgot-password', []],
    ] as const) {
      requests.length = 0;
      const html = await (await fetch(`${e2e.baseURL}${path}`)).text();
      await page.goto(path);
      await settle(page);
      const named = [...html.matchAll(/<link rel="(?:module)?preload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
      const code = named.filter((href) => href.startsWith('/assets/'));
      if (path === '/forgot-password') {
        // A page the browser draws: its code is named, to come with the entry, and the entry's modules.
        expect(html).toContain('<div id="root"></div>');
        expect(code.filter((href) => !entryModules.has(href)).length, `${path} names its code`).toBeGreaterThan(0);
        for (const href of entryModules) expect(code, `${path} names the entry's ${href}`).toContain(href);
      } else {
        // A page the server draws (decision 0022) paints with no script: its code is left to the
        // entry, and it carries its data, so the browser asks for none of it.
        expect(html).toMatch(/<div id="root"><[a-z]/);
        expect(code, `${path} names no code`).toEqual([]);
        for (const href of api) {
          expect(named, `${path} does not name ${href}`).not.toContain(href);
          expect(requests, `${path} does not fetch ${href}`).not.toContain(href);
        }
      }
      if (path.startsWith('/campaigns'))
        expect(html, path).toMatch(
          /<link rel="preload" as="image" fetchpriority="high" href="\/media\/seed\/[^"]+\.svg">/,
        );
      for (const href of named) {
        expect(requests.filter((url) => url === href).length, `${path}: ${href} requested once`).toBe(1);
      }
      // The image named is the one the page shows first.
      if (path.startsWith('/campaigns')) {
        const image = /as="image" fetchpriority="high" href="([^"]+)"/.exec(html)![1];
        expect(await page.locator('main img').first().getAttribute('src')).toBe(image);
      }
    }
    expect(warnings).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('leave every other page as it was', async () => {
    const html = await (await fetch(`${e2e.baseURL}/`)).text();
    expect(html).not.toMatch(/rel="(module)?preload"/);
    const unknown = await (await fetch(`${e2e.baseURL}/campaigns/999999`)).text();
    expect(unknown).not.toMatch(/as="(image|fetch)"/);
  });
});

describe('axe on the changed pages', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [320, 1280]) {
      it(`finds nothing on the home page, a campaign and the sign-in page (${theme}, ${width} px)`, async () => {
        const { page } = await e2e.newPage({ theme, width });
        for (const path of ['/', '/campaigns', `/campaigns/${recipientId}`, '/about', '/login']) {
          await page.goto(path);
          await settle(page);
          await expectNoAxeViolations(page, `${path} (${theme}, ${width} px)`);
        }
        if (width === 320) {
          await page.goto('/');
          await settle(page);
          await page.getByRole('button', { name: 'Menu' }).click();
          await expectNoAxeViolations(page, `open menu (${theme})`);
        }
        expect(pageProblems(page)).toEqual([]);
      });
    }
  }
});
