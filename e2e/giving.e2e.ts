import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/db/seed/demo-data';
import {
  expectFocusOnErrorSummary,
  expectNoAxeViolations,
  pageProblems,
  settle,
  startE2EWithMail,
  type E2E,
  type SmtpCatcher,
} from './harness';
import { escapeFrom } from './keyboard';

let e2e: E2E;
let smtp: SmtpCatcher;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ e2e, smtp, close: stop } = await startE2EWithMail());
});
afterAll(() => stop?.());

const path = (page: Page) => new URL(page.url()).pathname;
const bagCount = (page: Page) => page.getByTestId('cart-count').innerText();

async function campaignOf(email: string, table: 'recipient_campaigns' | 'organization_campaigns', status = 'approved') {
  const owner = table === 'recipient_campaigns' ? 'recipient_id' : 'organization_id';
  const [row] = await selectRows<{ id: number }>(
    e2e.database.db,
    sql`select c.id from ${sql.identifier(table)} c join users u on u.id = c.${sql.identifier(owner)} where u.email = ${email} and c.status = ${status} limit 1`,
  );
  return Number(row!.id);
}

async function press(page: Page, locator: ReturnType<Page['locator']>, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}

describe('giving', () => {
  it('a guest gives to a recipient campaign through the test payment, with the keyboard, and the bag empties', async () => {
    const id = await campaignOf('funke.adeyemi@example.com', 'recipient_campaigns');
    const { page } = await e2e.newPage();
    await page.goto(`/campaigns/${id}`);
    await settle(page);
    await press(page, page.getByRole('button', { name: 'Add to gift bag' }));
    await expect.poll(() => bagCount(page)).toBe('1');
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('added to your gift bag');
    // Focus stays on the button, which now says where the gift is.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('In your gift bag');

    await press(page, page.getByRole('link', { name: /Gift bag, 1 item/ }));
    await expect.poll(() => path(page)).toBe('/cart');
    await settle(page);
    await expect.poll(() => page.locator('main').innerText()).toContain('Focus 40 Blue Braille Display');
    await expectNoAxeViolations(page, '/cart');
    await press(page, page.getByRole('link', { name: /Proceed to checkout/ }));
    await expect.poll(() => path(page)).toBe('/checkout');
    await settle(page);
    // The sandbox is on: the page says so in a live region, and the Pay button is described by it.
    const notice = page.getByRole('status').filter({ hasText: 'Test mode: no money is charged.' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/checkout');

    const pay = page.getByRole('button', { name: /^Pay ₦/ }).first();
    expect(await pay.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`[id="${await pay.getAttribute('aria-describedby')}"]`).innerText()).toContain(
      'Test mode: no money is charged.',
    );
    await press(page, pay);
    // One summary with the product's sentence takes focus; each field says what it lacks, once.
    await expectFocusOnErrorSummary(page, 'Please fill in your name and email to continue.');
    const main = await page.locator('main').innerText();
    expect(main.split('Please fill in your name and email to continue.').length - 1).toBe(1);
    expect(main.split('Enter your full name.').length - 1).toBe(2);
    expect(main.split('Enter your email address.').length - 1).toBe(2);
    await expectNoAxeViolations(page, '/checkout with errors');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Ngozi Guest');
    await page.getByRole('textbox', { name: 'Email' }).fill('ngozi.guest@example.org');
    await press(page, pay);

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => dialog.innerText()).toContain('Test payment');
    expect(await dialog.innerText()).toContain('Test mode: no money is charged.');
    await expectNoAxeViolations(page, 'test payment dialog');
    // Closing the payment window does nothing: the form is still there and nothing was recorded.
    await escapeFrom(page, dialog);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(path(page)).toBe('/checkout');
    // The page first asks whether a payment is on its way; Pay answers again once it has heard.
    await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
    await press(page, pay);
    await expect.poll(() => dialog.count()).toBe(1);
    await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));

    await expect.poll(() => path(page)).toBe('/checkout/success');
    await settle(page);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/GOI-/);
    // What was given is listed once with its amount, and the donor is thanked once.
    const thanks = await page.locator('main').innerText();
    expect(thanks).toContain('Focus 40 Blue Braille Display for');
    expect(thanks.match(/thank you/gi)?.length).toBe(1);
    expect(await bagCount(page)).toBe('0');
    expect(await page.getByRole('link', { name: /View my gifts/ }).count()).toBe(0);
    await expectNoAxeViolations(page, '/checkout/success');

    const [campaign] = await selectRows<{ status: string }>(
      e2e.database.db,
      sql`select status from recipient_campaigns where id = ${id}`,
    );
    expect(campaign!.status).toBe('purchased');
    await smtp.waitFor('ngozi.guest@example.org', (m) => /receipt/i.test(m.subject));
    expect(pageProblems(page)).toEqual([]);
  });

  it('a signed-in donor gives 2 units to an organization campaign and sees the gift in /donor/gifts', async () => {
    const id = await campaignOf('vision.ibadan@example.com', 'organization_campaigns');
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await settle(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('donor@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => path(page)).toBe('/');

    await page.goto(`/campaigns/org-${id}`);
    await settle(page);
    await press(page, page.getByRole('button', { name: /Increase/ }));
    await expect.poll(() => page.getByRole('textbox', { name: 'Units to give' }).inputValue()).toBe('2');
    await press(page, page.getByRole('link', { name: /Donate now/ }));
    await expect.poll(() => path(page)).toBe(`/donate/org-${id}`);
    await settle(page);
    await expect.poll(() => page.getByRole('textbox', { name: /Units to give/ }).inputValue()).toBe('2');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('donor@example.com');
    await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));
    await expect.poll(() => path(page)).toBe('/checkout/success');
    await settle(page);

    await press(page, page.getByRole('link', { name: /View my gifts/ }));
    await expect.poll(() => path(page)).toBe('/donor/gifts');
    await settle(page);
    const table = page.getByRole('table');
    await expect.poll(() => table.innerText()).toContain('Ibadan Vision Resource Centre');
    await expect.poll(() => table.innerText()).toContain('2 units');
    await expectNoAxeViolations(page, '/donor/gifts');

    const [campaign] = await selectRows<{ units: number; status: string }>(
      e2e.database.db,
      sql`select units_fulfilled as units, status from organization_campaigns where id = ${id}`,
    );
    expect(campaign).toEqual({ units: 2, status: 'partially_fulfilled' });

    // The thank-you video opens in an accessible dialog and closes back to its button.
    const watch = page.getByRole('button', { name: /Watch thank-you video from Halima B\./ });
    await press(page, watch);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(await page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').count()).toBe(1);
    await expectNoAxeViolations(page, 'video dialog');
    await escapeFrom(page, page.getByRole('dialog'));
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('a new checkout from the same browser replaces its earlier one, even after a reload', async () => {
    const id = await campaignOf('amina.yusuf@example.com', 'recipient_campaigns');
    const { page } = await e2e.newPage();
    await page.goto(`/campaigns/${id}`);
    await settle(page);
    await press(page, page.getByRole('button', { name: 'Add to gift bag' }));
    await expect.poll(() => bagCount(page)).toBe('1');
    await page.goto('/checkout');
    await settle(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Bola Replace');
    await page.getByRole('textbox', { name: 'Email' }).fill('bola.first@example.org');
    const pay = page.getByRole('button', { name: /^Pay ₦/ }).first();
    await press(page, pay);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await escapeFrom(page, dialog);
    await expect.poll(() => dialog.count()).toBe(0);

    // The donor reloads and corrects their email: the first checkout's hold must not block them.
    await page.reload();
    await settle(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Bola Replace');
    await page.getByRole('textbox', { name: 'Email' }).fill('bola.second@example.org');
    await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());
    await expect.poll(() => dialog.count()).toBe(1);
    const rows = await selectRows<{ email: string; status: string }>(
      e2e.database.db,
      sql`select d.donor_email as email, d.status from donations d join donation_items i on i.donation_id = d.id
           where i.recipient_campaign_id = ${id} order by d.id`,
    );
    expect(rows).toEqual([
      { email: 'bola.first@example.org', status: 'failed' },
      { email: 'bola.second@example.org', status: 'pending' },
    ]);
    await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));
    await expect.poll(() => path(page)).toBe('/checkout/success');
    const [campaign] = await selectRows<{ status: string }>(
      e2e.database.db,
      sql`select status from recipient_campaigns where id = ${id}`,
    );
    expect(campaign!.status).toBe('purchased');
    expect(pageProblems(page)).toEqual([]);
  });

  it('refuses to quick-add an organization campaign from its card, with an accessible alert', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/campaigns');
    await settle(page);
    await press(page, page.getByRole('button', { name: /Add to gift bag.*Braille Paper/ }));
    const alert = page.getByRole('alertdialog');
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toContain(
      'Organization campaigns work differently. Please visit the campaign page for more information.',
    );
    await expectNoAxeViolations(page, 'organization quick-add alert');
    await escapeFrom(page, alert);
    expect(await bagCount(page)).toBe('0');
    // A recipient card adds at once, and focus stays on its button.
    const quick = page.getByRole('button', { name: /^Add to gift bag/ }).first();
    await press(page, quick);
    await expect.poll(() => bagCount(page)).toBe('1');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toMatch(/^In your gift bag/);
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('added to your gift bag');
  });

  it('sends an empty bag from /checkout to /campaigns', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/checkout');
    await expect.poll(() => path(page)).toBe('/campaigns');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations on the giving pages (${theme})`, async () => {
      const { page } = await e2e.newPage({ theme });
      await page.goto('/cart');
      await settle(page);
      await expect.poll(() => page.locator('main').innerText()).toContain('Your Gift Bag is Empty');
      await expectNoAxeViolations(page, `/cart empty (${theme})`);
      // Each theme gives to its own campaign: the other run's checkout still holds its unit.
      const id = await campaignOf(
        theme === 'light' ? 'ibrahim.musa@example.com' : 'esther.ojo@example.com',
        'recipient_campaigns',
      );
      await page.goto(`/campaigns/${id}`);
      await settle(page);
      await page.getByRole('button', { name: 'Add to gift bag' }).click();
      await page.goto('/cart');
      await settle(page);
      await expectNoAxeViolations(page, `/cart (${theme})`);
      await page.goto('/checkout');
      await settle(page);
      await expectNoAxeViolations(page, `/checkout (${theme})`);
      await page.getByRole('textbox', { name: 'Full name' }).fill('Theme Tester');
      await page.getByRole('textbox', { name: 'Email' }).fill(`theme.${theme}@example.org`);
      await page
        .getByRole('button', { name: /^Pay ₦/ })
        .first()
        .click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
      await expectNoAxeViolations(page, `test payment dialog (${theme})`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      const orgId = await campaignOf('hope.abeokuta@example.com', 'organization_campaigns');
      await page.goto(`/campaigns/org-${orgId}`);
      await settle(page);
      // One way to give several units: the stepper, then Donate now (or the gift bag).
      expect(await page.getByRole('button', { name: 'Fund units' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Donate now' }).count()).toBe(1);
      const units = page.getByRole('textbox', { name: /Units to give/ });
      await units.focus();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await units.inputValue()).toBe('3');
      await page.getByRole('link', { name: 'Donate now' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => path(page)).toBe(`/donate/org-${orgId}`);
      await settle(page);
      await expect.poll(() => page.getByRole('textbox', { name: /Units to give/ }).inputValue()).toBe('3');
      await expectNoAxeViolations(page, `/donate (${theme})`);
    });
  }
});

describe('giving in dark mode', () => {
  it('has no axe violations on the thank-you page, the gift history and the video dialog', async () => {
    const id = await campaignOf('recipient@example.com', 'recipient_campaigns');
    const { page } = await e2e.newPage({ theme: 'dark' });
    await page.goto('/login');
    await settle(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('donor@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => path(page)).toBe('/');
    await page.goto(`/campaigns/${id}`);
    await settle(page);
    await page.getByRole('button', { name: 'Add to gift bag' }).click();
    await page.goto('/checkout');
    await settle(page);
    await page
      .getByRole('button', { name: /^Pay ₦/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Pay ₦/ })
      .click();
    await expect.poll(() => path(page)).toBe('/checkout/success');
    await settle(page);
    await expectNoAxeViolations(page, '/checkout/success (dark)');
    await page.getByRole('link', { name: /View my gifts/ }).click();
    await expect.poll(() => path(page)).toBe('/donor/gifts');
    await settle(page);
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Tunde Bakare');
    await expectNoAxeViolations(page, '/donor/gifts (dark)');
    await page.getByRole('button', { name: /Watch thank-you video from Halima B\./ }).click();
    await expect.poll(() => page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').count()).toBe(1);
    await expectNoAxeViolations(page, 'video dialog (dark)');
  });
});
