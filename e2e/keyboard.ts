import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts } from '../server/db/seed/demo-data';
import { nextCode } from '../server/test/authenticator';
import { STEP_UP_MINUTES } from '../contract/second-factor-rules';
import type { App } from '../server/app';
import { appOf, settle } from './harness';
import { LONG_JOURNEY_MS } from './waits';

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

/**
 * The next unused code of an authenticator app on the page's app (server/test/authenticator.ts), for
 * the account it belongs to: by default the demo admins'.
 */
export function authenticatorCode(page: Page, account: string, secret = AUTHENTICATOR[account]): Promise<string> {
  if (!secret) throw new Error(`${account} has no authenticator app here.`);
  return nextCode(secret, appOf(page), account);
}

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
    await code.fill(await authenticatorCode(page, email, secret));
    await code.press('Enter');
  }
}

/** Signs in through the API as the sign-in page would, second factor included: the session's token and user. */
async function signInForSession(page: Page, email: string, password: string) {
  let reply = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(reply.status(), await reply.text()).toBe(200);
  const first = (await reply.json()) as { challenge?: string };
  const secret = AUTHENTICATOR[email];
  if (first.challenge && secret) {
    reply = await page.request.post('/api/auth/second-factor', {
      data: { challenge: first.challenge, code: await authenticatorCode(page, email, secret) },
    });
    expect(reply.status(), await reply.text()).toBe(200);
  }
  return (await reply.json()) as { token: string; user: unknown };
}

/**
 * The sessions `signInAdmin` keeps, by app and email. An authenticator accepts each code once, so a
 * third sign-in within half a minute waits for the clock; a journey whose subject is not signing in
 * reuses the admin's session, as a person does in a second tab, while it is still live and its
 * second-factor check young enough to last a whole journey before acts that ask for a recent one
 * (docs/decisions/0071) would.
 */
type KeptSession = { token: string; user: unknown; checkedAt: number };
const keptSessions = new WeakMap<App, Map<string, KeptSession>>();
const REUSE_MS = STEP_UP_MINUTES * 60_000 - LONG_JOURNEY_MS;

async function keptSession(page: Page, email: string, password: string) {
  const app = appOf(page);
  const kept = keptSessions.get(app) ?? new Map<string, KeptSession>();
  keptSessions.set(app, kept);
  const session = kept.get(email);
  if (session && Date.now() - session.checkedAt < REUSE_MS) {
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
    if (me.ok()) return { token: session.token, user: (await me.json()) as unknown };
  }
  const checkedAt = Date.now();
  const fresh = await signInForSession(page, email, password);
  kept.set(email, { ...fresh, checkedAt });
  return fresh;
}

/**
 * Signs the page's browser in through the API, storing the session where the app keeps it after its
 * own sign-in, once per browser context: a journey that signs out stays signed out. For journeys whose
 * subject is not signing in; the sign-in form itself is typed in e2e/accounts.e2e.ts and by `signIn`.
 * `reuse` takes the session an earlier journey on the same app made for this person, if still live.
 */
export async function signInThroughApi(page: Page, email: string, password: string, { reuse = false } = {}) {
  const { token, user } = reuse
    ? await keptSession(page, email, password)
    : await signInForSession(page, email, password);
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

/** A demo admin (by default the super admin), signed in, on the admin dashboard: one page load. */
export async function signInAdmin(page: Page, { email }: { email: string } = demoAccounts.admin) {
  await signInThroughApi(page, email, DEMO_PASSWORD, { reuse: true });
  await page.goto('/admin/dashboard');
  await expect.poll(() => path(page)).toBe('/admin/dashboard');
  await settle(page);
}
