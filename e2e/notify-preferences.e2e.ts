import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import type { SmsMessage } from '../server/providers/sms/sms';
import { createUser } from '../server/test/fixtures';
import { expectFocusOnErrorSummary, expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { focusOnBody, isFocused, path, press, signIn, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

// The SMS the server sends, kept in memory as the outbox files would hold them.
const texts: SmsMessage[] = [];
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({
    sms: {
      description: 'memory',
      async send(message) {
        texts.push(message);
      },
    },
  });
});
afterAll(() => e2e?.close());

const PASSWORD = 'A long enough pass 2026';
const NEW_NUMBER = '+2348051112233';

describe('how a recipient is told', () => {
  it(
    'a recipient by keyboard chooses SMS only and proves a new phone number with the code sent to it',
    async () => {
      const email = 'notify.recipient@example.org';
      const id = await createUser(e2e.database.db, 'recipient', { email, firstName: 'Ngozi', password: PASSWORD });
      await selectRows(
        e2e.database.db,
        sql`update users set phone_number = '+2348031234567', notify_by = 'both' where id = ${id}`,
      );
      const { page } = await e2e.newPage();
      await signIn(page, email, PASSWORD);
      await expect.poll(() => path(page)).toBe('/recipient/dashboard');
      await page.goto('/recipient/settings');
      await settle(page);
      await expectNoAxeViolations(page, 'settings, light');

      // Tab lands on the chosen radio (email and SMS); the arrow moves to SMS only.
      const both = page.getByRole('radio', { name: /Email and SMS/ });
      expect(await both.isChecked()).toBe(true);
      await tabTo(page, both);
      await page.keyboard.press('ArrowUp');
      expect(await page.getByRole('radio', { name: /SMS \(text message\) only/ }).isChecked()).toBe(true);
      await press(page, page.getByRole('button', { name: 'Save how we tell you' }));
      await page.getByRole('status').filter({ hasText: 'We will tell you about your request by SMS.' }).waitFor();
      await expect
        .poll(
          async () =>
            (
              await selectRows<{ n: string }>(e2e.database.db, sql`select notify_by as n from users where id = ${id}`)
            )[0]!.n,
        )
        .toBe('sms');

      await press(page, page.getByRole('button', { name: 'Change phone number' }));
      const number = page.getByRole('textbox', { name: /New phone number/ });
      await expect.poll(() => isFocused(number)).toBe(true);
      await page.keyboard.type('805 111 2233');
      await page.keyboard.press('Enter');
      const code = page.getByRole('textbox', { name: /Code from the SMS/ });
      await expect.poll(() => isFocused(code)).toBe(true);
      await page.locator('#main-content').getByText(`We are sending a code by SMS to ${NEW_NUMBER}.`).waitFor();
      await expect.poll(() => texts.filter((t) => t.to === NEW_NUMBER).length).toBe(1);
      const sent = /is (\d{6})\./.exec(texts.find((t) => t.to === NEW_NUMBER)!.text)![1]!;

      // A wrong code is refused on the field; what was typed stays, and the number has not changed.
      const wrong = sent === '000000' ? '111111' : '000000';
      await page.keyboard.type(wrong);
      await page.keyboard.press('Enter');
      expect(await expectFocusOnErrorSummary(page)).toContain('That code is not right. 4 tries left.');
      expect(await code.inputValue()).toBe(wrong);

      await tabTo(page, code);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(sent);
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: `Your phone number is now ${NEW_NUMBER}.` })
        .waitFor();
      await expect.poll(() => isFocused(page.getByRole('button', { name: 'Change phone number' }))).toBe(true);
      await expect.poll(() => focusOnBody(page)).toBe(false);
      await page.getByText(`Your phone number: ${NEW_NUMBER}`).waitFor();
      const [row] = await selectRows<{ phone_number: string }>(
        e2e.database.db,
        sql`select phone_number from users where id = ${id}`,
      );
      expect(row!.phone_number).toBe(NEW_NUMBER);

      const dark = await e2e.newPage({ theme: 'dark' });
      await signIn(dark.page, email, PASSWORD);
      await expect.poll(() => path(dark.page)).toBe('/recipient/dashboard');
      await dark.page.goto('/recipient/settings');
      await settle(dark.page);
      await expectNoAxeViolations(dark.page, 'settings, dark');
    },
    LONG_JOURNEY_MS,
  );

  it(
    'a recipient by keyboard chooses WhatsApp, told that SMS takes over when WhatsApp cannot deliver',
    async () => {
      const email = 'notify.whatsapp@example.org';
      const id = await createUser(e2e.database.db, 'recipient', { email, firstName: 'Bisi', password: PASSWORD });
      await selectRows(
        e2e.database.db,
        sql`update users set phone_number = '+2348031234999', notify_by = 'both' where id = ${id}`,
      );
      const { page } = await e2e.newPage();
      await signIn(page, email, PASSWORD);
      await expect.poll(() => path(page)).toBe('/recipient/dashboard');
      await page.goto('/recipient/settings');
      await settle(page);

      // The option says what WhatsApp means before it is chosen; the arrow moves to it from email and SMS.
      const whatsapp = page.getByRole('radio', { name: /^WhatsApp/ });
      await page
        .getByText(
          'Messages come to the WhatsApp on your phone number; if WhatsApp cannot deliver one, it comes by SMS.',
        )
        .waitFor();
      await tabTo(page, page.getByRole('radio', { name: /Email and SMS/ }));
      await page.keyboard.press('ArrowDown');
      expect(await whatsapp.isChecked()).toBe(true);
      expect(await isFocused(whatsapp)).toBe(true);
      await expectNoAxeViolations(page, 'settings with WhatsApp chosen, light');
      await press(page, page.getByRole('button', { name: 'Save how we tell you' }));
      await page
        .getByRole('status')
        .filter({ hasText: 'We will tell you about your request by WhatsApp, or by SMS when WhatsApp cannot deliver.' })
        .waitFor();
      await expect.poll(() => focusOnBody(page)).toBe(false);
      await expect
        .poll(
          async () =>
            (
              await selectRows<{ n: string }>(e2e.database.db, sql`select notify_by as n from users where id = ${id}`)
            )[0]!.n,
        )
        .toBe('whatsapp');

      // Coming back, WhatsApp is the saved choice; the dark theme passes too.
      const dark = await e2e.newPage({ theme: 'dark' });
      await signIn(dark.page, email, PASSWORD);
      await expect.poll(() => path(dark.page)).toBe('/recipient/dashboard');
      await dark.page.goto('/recipient/settings');
      await settle(dark.page);
      expect(await dark.page.getByRole('radio', { name: /^WhatsApp/ }).isChecked()).toBe(true);
      await expectNoAxeViolations(dark.page, 'settings with WhatsApp chosen, dark');
    },
    LONG_JOURNEY_MS,
  );
});
