import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { createOrganizationCampaign, createRecipientCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { escapeFrom, focusOnBody, focusedText, isFocused, path, press, signInAdmin, tabTo } from './keyboard';
import { JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

let gifts = 0;

/** A paid gift with words of support, made through the API as a browser makes it. */
async function giveWithWords(campaignId: string, message: string, donorFullName: string) {
  const remoteAddress = `10.61.0.${(gifts += 1)}`;
  const checkout = await e2e.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    payload: {
      donorEmail: `words.${gifts}@example.org`,
      donorFullName,
      cartItems: [{ campaignId, units: 1 }],
      message,
    },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { reference } = checkout.json<{ reference: string }>();
  await e2e.app.inject({ method: 'POST', url: '/api/payments/sandbox/charge', remoteAddress, payload: { reference } });
  const fund = await e2e.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode, fund.body).toBe(200);
}

describe('words of support', { timeout: JOURNEY_MS }, () => {
  it('a donor leaves words at checkout, an admin approves them by keyboard, and the campaign page shows them', async () => {
    const id = await createRecipientCampaign(e2e.database.db);
    const words = 'Walk tall, Tunde <3 We are all behind you.';
    const { page } = await e2e.newPage();
    await page.goto(`/donate/${id}`);
    await settle(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Ngozi Adaeze Eze');
    await page.getByRole('textbox', { name: 'Email' }).fill('ngozi.words@example.org');
    const box = page.getByRole('textbox', { name: 'Words of support (optional)' });
    expect(await box.getAttribute('aria-describedby')).toBeTruthy();
    await tabTo(page, box);
    await page.keyboard.type(words);
    await expect.poll(() => page.getByText(`${words.length} of 280 characters`).count()).toBe(1);
    const anonymous = page.getByRole('checkbox', { name: 'Show my name as Anonymous' });
    expect(await anonymous.isChecked()).toBe(false);
    await expectNoAxeViolations(page, '/donate with words of support');

    await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));
    await expect.poll(() => path(page)).toBe('/checkout/success');
    const [stored] = await selectRows<{ body: string; status: string }>(
      e2e.database.db,
      sql`select m.body, m.status from support_messages m join donations d on d.id = m.donation_id
           where d.donor_email = 'ngozi.words@example.org'`,
    );
    expect(stored).toEqual({ body: words, status: 'awaiting_review' });

    // Not public before an admin reads it.
    await page.goto(`/campaigns/${id}`);
    await settle(page);
    const section = page.getByRole('region', { name: 'Words of support' });
    await expect.poll(() => section.innerText()).toContain('No words of support yet.');

    const admin = (await e2e.newPage()).page;
    await signInAdmin(admin);
    await press(admin, admin.getByRole('link', { name: 'Words of support' }).first());
    await expect.poll(() => path(admin)).toBe('/admin/messages');
    await settle(admin);
    const item = admin.getByRole('listitem').filter({ hasText: words });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain('Ngozi Adaeze Eze (shown as Ngozi E.)');
    await expectNoAxeViolations(admin, '/admin/messages');

    await press(admin, item.getByRole('button', { name: 'Approve the message from Ngozi E.' }));
    const said = admin.getByRole('status').filter({ hasText: 'Approved.' });
    await expect.poll(() => said.count()).toBe(1);
    await expect.poll(() => item.count()).toBe(0);
    await expect.poll(() => focusOnBody(admin)).toBe(false);

    await admin.goto('/admin/messages?status=approved');
    await settle(admin);
    await expect.poll(() => admin.getByRole('listitem').filter({ hasText: words }).count()).toBe(1);

    await page.reload();
    await settle(page);
    const quote = section.getByRole('listitem').filter({ hasText: words });
    await expect.poll(() => quote.count()).toBe(1);
    expect(await quote.innerText()).toContain('Ngozi E.');
    expect(await section.innerText()).not.toContain('Eze');
    await expectNoAxeViolations(page, 'campaign page with words of support');
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(admin)).toEqual([]);
  });

  it('in dark mode: the queue moves focus to the next message after a decision, and both pages pass axe', async () => {
    const id = `org-${await createOrganizationCampaign(e2e.database.db, 5)}`;
    await giveWithWords(id, 'First of two, from Lagos.', 'Bola Ade');
    await giveWithWords(id, 'Second of two, from Ibadan.', 'Kemi Ojo');
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(page);
    await page.goto('/admin/messages');
    await settle(page);
    const first = page.getByRole('listitem').filter({ hasText: 'First of two' });
    const second = page.getByRole('listitem').filter({ hasText: 'Second of two' });
    await expect.poll(() => second.count()).toBe(1);
    await expectNoAxeViolations(page, '/admin/messages (dark)');

    // Hiding asks first; Escape changes nothing and focus returns to the button.
    const hide = first.getByRole('button', { name: 'Hide the message from Bola A.' });
    await press(page, hide);
    const confirm = page.getByRole('alertdialog', { name: 'Hide the message from Bola A.?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'hide message dialog (dark)');
    await escapeFrom(page, confirm);
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(hide)).toBe(true);
    expect(await first.count()).toBe(1);
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await press(page, confirm.getByRole('button', { name: 'Hide', exact: true }));
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => first.count()).toBe(0);
    await expect.poll(() => isFocused(second.getByRole('button', { name: /^Approve/ }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => second.count()).toBe(0);
    // None left: focus goes to the result, which is said and named by its sentence.
    await expect.poll(() => focusOnBody(page)).toBe(false);
    await expect.poll(() => focusedText(page)).toContain('Approved.');
    expect(
      await page.evaluate(() => {
        const el = document.activeElement;
        const by = el?.getAttribute('aria-labelledby');
        return by ? document.getElementById(by)?.textContent : null;
      }),
    ).toContain('Approved.');

    await page.goto(`/campaigns/${id}`);
    await settle(page);
    const section = page.getByRole('region', { name: 'Words of support' });
    await expect.poll(() => section.getByRole('listitem').count()).toBe(1);
    expect(await section.innerText()).toContain('Second of two, from Ibadan.');
    expect(await section.innerText()).not.toContain('First of two');
    await expectNoAxeViolations(page, 'campaign page with words of support (dark)');
  });
});
