import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/db/seed/demo-data';
import {
  expectNoAxeViolations,
  pageProblems,
  settle,
  startE2EWithMail,
  tabTo,
  type E2E,
  type SmtpCatcher,
  expectFocusOnErrorSummary,
} from './harness';
import { escapeFrom, signIn } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
let smtp: SmtpCatcher;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ e2e, smtp, close: stop } = await startE2EWithMail());
});
afterAll(() => stop?.());

const path = (page: Page) => new URL(page.url()).pathname;
const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

/** Presses a control with the keyboard: focus it, then Enter. */
async function pressEnter(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.focus();
  await page.keyboard.press('Enter');
}

/** Types the sign-in, and the demo admins' authenticator code when it is asked for (e2e/keyboard.ts). */
const signInWithKeyboard = (page: Page, email: string, password: string) => signIn(page, email, password);

describe('accounts', () => {
  it('a donor signs up with the keyboard, verifies with the mailed code, lands on / and signs out', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await settle(page);
    await tabTo(page, (el) => el.tag === 'a' && el.text === 'Start a Gift Campaign');
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe('/login');
    await settle(page);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Create Account');
    await expectNoAxeViolations(page, 'sign-up role chooser');

    const continueButton = page.getByRole('button', { name: 'Continue' });
    await pressEnter(page, continueButton);
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('Please select a role (Recipient, Organization, or Donor).');
    await page.getByRole('radio', { name: /Donor/ }).focus();
    await page.keyboard.press('Space');
    await pressEnter(page, continueButton);

    const submit = page.getByRole('button', { name: 'Create Account' });
    await expect.poll(() => submit.count()).toBe(1);
    await pressEnter(page, submit);
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('You must agree to the Terms and Privacy Policy.');
    // The error summary takes focus and names every problem once; its first link leads to the field.
    expect(await expectFocusOnErrorSummary(page)).toContain('You must agree to the Terms and Privacy Policy.');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Enter your first name.');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await expectNoAxeViolations(page, 'sign-up form with errors');

    const email = 'keyboard.donor@example.org';
    await page.getByRole('textbox', { name: 'First name' }).fill('Kemi');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Adeyemi');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: /Phone number/ }).fill('8031234567');
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await pressEnter(page, submit);
    // Only the server knows the common-password list: its field error lands on the field and in the summary.
    const tooCommon = 'This password is too common and easy to guess. Please choose another one.';
    expect(await expectFocusOnErrorSummary(page)).toContain(tooCommon);
    const passwordBox = page.getByLabel('Password', { exact: true });
    expect(await passwordBox.getAttribute('aria-invalid')).toBe('true');
    const describedBy = ((await passwordBox.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
    const described = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(described.join(' ')).toContain(tooCommon);
    await passwordBox.fill('a long password');
    await pressEnter(page, submit);

    const codeBox = page.getByRole('textbox', { name: 'Verification code' });
    await expect.poll(() => codeBox.count()).toBe(1);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/Resend code in \d+ s/);
    await expectNoAxeViolations(page, 'verification step');
    await codeBox.fill(await smtp.lastCode(email));
    await codeBox.press('Enter');
    await expect.poll(() => path(page)).toBe('/');
    await settle(page);

    const menu = page.getByRole('button', { name: /Kemi.*account menu/ });
    await expect.poll(() => menu.count()).toBe(1);
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Sign Out' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'account menu open');
    await page.keyboard.press('End');
    await expect.poll(() => focusedText(page)).toBe('Sign Out');
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe('/login');
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('authUser')])).toEqual([
      null,
      null,
    ]);
    expect(pageProblems(page)).toEqual([]);
  });

  it.each([
    ['donor@example.com', '/'],
    ['recipient@example.com', '/recipient/dashboard'],
    ['organization@example.com', '/organization/dashboard'],
    ['admin@example.com', '/admin/dashboard'],
    ['staff@example.com', '/admin/dashboard'],
  ])('signs in %s and lands on %s', async (email, landing) => {
    const { page } = await e2e.newPage();
    await signInWithKeyboard(page, email, DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe(landing);
    await settle(page);
    expect(await page.locator('h1').count()).toBe(1);
    // The stored session survives a reload (the profile is loaded again from the token).
    await page.reload();
    await settle(page);
    expect(path(page)).toBe(landing);
  });

  it('signs out and says so when a stored session is no longer valid', async () => {
    const { page, context } = await e2e.newPage();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('authToken', 'revoked-or-made-up-token-000000000000');
        localStorage.setItem(
          'authUser',
          JSON.stringify({ id: 1, first_name: 'Old', last_name: 'User', email: 'old@example.org', role: 'donor' }),
        );
      }
    });
    await page.goto('/campaigns');
    await expect.poll(() => path(page)).toBe('/login');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain('Session expired. Please login again.');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  it('says plainly when the email or password is wrong, without saying which', async () => {
    const { page } = await e2e.newPage();
    await signInWithKeyboard(page, 'donor@example.com', 'wrong password');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain('Incorrect email or password.');
    expect(path(page)).toBe('/login');
  });

  it('signs in on a light page: the form checks as the server does, then the app takes the visitor home', async () => {
    const { page } = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const appLoaded = () => scripts.some((address) => /\/assets\/start-app-/.test(address));
    await page.goto('/login');
    await settle(page);
    // The light entry (decision 0058) runs the page: no app, no form library.
    expect(scripts.some((address) => /\/assets\/light-/.test(address))).toBe(true);
    expect(appLoaded()).toBe(false);
    expect(scripts.filter((address) => /\/assets\/(form|fields|zod)-/.test(address))).toEqual([]);

    // Nothing typed: the summary takes focus and names both problems; each field says its own.
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    await email.focus();
    await page.keyboard.press('Enter');
    const summary = await expectFocusOnErrorSummary(page);
    expect(summary).toContain('Enter your email address.');
    expect(summary).toContain('Enter your password.');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Enter your email address.');
    await expectNoAxeViolations(page, '/login refused');
    // The summary's link takes focus to its field; a fix leaves the list without a new alert.
    await page.getByRole('link', { name: 'Enter your email address.' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await email.fill('not an address');
    await expect
      .poll(() => page.locator(`[id="${describedBy}"]`).innerText())
      .toContain('Enter an email address in the format name@example.com.');
    await email.fill('  Donor@Example.com ');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => page.getByRole('link', { name: /Enter your email/ }).count()).toBe(0);
    // The password can be shown and hidden.
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // Signed in (the address kept as the server keeps it): the app opens the account's home. While
    // its code is on the way the form stays busy, and a second press sends nothing.
    const entries = await page.evaluate(() => history.length);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    let logins = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/auth/login') && logins++));
    await password.press('Enter');
    const submit = page.locator('form button[type="submit"]');
    await expect.poll(() => submit.innerText()).toBe('Signing In...');
    await expect.poll(() => scripts.some((address) => /\/assets\/start-app-/.test(address))).toBe(true);
    await submit.press('Enter');
    expect(logins).toBe(1);
    expect(await submit.innerText()).toBe('Signing In...');
    release();
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('main h1') ?? false)).toBe(true);
    expect(appLoaded()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('authUser') ?? '{}').email)).toBe(
      'donor@example.com',
    );
    // Replaced, not pushed: back does not return to the sign-in form.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a stored sign-in found expired on the sign-in page says so there, keeping what was typed', async () => {
    const { page, context } = await e2e.newPage();
    await context.addInitScript(() => {
      localStorage.setItem('authToken', 'revoked-or-made-up-token-000000000000');
      localStorage.setItem(
        'authUser',
        JSON.stringify({ id: 1, first_name: 'Old', last_name: 'User', email: 'old@example.org', role: 'donor' }),
      );
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect.poll(() => email.count()).toBe(1);
    await email.fill('someone@example.org');
    release();
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain('Session expired. Please login again.');
    expect(await email.inputValue()).toBe('someone@example.org');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(scripts.some((address) => /\/assets\/start-app-/.test(address))).toBe(false);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a reload of the sign-in page keeps the tab and role the link that opened it asked for', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await settle(page);
    await page.getByRole('main').getByRole('link', { name: 'Start a Gift Campaign' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Create Account');
    await page.reload();
    await settle(page);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Create Account');
    await expect
      .poll(() =>
        page
          .getByRole('radio', { name: /Recipient/ })
          .first()
          .isChecked(),
      )
      .toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('moves between the sign-in and sign-up tabs with the arrow keys, Home and End, one tab stop between them', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await settle(page);
    const signInTab = page.getByRole('tab', { name: 'Sign In' });
    const signUpTab = page.getByRole('tab', { name: 'Create Account' });
    expect(await signInTab.getAttribute('aria-selected')).toBe('true');
    expect(await signUpTab.getAttribute('tabindex')).toBe('-1');
    const panelId = await signInTab.getAttribute('aria-controls');
    expect(await page.getByRole('tabpanel').getAttribute('id')).toBe(panelId);
    await signInTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Create Account');
    expect(await signUpTab.getAttribute('aria-selected')).toBe('true');
    expect(await focusedText(page)).toBe('Create Account');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Sign In');
    await page.keyboard.press('End');
    await expect.poll(() => focusedText(page)).toBe('Create Account');
    await page.keyboard.press('Home');
    await expect.poll(() => focusedText(page)).toBe('Sign In');
    expect(await signUpTab.getAttribute('tabindex')).toBe('-1');
    // From the selected tab, Tab goes on into the panel, not to the other tab.
    await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');
  });

  it('resets a forgotten password from the mailed link and returns to sign-in', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/forgot-password');
    await settle(page);
    await expectNoAxeViolations(page, '/forgot-password');
    const email = 'recipient@example.com';
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Email' }).press('Enter');
    await expect.poll(() => page.locator('main').innerText()).toContain('If an account exists for that email');
    const token = await smtp.lastResetToken(email);

    await page.goto(`/reset-password/${token}`);
    await settle(page);
    await expectNoAxeViolations(page, '/reset-password');
    const fields = page.locator('input[type="password"]');
    await fields.nth(0).fill('brand new password');
    await fields.nth(1).fill('brand new passw0rd');
    await fields.nth(1).press('Enter');
    await expect.poll(() => page.locator('main').innerText()).toContain('Passwords do not match.');
    await fields.nth(1).fill('brand new password');
    await fields.nth(1).press('Enter');
    await expect.poll(() => page.locator('main').innerText()).toContain('Your password has been reset.');
    await expect.poll(() => path(page)).toBe('/login');

    await signInWithKeyboard(page, email, 'brand new password');
    await expect.poll(() => path(page)).toBe('/recipient/dashboard');
  });

  it('guards the signed-in areas', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/donor/gifts');
    await expect.poll(() => path(page)).toBe('/login');
    // Replaced, not pushed: going back does not return to the guarded page.
    expect(await page.evaluate(() => history.length)).toBe(2);

    await signInWithKeyboard(page, 'donor@example.com', DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/');
    await page.goto('/admin/dashboard');
    await settle(page);
    await expect.poll(() => page.locator('h1').innerText()).toBe('This page is not for your account');
    await page.goto('/donor/account');
    await settle(page);
    await expect
      .poll(() => page.locator('main').innerText())
      .toContain('This page will eventually let you update your profile.');
  });

  it('shows notifications in the bell and marks them read when opened', async () => {
    await e2e.database.db.execute(sql`insert into notifications (user_id, message, link_to)
      select id, 'Your gift to Yemi has been delivered.', '/donor/gifts' from users where email = 'donor@example.com'`);
    const { page } = await e2e.newPage();
    await signInWithKeyboard(page, 'donor@example.com', DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/');
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect.poll(() => bell.count()).toBe(1);
    await bell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Your gift to Yemi has been delivered.');
    await escapeFrom(page, page.getByRole('dialog'));
    await expect.poll(() => page.getByRole('button', { name: 'Notifications' }).count()).toBe(1);
    await expect
      .poll(async () => {
        const rows = await selectRows<{ is_read: boolean }>(
          e2e.database.db,
          sql`select is_read from notifications n join users u on u.id = n.user_id where u.email = 'donor@example.com'`,
        );
        return rows.every((r) => r.is_read);
      })
      .toBe(true);
    // The theme checks below expect an empty bell.
    await e2e.database.db.execute(sql`delete from notifications`);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations on the account pages (${theme})`, { timeout: LONG_JOURNEY_MS }, async () => {
      const { page } = await e2e.newPage({ theme });
      await page.goto('/login');
      await settle(page);
      await expectNoAxeViolations(page, `/login sign in (${theme})`);
      await page.getByRole('tab', { name: 'Create Account' }).click();
      await expectNoAxeViolations(page, `/login create account (${theme})`);
      await page.goto('/forgot-password');
      await settle(page);
      await expectNoAxeViolations(page, `/forgot-password (${theme})`);
      await page.goto('/reset-password/some-token-that-is-long-enough');
      await settle(page);
      await expectNoAxeViolations(page, `/reset-password (${theme})`);
      await signInWithKeyboard(page, 'donor@example.com', DEMO_PASSWORD);
      await expect.poll(() => path(page)).toBe('/');
      await page.goto('/admin/dashboard');
      await settle(page);
      await expectNoAxeViolations(page, `not for your account (${theme})`);
      await page.goto('/donor/account');
      await settle(page);
      await expectNoAxeViolations(page, `/donor/account (${theme})`);
      await page.getByRole('button', { name: 'Notifications' }).click();
      await expect.poll(() => page.getByRole('dialog').innerText()).toContain('You have no notifications.');
      await expectNoAxeViolations(page, `notifications open (${theme})`);
    });
  }
});
