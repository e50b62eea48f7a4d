import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '@contract/money';
import { PAYSTACK_LOCAL_FEE, feeToCover } from '@contract/payment-fee';
import { selectRows } from '../server/db/client';
import { createOrganizationCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { isFocused, path, press, signInAdmin } from './keyboard';
import { JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

async function unitPrice(id: number) {
  const [row] = await selectRows<{ price: number }>(
    e2e.database.db,
    sql`select unit_price_kobo as price from organization_campaigns where id = ${id}`,
  );
  return Number(row!.price);
}

describe('covering the fee and where gifts come from', { timeout: JOURNEY_MS }, () => {
  it('a donor who arrived by a WhatsApp link covers the fee with the keyboard; the gift keeps its source', async () => {
    const id = await createOrganizationCampaign(e2e.database.db, 4);
    const gifts = await unitPrice(id);
    const fee = feeToCover(gifts, PAYSTACK_LOCAL_FEE);
    const { page } = await e2e.newPage();
    await page.goto(`/campaigns/org-${id}?ref=whatsapp`);
    await settle(page);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('giftSource') ?? '{}').source)).toBe('whatsapp');

    await press(page, page.getByRole('link', { name: 'Donate now' }));
    await expect.poll(() => path(page)).toBe(`/donate/org-${id}`);
    await settle(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Sade Sharer');
    await page.getByRole('textbox', { name: 'Email' }).fill('sade.sharer@example.org');

    const cover = page.getByRole('checkbox', { name: `Add ${formatNaira(fee)} to cover the payment fee` });
    expect(await cover.isChecked()).toBe(false);
    expect(await cover.getAttribute('aria-describedby')).toBeTruthy();
    const pay = page.getByRole('button', { name: /^Pay ₦/ }).first();
    expect(await pay.innerText()).toContain(formatNaira(gifts));
    await press(page, cover, 'Space');
    expect(await cover.isChecked()).toBe(true);
    expect(await isFocused(cover)).toBe(true);
    // The new total is said politely, and the Pay button asks for it.
    const said = page.getByRole('status').filter({ hasText: 'You will pay' });
    await expect.poll(() => said.innerText()).toContain(formatNaira(gifts + fee));
    expect(await pay.innerText()).toContain(formatNaira(gifts + fee));
    await expectNoAxeViolations(page, '/donate with the fee covered');

    await press(page, pay);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain(formatNaira(gifts + fee));
    await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));
    await expect.poll(() => path(page)).toBe('/checkout/success');

    const [donation] = await selectRows<{ source: string; fee: number; total: number; status: string }>(
      e2e.database.db,
      sql`select source, fee_kobo as fee, total_kobo as total, status from donations where donor_email = 'sade.sharer@example.org'`,
    );
    expect({ ...donation, fee: Number(donation!.fee), total: Number(donation!.total) }).toEqual({
      source: 'whatsapp',
      fee,
      total: gifts + fee,
      status: 'paid',
    });
    const [campaign] = await selectRows<{ raised: number }>(
      e2e.database.db,
      sql`select amount_raised_kobo as raised from organization_campaigns where id = ${id}`,
    );
    expect(Number(campaign!.raised)).toBe(gifts);
    expect(pageProblems(page)).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the admin dashboard shows gifts by source as a table (${theme})`, async () => {
      const { page } = await e2e.newPage({ theme });
      await signInAdmin(page);
      const table = page.getByRole('table', { name: 'Gifts by source' });
      await table.waitFor();
      const whatsapp = table.getByRole('row', { name: /^WhatsApp/ });
      await expect.poll(() => whatsapp.count()).toBe(1);
      expect(await table.getByRole('row').count()).toBe(8);
      await expectNoAxeViolations(page, `admin dashboard with gifts by source (${theme})`);

      // The opt-in is checked in this theme too.
      const id = await createOrganizationCampaign(e2e.database.db, 2);
      await page.goto(`/donate/org-${id}`);
      await settle(page);
      await page.getByRole('checkbox', { name: /to cover the payment fee/ }).check();
      await expectNoAxeViolations(page, `/donate with the fee covered (${theme})`);
    });
  }
});
