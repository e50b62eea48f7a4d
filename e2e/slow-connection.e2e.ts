import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/db/seed/demo-data';
import { createRecipientCampaign } from '../server/test/fixtures';
import { STILL_SIGNED_IN, STILL_TRYING } from '../web/app/connection-notice';
import { SEND_FAILURE } from '../web/lib/api';
import { SESSION_EXPIRED } from '../web/lib/session';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { press, tabTo } from './keyboard';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const path = (page: Page) => new URL(page.url()).pathname;
const PROFILE = '**/api/auth/me';
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));
const notice = (page: Page) => page.getByRole('status').filter({ hasText: STILL_SIGNED_IN });

async function signIn(page: Page) {
  await page.goto('/login');
  await settle(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('donor@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect.poll(() => path(page)).toBe('/');
}

describe('a slow or dropping connection (decision 0047)', () => {
  it('keeps a signed-in person signed in when the profile times out, says so, and signs out only on a 401', async () => {
    const { page } = await e2e.newPage();
    await signIn(page);
    await page.goto('/donor/gifts');
    await settle(page);

    await page.route(PROFILE, (route) => route.abort('timedout'));
    for (const theme of ['light', 'dark']) {
      await page.evaluate((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      await page.reload();
      await notice(page).waitFor();
      expect(path(page)).toBe('/donor/gifts');
      expect(await stored(page)).not.toBeNull();
      // The page itself is there, drawn for the last known profile, and the header still offers the account.
      await expect.poll(() => page.locator('h1').count()).toBe(1);
      await expect.poll(() => page.getByRole('button', { name: /account menu/i }).count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `slow connection notice, ${theme}`);
    }
    // Focus is where the person left it, never moved to the notice.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="status"]') ?? null)).toBeNull();

    // The server answers again: the next try confirms the session and the notice goes.
    await page.unroute(PROFILE);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(() => notice(page).count()).toBe(0);
    expect(path(page)).toBe('/donor/gifts');

    await page.route(PROFILE, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"Please sign in to continue."}',
      }),
    );
    await page.reload();
    await expect.poll(() => path(page)).toBe('/login');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain(SESSION_EXPIRED);
    expect(await stored(page)).toBeNull();
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps what was typed in a form whose request fails, and sends it again', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await settle(page);
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    await email.fill('donor@example.com');
    await password.fill(DEMO_PASSWORD);

    await page.route('**/api/auth/login', (route) => route.abort('connectionreset'));
    await password.press('Enter');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain(SEND_FAILURE);
    expect([await email.inputValue(), await password.inputValue()]).toEqual(['donor@example.com', DEMO_PASSWORD]);
    expect(path(page)).toBe('/login');

    await page.unroute('**/api/auth/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).press('Enter');
    await expect.poll(() => path(page)).toBe('/');
    expect(await stored(page)).not.toBeNull();
  });

  it('sends a checkout whose answer was lost again with the same key, and the server makes it once (decision 0082)', async () => {
    const email = 'kemi.retry@example.org';
    const id = await createRecipientCampaign(e2e.database.db);
    const { page } = await e2e.newPage();
    await page.goto(`/donate/${id}`);
    await settle(page);
    await tabTo(page, page.getByRole('textbox', { name: 'Full name', exact: true }));
    await page.keyboard.type('Kemi Retry');
    await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type(email);

    // The first checkout reaches the server, but its answer is lost to a proxy's 502; the browser's
    // second try is held a moment, so the page can be seen saying it is still trying.
    const keys: string[] = [];
    const replayed: Array<string | undefined> = [];
    await page.route('**/api/donations/checkout', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fetch();
        await route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const response = await route.fetch();
      replayed.push(response.headers()['idempotent-replayed']);
      await route.fulfill({ response });
    });
    await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());
    await expect.poll(() => page.getByRole('status').filter({ hasText: STILL_TRYING }).count()).toBe(1);
    await expectNoAxeViolations(page, 'still trying to send a checkout');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: STILL_TRYING }).count()).toBe(0);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(replayed).toEqual(['true']);
    const [row] = await selectRows<{ n: number }>(
      e2e.database.db,
      sql`select count(*)::int as n from donations where donor_email = ${email}`,
    );
    expect(Number(row!.n)).toBe(1);
    expect(pageProblems(page).filter((p) => !/502/.test(p))).toEqual([]);
  });
});
