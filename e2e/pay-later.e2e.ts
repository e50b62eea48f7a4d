import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWAITING_CONFIRMATION } from '@contract/payment-channels';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/db/seed/demo-data';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { focusOnBody, isFocused, path, press, signIn } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

const WEBHOOK_SECRET = 'e2e-sandbox-webhook-secret';
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({}, { sandbox: { confirmSeconds: 3600, webhookSecret: WEBHOOK_SECRET } });
});
afterAll(() => e2e?.close());

const heading = (page: Page) => page.locator('main h1');

/** What the bank's confirmation looks like to the sandbox: Paystack's event, signed as Paystack signs. */
async function bankConfirms(reference: string, amount: number) {
  const body = JSON.stringify({ event: 'charge.success', data: { reference, amount, currency: 'NGN' } });
  const res = await fetch(`${e2e.baseURL}/api/payments/sandbox/webhook`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': createHmac('sha512', WEBHOOK_SECRET).update(body).digest('hex'),
    },
  });
  expect(res.status).toBe(200);
}

describe('paying by bank transfer', () => {
  it(
    'a signed-in donor pays by transfer with the keyboard, waits for the bank, and is thanked once it confirms',
    { timeout: LONG_JOURNEY_MS },
    async () => {
      const [campaign] = await selectRows<{ id: number }>(
        e2e.database.db,
        sql`select c.id from recipient_campaigns c join users u on u.id = c.recipient_id
             where u.email = 'funke.adeyemi@example.com' and c.status = 'approved' limit 1`,
      );
      const { context, page } = await e2e.newPage();
      await signIn(page, 'donor@example.com', DEMO_PASSWORD);
      await expect.poll(() => path(page)).toBe('/');

      await page.goto(`/campaigns/${campaign!.id}`);
      await settle(page);
      await press(page, page.getByRole('button', { name: 'Add to gift bag' }));
      await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1');
      await page.goto('/checkout');
      await settle(page);
      expect(await page.locator('main').innerText()).not.toMatch(/card payment|no card/i);
      await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('donor@example.com');
      await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());

      // The test payment offers the configured ways of paying; arrow keys choose among them.
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.count()).toBe(1);
      const ways = dialog.getByRole('radio');
      expect(
        await ways.evaluateAll((radios) => radios.map((r) => r.closest('label')?.innerText.split('\n')[0])),
      ).toEqual(['Card', 'Bank', 'USSD', 'Bank transfer']);
      await expectNoAxeViolations(page, 'test payment dialog with channels');
      await press(page, dialog.getByRole('radio', { name: /^Card/ }), 'ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => dialog.getByRole('radio', { name: /^Bank transfer/ }).isChecked()).toBe(true);
      await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));

      // The bank has not confirmed: the page says so, with focus on its heading.
      await expect.poll(() => path(page)).toBe('/checkout/success');
      await expect.poll(() => heading(page).innerText()).toBe('Waiting for your bank');
      await expect.poll(() => isFocused(heading(page))).toBe(true);
      const waiting = page.getByRole('status').filter({ hasText: AWAITING_CONFIRMATION });
      await expect.poll(() => waiting.count()).toBe(1);
      expect(await page.locator('main').innerText()).toContain('not recorded yet');
      expect(await page.getByTestId('cart-count').innerText()).toBe('0');
      await expectNoAxeViolations(page, 'waiting for the bank (light)');

      const [donation] = await selectRows<{ reference: string; total: number; status: string; hold: number }>(
        e2e.database.db,
        sql`select reference, total_kobo as total, status,
                   round(extract(epoch from hold_expires_at - now()) / 60)::int as hold
              from donations where donor_email = 'donor@example.com' order by id desc limit 1`,
      );
      expect(donation).toMatchObject({ status: 'pending', hold: 60 });
      expect(await page.locator('main').innerText()).toContain(donation!.reference);

      // Meanwhile the gift history lists it as awaiting confirmation, outside the totals.
      const gifts = await context.newPage();
      await gifts.goto('/donor/gifts');
      await settle(gifts);
      const row = gifts.getByRole('row').filter({ hasText: 'Awaiting confirmation' });
      await expect.poll(() => row.count()).toBe(1);
      await expectNoAxeViolations(gifts, '/donor/gifts with a payment awaiting confirmation');
      await gifts.close();

      // A reload keeps waiting; in the dark theme too.
      await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
      await page.reload();
      await settle(page);
      await expect.poll(() => heading(page).innerText()).toBe('Waiting for your bank');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await expectNoAxeViolations(page, 'waiting for the bank (dark)');

      // The bank confirms: the page turns into the thank-you, says so, and moves focus to its heading.
      await bankConfirms(donation!.reference, Number(donation!.total));
      await expect.poll(() => heading(page).innerText()).toBe('Thank You');
      await expect.poll(() => isFocused(heading(page))).toBe(true);
      await expect.poll(() => focusOnBody(page)).toBe(false);
      await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('Your gift has been received');
      expect(await page.locator('main').innerText()).toContain('Amount paid');
      await expectNoAxeViolations(page, 'thank-you after the bank confirmed (dark)');
      const [paid] = await selectRows<{ status: string }>(
        e2e.database.db,
        sql`select status from donations where reference = ${donation!.reference}`,
      );
      expect(paid!.status).toBe('paid');
      expect(pageProblems(page)).toEqual([]);
    },
  );

  it(
    'a donor who closes the payment window after sending a transfer is told it is on its way, and Pay again starts nothing new',
    { timeout: LONG_JOURNEY_MS },
    async () => {
      const email = 'window.closer@example.org';
      const [campaign] = await selectRows<{ id: number }>(
        e2e.database.db,
        sql`select c.id from recipient_campaigns c
             where c.status = 'approved'
               and not exists (select 1 from donation_items i where i.recipient_campaign_id = c.id)
             order by c.id limit 1`,
      );
      const { page } = await e2e.newPage();
      const giveAgain = async () => {
        await page.goto(`/campaigns/${campaign!.id}`);
        await settle(page);
        await press(page, page.getByRole('button', { name: 'Add to gift bag' }));
        await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1');
        await page.goto('/checkout');
        await settle(page);
        await page.getByRole('textbox', { name: 'Full name' }).fill('Window Closer');
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());
      };
      const donations = () =>
        selectRows<{ reference: string }>(
          e2e.database.db,
          sql`select reference from donations where donor_email = ${email} order by id`,
        );

      await giveAgain();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.count()).toBe(1);
      const [started] = await donations();
      // The transfer is sent where the window showed its account, then the window is closed.
      const charge = await fetch(`${e2e.baseURL}/api/payments/sandbox/charge`, {
        method: 'POST',
        body: JSON.stringify({ reference: started!.reference, channel: 'bank_transfer' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(charge.status).toBe(200);
      await press(page, dialog.getByRole('button', { name: 'Cancel' }));

      await expect.poll(() => path(page)).toBe('/checkout/success');
      await expect.poll(() => heading(page).innerText()).toBe('Waiting for your bank');
      expect(await page.locator('main').innerText()).toContain(started!.reference);
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('giftCheckout') ?? 'null'));
      expect(kept).toMatchObject({ awaiting: true, checkout: { reference: started!.reference } });
      expect(kept.expiresAt - Date.now()).toBeGreaterThan(50 * 60_000);

      // The same gift again from this browser: asked about, not paid a second time.
      await giveAgain();
      await expect.poll(() => path(page)).toBe('/checkout/success');
      await expect.poll(() => heading(page).innerText()).toBe('Waiting for your bank');
      expect(await donations()).toEqual([{ reference: started!.reference }]);
      expect(pageProblems(page)).toEqual([]);
    },
  );
});
