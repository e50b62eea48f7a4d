import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts } from '../server/db/seed/demo-data';
import { nextCode } from '../server/test/authenticator';
import { settle } from './harness';

/** The journeys' keyboard and focus steps: every step is one a person with the keyboard alone can make. */

export const path = (page: Page) => new URL(page.url()).pathname;
export const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
export const focusOnBody = (page: Page) =>
  page.evaluate(() => !document.activeElement || document.activeElement === document.body);
export const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Tabs forward (past the end of the page and round again if need be) until `target` has focus. */
export async function tabTo(page: Page, target: Locator, max = 150) {
  // The target is found once: finding it by role and name again after every key press cost most of
  // a journey's time. An element the page draws again while tabbing is found again.
  let element = await target.elementHandle();
  try {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const focused = await element.evaluate((el) =>
        el.isConnected ? el === document.activeElement || el.contains(document.activeElement) : null,
      );
      if (focused) return;
      if (focused === null) {
        await element.dispose();
        element = await target.elementHandle();
      }
    }
  } finally {
    await element.dispose();
  }
  throw new Error('Could not reach the element with the Tab key.');
}

/** Presses Escape once focus has entered `dialog`: a dialog moves focus in as it opens, and Escape is heard from there. */
export async function escapeFrom(page: Page, dialog: Locator) {
  await expect.poll(() => isFocused(dialog)).toBe(true);
  await page.keyboard.press('Escape');
}

export async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** The demo accounts with an authenticator app (the demo admins), by email: their secret. */
const AUTHENTICATOR: Record<string, string> = {
  [demoAccounts.admin.email]: DEMO_TOTP_SECRET,
  [demoAccounts.staff.email]: DEMO_TOTP_SECRET,
};

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await settle(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const secret = AUTHENTICATOR[email];
  if (secret) {
    // The second step of a demo admin's sign-in (docs/decisions/0070).
    const code = page.getByRole('textbox', { name: 'Code from your authenticator app' });
    await code.fill(await nextCode(secret));
    await code.press('Enter');
  }
}

/**
 * Signs the page's browser in through the API, storing the session where the app keeps it after its
 * own sign-in, once per browser context: a journey that signs out stays signed out. For journeys whose
 * subject is not signing in; the sign-in form itself is typed in e2e/accounts.e2e.ts and by `signIn`.
 */
export async function signInThroughApi(page: Page, email: string, password: string) {
  let reply = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(reply.status(), await reply.text()).toBe(200);
  const first = (await reply.json()) as { challenge?: string };
  const secret = AUTHENTICATOR[email];
  if (first.challenge && secret) {
    reply = await page.request.post('/api/auth/second-factor', {
      data: { challenge: first.challenge, code: await nextCode(secret) },
    });
    expect(reply.status(), await reply.text()).toBe(200);
  }
  const { token, user } = (await reply.json()) as { token: string; user: unknown };
  await page.context().addInitScript(
    ({ token, user }: { token: string; user: string }) => {
      if (localStorage.getItem('e2eSignedIn') !== null) return;
      localStorage.setItem('e2eSignedIn', 'yes');
      localStorage.setItem('authToken', token);
      localStorage.setItem('authUser', user);
    },
    { token, user: JSON.stringify(user) },
  );
}

/** The demo admin, signed in, on the admin dashboard: one page load. */
export async function signInAdmin(page: Page) {
  await signInThroughApi(page, demoAccounts.admin.email, DEMO_PASSWORD);
  await page.goto('/admin/dashboard');
  await expect.poll(() => path(page)).toBe('/admin/dashboard');
  await settle(page);
}
