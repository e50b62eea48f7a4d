import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import {
  expectNoAxeViolations,
  pageProblems,
  setDarkMode,
  settle,
  startE2EWithMail,
  type E2E,
  type SmtpCatcher,
} from './harness';
import { focusOnBody, isFocused, path, press, signInThroughApi, tabTo } from './keyboard';
import { JOURNEY_MS, SETUP_MS } from './waits';

let e2e: E2E;
let smtp: SmtpCatcher;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ e2e, smtp, close: stop } = await startE2EWithMail());
}, SETUP_MS);
afterAll(() => stop?.());

describe('monthly giving', { timeout: JOURNEY_MS }, () => {
  it('a guest starts a monthly gift to the Independence Fund by keyboard, and manages it from the mailed link', async () => {
    const email = 'tunde.monthly@example.org';
    const { page } = await e2e.newPage();
    await page.goto('/give-monthly');
    await settle(page);
    await expectNoAxeViolations(page, '/give-monthly (light)');

    // The amounts are one radio group: Tab reaches the chosen one, arrow keys move the choice.
    const chosen = page.getByRole('radio', { name: '₦2,500' });
    await tabTo(page, chosen);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: '₦5,000' }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole('textbox', { name: 'Full name', exact: true }));
    await page.keyboard.type('Tunde Bakare');
    await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type(email);

    await press(page, page.getByRole('button', { name: 'Give ₦5,000 each month' }));
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    // Only a card can be charged again, so the test payment offers nothing else.
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await press(page, dialog.getByRole('button', { name: 'Pay ₦5,000' }));

    const started = page.getByRole('heading', { name: 'Thank you: your monthly gift has started' });
    await expect.poll(() => isFocused(started)).toBe(true);
    await expectNoAxeViolations(page, '/give-monthly started (light)');
    await setDarkMode(page, true);
    await expectNoAxeViolations(page, '/give-monthly started (dark)');
    await setDarkMode(page, false);

    const [gift] = await selectRows<{ status: string; amount: string; fund: boolean }>(
      e2e.database.db,
      sql`select status, amount_kobo as amount, organization_campaign_id is null as fund from monthly_gifts where donor_email = ${email}`,
    );
    expect({ ...gift, amount: Number(gift!.amount) }).toEqual({ status: 'active', amount: 500_000, fund: true });

    const mail = await smtp.waitFor(email, (m) => m.subject === 'Your monthly gift has started');
    const link = /https?:\/\/\S+\/giving\/monthly\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const manage = new URL(link!);
    await page.goto(`${manage.pathname}${manage.search}`);
    await settle(page);
    await expect
      .poll(() => page.getByRole('heading', { name: '₦5,000 each month to The Independence Fund' }).count())
      .toBe(1);
    expect(await page.getByText('Active', { exact: true }).count()).toBe(1);
    await setDarkMode(page, true);
    await expectNoAxeViolations(page, '/giving/monthly (dark)');
    expect(pageProblems(page)).toEqual([]);
  });

  it('a donor pauses and then cancels their monthly gift, each confirmed, focus kept on the gift', async () => {
    const { page } = await e2e.newPage();
    await signInThroughApi(page, demoAccounts.donor.email, DEMO_PASSWORD);
    // The donor's monthly gift, started and paid through the API as the page above does it.
    const login = await e2e.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoAccounts.donor.email, password: DEMO_PASSWORD },
      remoteAddress: '10.88.0.1',
    });
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    const start = await e2e.app.inject({
      method: 'POST',
      url: '/api/giving/monthly',
      headers: auth,
      payload: {
        donorEmail: demoAccounts.donor.email,
        donorFullName: 'Chiamaka Eze',
        amountKobo: 200_000,
        target: 'fund',
      },
      remoteAddress: '10.88.0.2',
    });
    expect(start.statusCode, start.body).toBe(200);
    const { reference } = start.json() as { reference: string };
    for (const url of ['/api/payments/sandbox/charge', '/api/donations/fund'])
      expect(
        (
          await e2e.app.inject({
            method: 'POST',
            url,
            payload: url.endsWith('fund') ? { transactionId: reference } : { reference },
            remoteAddress: '10.88.0.3',
          })
        ).statusCode,
      ).toBe(200);

    await page.goto('/donor/giving');
    await settle(page);
    const heading = page.getByRole('heading', { name: '₦2,000 each month to The Independence Fund' });
    await expect.poll(() => heading.count()).toBe(1);
    await expectNoAxeViolations(page, '/donor/giving (light)');

    await press(page, page.getByRole('button', { name: 'Pause' }));
    const pause = page.getByRole('dialog', { name: 'Pause your monthly gift' });
    await expect.poll(() => pause.count()).toBe(1);
    await tabTo(page, pause.getByRole('radio', { name: 'One month' }));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => pause.getByRole('radio', { name: 'Two months' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/donor/giving pause dialog (light)');
    await press(page, pause.getByRole('button', { name: 'Pause the gift' }));
    await expect.poll(() => pause.count()).toBe(0);
    await expect.poll(() => isFocused(heading)).toBe(true);
    expect(await page.getByText('Paused', { exact: true }).count()).toBe(1);
    await expect
      .poll(() => page.locator('#route-announcer').innerText())
      .toBe('Your monthly gift is paused for 2 months.');

    await setDarkMode(page, true);
    await expectNoAxeViolations(page, '/donor/giving paused (dark)');

    await press(page, page.getByRole('button', { name: 'Cancel monthly gift' }));
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your monthly gift?' });
    await expect.poll(() => confirm.count()).toBe(1);
    await expectNoAxeViolations(page, '/donor/giving cancel dialog (dark)');
    await press(page, confirm.getByRole('button', { name: 'Cancel monthly gift' }));
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => isFocused(heading)).toBe(true);
    expect(await focusOnBody(page)).toBe(false);
    expect(await page.getByText('Cancelled', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);

    const subjects = await selectRows<{ status: string }>(
      e2e.database.db,
      sql`select status from monthly_gifts g join users u on u.id = g.donor_user_id where u.email = ${demoAccounts.donor.email}`,
    );
    expect(subjects.map((s) => s.status)).toContain('cancelled');
    await smtp.waitFor(demoAccounts.donor.email, (m) => m.subject === 'Your monthly gift is cancelled');
    expect(path(page)).toBe('/donor/giving');
    expect(pageProblems(page)).toEqual([]);
  });
});
