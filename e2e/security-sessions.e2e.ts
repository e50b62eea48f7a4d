import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { focusOnBody, isFocused, path, press, signInAdmin, signInThroughApi } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** A phone's browser, so its row reads differently from the two desktop ones. */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Tecno) Gecko/124.0 Firefox/124.0';

/** The announcer's words once they have settled (it clears first, then speaks). */
const announced = (page: Page) => page.evaluate(() => document.getElementById('route-announcer')?.textContent ?? '');

describe('where you are signed in, and a lost second factor', () => {
  it(
    'a donor signed in on two browsers and a phone signs the others out by keyboard, one and then all, after a question each',
    async () => {
      const email = demoAccounts.donor.email;
      // The other browser, signed in first, reads the list in the dark theme.
      const other = await e2e.newPage({ theme: 'dark' });
      await signInThroughApi(other.page, email, DEMO_PASSWORD);
      await other.page.goto('/account/security');
      await settle(other.page);
      const otherTable = other.page.getByRole('table', { name: /Browsers signed in to your account/ });
      await otherTable.getByRole('row').nth(1).getByText('This browser').waitFor();
      await expectNoAxeViolations(other.page, 'your sessions, dark');

      // A phone signs in too (only its session matters here), then the browser in hand.
      const phone = await other.page.request.post('/api/auth/login', {
        data: { email, password: DEMO_PASSWORD },
        headers: { 'user-agent': PHONE },
      });
      expect(phone.status()).toBe(200);
      const { page } = await e2e.newPage();
      await signInThroughApi(page, email, DEMO_PASSWORD);
      await page.goto('/account/security');
      await settle(page);
      expect(path(page)).toBe('/account/security');
      const table = page.getByRole('table', { name: /Browsers signed in to your account/ });
      // Newest use first: this browser, the phone, then the other browser.
      await expect.poll(() => table.getByRole('row').count()).toBe(4);
      const rows = table.getByRole('row');
      await rows.nth(1).getByText('This browser').waitFor();
      expect(await rows.nth(1).getByRole('cell').nth(1).innerText()).toBe('Now');
      expect(await rows.nth(2).getByRole('rowheader').innerText()).toBe('Firefox on Android');
      await expectNoAxeViolations(page, 'your sessions, light');

      // The other browser's Sign out, reached and pressed with the keyboard alone, asks first.
      const otherSignOut = rows
        .nth(3)
        .getByRole('button', { name: /^Sign out Chrome on Linux, signed in \d+ \w+ \d{4} at/ });
      await press(page, otherSignOut);
      const dialog = page.getByRole('alertdialog', { name: 'Sign out Chrome on Linux?' });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'sign out one session, light');
      await press(page, dialog.getByRole('button', { name: 'Sign out' }));
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => table.getByRole('row').count()).toBe(3);
      // It was the last row: focus goes to the button for every other session, and the outcome is said.
      const allOthers = page.getByRole('button', { name: 'Sign out all other sessions' });
      await expect.poll(() => isFocused(allOthers)).toBe(true);
      await expect.poll(() => announced(page)).toBe('That session is signed out.');

      // The other browser is signed out: its next call is refused.
      const status = await other.page.evaluate(async () => {
        const reply = await fetch('/api/account/sessions', {
          headers: { authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
        });
        return reply.status;
      });
      expect(status).toBe(401);

      // Every other session (the phone) goes next; focus lands on the table, never on the page.
      await page.keyboard.press('Enter');
      const all = page.getByRole('alertdialog', { name: 'Sign out the other session?' });
      await all.waitFor();
      await press(page, all.getByRole('button', { name: 'Sign out' }));
      await all.waitFor({ state: 'detached' });
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      expect(await allOthers.count()).toBe(0);
      await expect.poll(() => isFocused(page.getByRole('region', { name: 'Your sessions table' }))).toBe(true);
      await expect.poll(() => focusOnBody(page)).toBe(false);
      await expect.poll(() => announced(page)).toBe('Every other session is signed out.');
      await expectNoAxeViolations(page, 'your sessions after signing out the others, light');
    },
    LONG_JOURNEY_MS,
  );

  it(
    "a super admin resets another admin's second factor after a question, and is offered no reset of their own",
    async () => {
      const { page } = await e2e.newPage();
      await signInAdmin(page);
      await page.goto('/admin/users?role=admin');
      await settle(page);
      const staff = `${demoAccounts.staff.firstName} ${demoAccounts.staff.lastName}`;
      const reset = page.getByRole('button', { name: `Reset second factor of ${staff}` });
      await reset.waitFor();
      const own = `${demoAccounts.admin.firstName} ${demoAccounts.admin.lastName}`;
      expect(await page.getByRole('button', { name: `Reset second factor of ${own}` }).count()).toBe(0);

      await press(page, reset);
      const dialog = page.getByRole('alertdialog', { name: `Reset ${staff}'s second factor?` });
      await dialog.getByText('They are told by mail and SMS.').waitFor();
      await press(page, dialog.getByRole('button', { name: 'Reset Second Factor' }));
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({
          hasText: 'The second factor is reset. The admin has been told and will set up a new one at next sign-in.',
        })
        .waitFor();
      // The row stays, so focus goes back to its button, as after the page's other row actions.
      await expect.poll(() => isFocused(reset)).toBe(true);
      await expectNoAxeViolations(page, 'manage users after a reset, light');
    },
    LONG_JOURNEY_MS,
  );
});
