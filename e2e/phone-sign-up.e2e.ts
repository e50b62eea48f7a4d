import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { createSmsInbox } from '../server/test/sms-inbox';
import { expectFocusOnErrorSummary, expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { focusOnBody, isFocused, path, press, tabTo } from './keyboard';
import { LONG_JOURNEY_MS, WAIT_MS } from './waits';

// The SMS the server sends, kept in memory as the outbox files would hold them.
const texts = createSmsInbox();
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ sms: texts });
});
afterAll(() => e2e?.close());

const NUMBER = '+2348077123456';

/** The newest sign-in code texted to the number, once more than `after` texts have reached it. */
async function codeFor(after: number): Promise<string> {
  await expect.poll(() => texts.to(NUMBER).length, { timeout: WAIT_MS }).toBeGreaterThan(after);
  return /code is (\d{6})\./.exec(texts.to(NUMBER).at(-1)!)![1]!;
}

/** Types into a field reached by the keyboard alone. */
async function typeAt(page: Page, name: string | RegExp, text: string) {
  const box = page.getByRole('textbox', { name });
  await press(page, box, 'End');
  await page.keyboard.type(text);
}

describe('a recipient with a phone and no email', () => {
  it(
    'signs up by keyboard with a number and the code texted to it, then signs in again with a new code',
    async () => {
      const { page } = await e2e.newPage();
      await page.goto('/login');
      await settle(page);
      // The tabs move by arrow keys: Tab reaches the chosen one, ArrowRight the other.
      await press(page, page.getByRole('tab', { name: 'Sign In' }), 'ArrowRight');
      await expect.poll(() => page.locator('h1').innerText()).toBe('Create Account');
      const recipient = page.getByRole('radio', { name: /Recipient/ });
      await expect.poll(() => recipient.count()).toBe(1);
      await press(page, recipient, 'Space');
      await press(page, page.getByRole('button', { name: 'Continue' }));

      await press(page, page.getByRole('button', { name: 'Sign up with your phone number' }));
      const heading = page.getByRole('heading', { name: 'Sign up with your phone number' });
      await expect.poll(() => isFocused(heading)).toBe(true);
      await expectNoAxeViolations(page, 'phone sign-up, light');

      // Nothing typed: the summary takes focus and names each problem.
      await press(page, page.getByRole('button', { name: 'Send me a code' }));
      const summary = await expectFocusOnErrorSummary(page);
      expect(summary).toContain('Enter your first name.');

      await typeAt(page, 'First name', 'Halima');
      await typeAt(page, 'Last name', 'Sani');
      await typeAt(page, /Phone number/, '0807 712 3456');
      await page.keyboard.press('Enter');

      const code = page.getByRole('textbox', { name: /Code from the text message/ });
      await expect.poll(() => isFocused(code)).toBe(true);
      await page.getByText(`We sent a 6-digit code by SMS to ${NUMBER}.`).waitFor();
      const sent = await codeFor(0);
      await expectNoAxeViolations(page, 'phone code step, light');

      // A wrong code is refused in words; the summary takes focus.
      await page.keyboard.type(sent === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      expect(await expectFocusOnErrorSummary(page)).toContain('That code is not right. 4 tries left.');
      await press(page, code, 'End');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(sent);
      await page.keyboard.press('Enter');

      await expect.poll(() => path(page)).toBe('/onboarding');
      await settle(page);
      await expect.poll(() => focusOnBody(page)).toBe(false);
      // With no email, the wizard offers only the phone's ways, SMS chosen.
      const told = page.getByRole('radiogroup', { name: /How should we tell you/ });
      await expect.poll(() => told.getByRole('radio').count()).toBe(2);
      expect(await told.getByRole('radio', { name: /^SMS/ }).isChecked()).toBe(true);
      expect(await told.getByRole('radio', { name: /WhatsApp/ }).count()).toBe(1);
      const [row] = await selectRows<{ email: string | null; notify_by: string; first_name: string }>(
        e2e.database.db,
        sql`select email, notify_by, first_name from users where phone_number = ${NUMBER}`,
      );
      expect(row).toEqual({ email: null, notify_by: 'sms', first_name: 'Halima' });
      expect(pageProblems(page)).toEqual([]);

      // Another browser, in the dark theme: sign in with the number and a new code.
      const dark = await e2e.newPage({ theme: 'dark' });
      await dark.page.goto('/login');
      await settle(dark.page);
      await press(dark.page, dark.page.getByRole('button', { name: 'Sign in with your phone number' }));
      await expect
        .poll(() => isFocused(dark.page.getByRole('heading', { name: 'Sign in with your phone number' })))
        .toBe(true);
      await expectNoAxeViolations(dark.page, 'phone sign-in, dark');
      await typeAt(dark.page, /Phone number/, '807 712 3456');
      await dark.page.keyboard.press('Enter');
      const darkCode = dark.page.getByRole('textbox', { name: /Code from the text message/ });
      await expect.poll(() => isFocused(darkCode)).toBe(true);
      await expectNoAxeViolations(dark.page, 'phone code step, dark');
      await dark.page.keyboard.type(await codeFor(1));
      await dark.page.keyboard.press('Enter');
      await expect.poll(() => path(dark.page)).toBe('/onboarding');
      expect(pageProblems(dark.page)).toEqual([]);
    },
    LONG_JOURNEY_MS,
  );

  it(
    'sets a password in Settings, Security, without a current one, then signs in with the number and password',
    async () => {
      // Onboarding is the other journeys' part: here the account is past it.
      await e2e.database.db.execute(
        sql`update users set is_onboarding_complete = true where phone_number = ${NUMBER} and email is null`,
      );
      const { page } = await e2e.newPage();
      await page.goto('/login');
      await settle(page);
      await press(page, page.getByRole('button', { name: 'Sign in with your phone number' }));
      await typeAt(page, /Phone number/, '807 712 3456');
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(page.getByRole('textbox', { name: /Code from the text message/ }))).toBe(true);
      await page.keyboard.type(await codeFor(2));
      await page.keyboard.press('Enter');
      await expect.poll(() => path(page)).toBe('/recipient/dashboard');

      await page.goto('/recipient/settings');
      await settle(page);
      // With no email, mail is not offered at all.
      await page.getByText('Your account has no email address, so every message comes by SMS.').waitFor();
      expect(await page.getByRole('radio', { name: /Email/ }).count()).toBe(0);

      await page.getByRole('heading', { name: 'Set a Password' }).waitFor();
      expect(await page.getByLabel('Current password', { exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page, 'phone-only settings, set a password, light');

      await tabTo(page, page.getByLabel('New password', { exact: true }));
      await page.keyboard.type('halima reads braille daily');
      await press(page, page.getByRole('button', { name: 'Set Password' }));
      await page.getByText('Your password has been set.').waitFor();
      // From now on a change proves the current password.
      await page.getByLabel('Current password', { exact: true }).waitFor();
      await expect.poll(() => focusOnBody(page)).toBe(false);
      expect(pageProblems(page)).toEqual([]);

      // Later, in the dark theme: the number and the password instead of a code.
      const dark = await e2e.newPage({ theme: 'dark' });
      await dark.page.goto('/login');
      await settle(dark.page);
      await press(dark.page, dark.page.getByRole('button', { name: 'Sign in with your phone number' }));
      await typeAt(dark.page, /Phone number/, '0807 712 3456');
      await press(dark.page, dark.page.getByRole('button', { name: 'Use my password instead' }));
      const heading = dark.page.getByRole('heading', { name: 'Sign in with your phone number and password' });
      await heading.waitFor();
      const password = dark.page.getByLabel('Password', { exact: true });
      await expect.poll(() => isFocused(password)).toBe(true);
      await expectNoAxeViolations(dark.page, 'phone and password sign-in, dark');

      await dark.page.keyboard.type('not the password');
      await dark.page.keyboard.press('Enter');
      await dark.page.getByText('Incorrect phone number or password.').waitFor();
      await press(dark.page, password, 'ControlOrMeta+A');
      await dark.page.keyboard.type('halima reads braille daily');
      await dark.page.keyboard.press('Enter');
      await expect.poll(() => path(dark.page)).toBe('/recipient/dashboard');
      expect(pageProblems(dark.page)).toEqual([]);
    },
    LONG_JOURNEY_MS,
  );
});
