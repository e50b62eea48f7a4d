import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationCampaign, createRecipientCampaign, createUser } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { focusOnBody, focusedText, path, press, signIn, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

const PASSWORD = 'A long enough pass 2026';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** Every request the page makes, to show that none leaves the site. */
function watchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (r) => seen.push(new URL(r.url())));
  return seen;
}

const offSite = (seen: URL[]) => seen.filter((u) => u.host !== new URL(e2e.baseURL).host).map((u) => u.href);

/** The share group of a page: the region named by its heading. */
const shareGroup = (page: Page) => page.getByRole('region', { name: 'Share this campaign' });

/** The address a share link should carry: this site's campaign page with the way's source. */
const addressOf = (id: string, ref: string) => `${e2e.baseURL}/campaigns/${id}?ref=${ref}`;

/** Checks every plain share link: its service's share page, the encoded address with its source, and how it opens. */
async function expectShareLinks(group: Locator, id: string, title: string) {
  const link = (name: string) => group.getByRole('link', { name, exact: true });
  // The links gain their address once the page runs in the browser.
  await expect.poll(() => link('Share on WhatsApp (opens in a new tab)').getAttribute('href')).toMatch(/^https:/);

  const whatsapp = new URL((await link('Share on WhatsApp (opens in a new tab)').getAttribute('href'))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
  expect(whatsapp.searchParams.get('text')).toMatch(/^Help .+ on Gift of Independence\. /);
  expect(whatsapp.searchParams.get('text')!.endsWith(` ${addressOf(id, 'whatsapp')}`)).toBe(true);

  const facebook = new URL((await link('Share on Facebook (opens in a new tab)').getAttribute('href'))!);
  expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
  expect(facebook.searchParams.get('u')).toBe(addressOf(id, 'facebook'));

  const x = new URL((await link('Share on X (opens in a new tab)').getAttribute('href'))!);
  expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
  expect(x.searchParams.get('url')).toBe(addressOf(id, 'x'));
  expect(x.searchParams.get('text')).toMatch(/^Help /);

  const email = (await link('Share by Email').getAttribute('href'))!;
  expect(email.startsWith('mailto:?')).toBe(true);
  const mail = new URLSearchParams(email.slice('mailto:?'.length));
  expect(mail.get('subject')).toBe(title);
  expect(mail.get('body')!.endsWith(addressOf(id, 'email'))).toBe(true);
  // The address rides encoded: its own "?" and "=" do not end the share page's parameters.
  expect(email).toContain(encodeURIComponent(addressOf(id, 'email')));

  for (const name of [
    'Share on WhatsApp (opens in a new tab)',
    'Share on Facebook (opens in a new tab)',
    'Share on X (opens in a new tab)',
  ]) {
    expect(await link(name).getAttribute('target'), name).toBe('_blank');
    expect(await link(name).getAttribute('rel'), name).toBe('noopener noreferrer');
  }
  // A mail link opens the mail program, not an empty tab.
  expect(await link('Share by Email').getAttribute('target')).toBeNull();
}

async function expectPrintables(group: Locator, id: string, offered: boolean) {
  const poster = group.getByRole('link', { name: 'Print a poster (PDF) (opens in a new tab)' });
  const qr = group.getByRole('link', { name: 'Download the QR code' });
  if (!offered) {
    expect(await poster.count()).toBe(0);
    expect(await qr.count()).toBe(0);
    return;
  }
  expect(await poster.getAttribute('href')).toBe(`/api/campaigns/${id}/poster.pdf`);
  expect(await poster.getAttribute('target')).toBe('_blank');
  expect(await qr.getAttribute('href')).toBe(`/api/campaigns/${id}/qr.png`);
  expect(await qr.getAttribute('download')).toBe(`campaign-${id}-qr.png`);
}

/** No element is wider than the screen: the group wraps at 320 px. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('sharing a campaign', { timeout: LONG_JOURNEY_MS }, () => {
  it('a visitor copies the link by keyboard, hears "Link copied", and every link carries its source; nothing loads from other sites', async () => {
    const id = String(await createRecipientCampaign(e2e.database.db, { product: 'Folding White Cane' }));
    const { context, page } = await e2e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseURL });
    const seen = watchRequests(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    await page.goto(`/campaigns/${id}`);
    await settle(page);
    const title = await page.locator('main h1').innerText();
    const group = shareGroup(page);
    await expectShareLinks(group, id, title);
    await expectPrintables(group, id, true);
    // Chromium on Linux has no share sheet of its own: no button for one.
    expect(await group.getByRole('button', { name: 'Share with an app' }).count()).toBe(0);

    // From the top of the page, by the Tab key alone.
    await page.locator('main h1').focus();
    const copy = group.getByRole('button', { name: 'Copy link' });
    await press(page, copy);
    const status = group.getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Link copied');
    expect(await status.isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(addressOf(id, 'copy'));
    // Focus stays on the button: the reader is where they were.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect.poll(() => focusOnBody(page)).toBe(false);
    expect(await focusedText(page)).toBe('Copy link');

    // Pressed again, the message is said again: the region empties first, then says it.
    await status.evaluate((region) => {
      const texts: string[] = [];
      (window as unknown as { statusTexts: string[] }).statusTexts = texts;
      new MutationObserver(() => texts.push(region.textContent ?? '')).observe(region, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts))
      .toEqual(['', 'Link copied']);
    expect(await focusedText(page)).toBe('Copy link');

    await expectNoAxeViolations(page, 'campaign page with its share control, link copied');
    // Drawn by the server and hydrated in place with no mismatch.
    expect(errors).toEqual([]);
    expect(offSite(seen)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('an organization campaign in the dark theme and on a 320 px screen; the browser share sheet gets the plain address', async () => {
    const id = `org-${await createOrganizationCampaign(e2e.database.db, 6)}`;
    const { context, page } = await e2e.newPage({ theme: 'dark', width: 320 });
    // A browser with a share sheet of its own (as on phones): what it is handed is recorded.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
      (window as unknown as { shared: ShareData[] }).shared = [];
    });
    const seen = watchRequests(page);
    await page.goto(`/campaigns/${id}`);
    await settle(page);
    const title = await page.locator('main h1').innerText();
    const group = shareGroup(page);
    await expectShareLinks(group, id, title);
    await expectPrintables(group, id, true);
    expect(await scrollsSideways(page)).toBe(false);

    await page.locator('main h1').focus();
    await press(page, group.getByRole('button', { name: 'Share with an app' }));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([
        {
          title,
          text: expect.stringMatching(/^Help .+ for the people they serve/),
          url: `${e2e.baseURL}/campaigns/${id}`,
        },
      ]);
    await expect.poll(() => focusOnBody(page)).toBe(false);

    await expectNoAxeViolations(page, 'organization campaign page with its share control (dark, 320 px)');
    expect(offSite(seen)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a funded campaign can still be shared, with no QR code or poster; a refused clipboard shows the address; the drawn page holds the control', async () => {
    const id = String(await createRecipientCampaign(e2e.database.db, { status: 'purchased' }));
    const html = await (await fetch(`${e2e.baseURL}/campaigns/${id}`)).text();
    expect(html).toContain('Share this campaign');
    const open = String(await createRecipientCampaign(e2e.database.db));
    expect(await (await fetch(`${e2e.baseURL}/campaigns/${open}`)).text()).toContain(
      `href="/api/campaigns/${open}/poster.pdf"`,
    );

    const { context, page } = await e2e.newPage();
    // A browser that refuses the clipboard: the address is shown to copy by hand.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Refused', 'NotAllowedError')) },
      });
    });
    await page.goto(`/campaigns/${id}`);
    await settle(page);
    const group = shareGroup(page);
    await expectShareLinks(group, id, await page.locator('main h1').innerText());
    await expectPrintables(group, id, false);

    await page.locator('main h1').focus();
    await press(page, group.getByRole('button', { name: 'Copy link' }));
    await expect
      .poll(() => group.getByRole('status').innerText())
      .toBe('Could not copy the link. It is shown below: select it and copy it yourself.');
    expect(await group.getByRole('textbox', { name: 'Campaign address' }).inputValue()).toBe(addressOf(id, 'copy'));
    expect(await focusedText(page)).toBe('Copy link');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).selectionEnd)).toBe(
      addressOf(id, 'copy').length,
    );
    await expectNoAxeViolations(page, 'funded campaign page, the clipboard refused');
  });
});

/** The campaign page's heading, as a visitor sees it, read in a page of its own. */
async function publicTitle(page: Page, id: string): Promise<string> {
  const visitor = await page.context().newPage();
  await visitor.goto(`/campaigns/${id}`);
  await settle(visitor);
  const title = await visitor.locator('main h1').innerText();
  await visitor.close();
  return title;
}

describe("the owner's status page", { timeout: LONG_JOURNEY_MS }, () => {
  it('a recipient shares their live campaign from their status page', async () => {
    const email = 'share.recipient@example.org';
    const owner = await createUser(e2e.database.db, 'recipient', { email, firstName: 'Halima', password: PASSWORD });
    const id = String(await createRecipientCampaign(e2e.database.db, { recipientId: owner }));
    const { context, page } = await e2e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseURL });
    await signIn(page, email, PASSWORD);
    await expect.poll(() => path(page)).toBe('/recipient/dashboard');
    await page.goto('/recipient/status');
    await settle(page);
    const group = shareGroup(page);
    await group.waitFor();
    expect(await group.getByRole('heading', { level: 3 }).innerText()).toBe('Share this campaign');
    await expectShareLinks(group, id, await publicTitle(page, id));
    await expectPrintables(group, id, true);

    await tabTo(page, group.getByRole('button', { name: 'Copy link' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => group.getByRole('status').innerText()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(addressOf(id, 'copy'));
    await expectNoAxeViolations(page, 'recipient status page with its share control');
  });

  it('an organization sees the control on its status page (dark); a request under review has none', async () => {
    const email = 'share.organization@example.org';
    const owner = await createUser(e2e.database.db, 'organization', {
      email,
      firstName: 'Chinedu',
      password: PASSWORD,
    });
    const id = `org-${await createOrganizationCampaign(e2e.database.db, 3, { status: 'partially_fulfilled', organizationId: owner })}`;
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signIn(page, email, PASSWORD);
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
    await page.goto('/organization/status');
    await settle(page);
    const group = shareGroup(page);
    await group.waitFor();
    await expectShareLinks(group, id, await publicTitle(page, id));
    await expectPrintables(group, id, true);
    await expectNoAxeViolations(page, 'organization status page with its share control (dark)');

    await e2e.database.db.execute(
      sql`update organization_campaigns set status = 'pending' where organization_id = ${owner}`,
    );
    await page.reload();
    await settle(page);
    await page.getByText('Pending').first().waitFor();
    expect(await shareGroup(page).count()).toBe(0);
  });
});
