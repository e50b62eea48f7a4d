import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '../contract/plain-format';
import { selectRows } from '../server/db/client';
import { createOrganizationCampaign, createRecipientCampaign } from '../server/test/fixtures';
import { pngFile } from '../server/test/files';
import { expectNoAxeViolations, pageProblems, setDarkMode, settle, startE2E, type E2E } from './harness';
import { focusOnBody, isFocused, path, press, signInAdmin, tabTo } from './keyboard';
import { LONG_JOURNEY_MS, SETUP_MS } from './waits';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, SETUP_MS);
afterAll(() => e2e?.close());

/** A day in Lagos as a date field takes it (yyyy-mm-dd), `days` from today. */
const lagosDate = (days: number) =>
  new Date(Date.now() + 60 * 60 * 1000 + days * 86_400_000).toISOString().slice(0, 10);

async function inBothThemes(page: Parameters<typeof settle>[0], label: string) {
  await expectNoAxeViolations(page, `${label} (light)`);
  await setDarkMode(page, true);
  await expectNoAxeViolations(page, `${label} (dark)`);
  await setDarkMode(page, false);
}

describe("sponsors' match pools", { timeout: LONG_JOURNEY_MS }, () => {
  it('an admin opens a match by keyboard; the campaign page then says every naira is doubled; the admin closes it, confirmed', async () => {
    const campaign = await createOrganizationCampaign(e2e.database.db, 40);
    const { page } = await e2e.newPage();
    await signInAdmin(page);

    // Reached from the admin navigation.
    await press(page, page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Match pools' }));
    const heading = page.getByRole('heading', { name: 'Match pools', level: 1 });
    await expect.poll(() => isFocused(heading)).toBe(true);
    await settle(page);
    await inBothThemes(page, '/admin/matches');

    await tabTo(page, page.getByRole('textbox', { name: 'Sponsor', exact: true }));
    await page.keyboard.type('Zenith Cares');
    await tabTo(page, page.getByRole('textbox', { name: 'Pool', exact: true }));
    await page.keyboard.type('500000');
    const opens = page.getByLabel('Opens', { exact: true });
    await tabTo(page, opens);
    await opens.fill(lagosDate(0));
    const closes = page.getByLabel('Closes', { exact: true });
    await tabTo(page, closes);
    await closes.fill(lagosDate(10));
    // Which campaigns: one radio group, arrow keys move the choice.
    await tabTo(page, page.getByRole('radio', { name: /^Every campaign/ }));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('radio', { name: /^Only the campaigns I name/ }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole('textbox', { name: 'Campaign ids', exact: true }));
    await page.keyboard.type(`org-${campaign}`);
    // The sponsor's logo, with the words a screen reader says for it.
    const logo = page.getByLabel("Sponsor's logo (optional)", { exact: true });
    await logo.setInputFiles({ name: 'zenith-cares.png', mimeType: 'image/png', buffer: await pngFile(240, 80) });
    await tabTo(page, page.getByRole('textbox', { name: 'Describe the logo', exact: true }));
    await page.keyboard.type('Zenith Cares logo');
    await press(page, page.getByRole('button', { name: 'Open the match' }));

    // Said once, in the page's status banner, and the pool is listed with its figures.
    await page.getByRole('status').getByText("Zenith Cares's match is saved.").waitFor();
    const pool = page.getByRole('article', { name: 'Zenith Cares' });
    await pool.waitFor();
    expect(await pool.getByText('Open', { exact: true }).count()).toBe(1);
    expect(await pool.getByRole('link', { name: /Sponsor's report \(PDF\)/ }).count()).toBe(1);
    expect(await pool.getByRole('img', { name: 'Zenith Cares logo' }).count()).toBe(1);
    await inBothThemes(page, '/admin/matches with a pool');

    // The campaign page says it while the match is open.
    const visitor = await e2e.newPage();
    await visitor.page.goto(`/campaigns/org-${campaign}`);
    await settle(visitor.page);
    const promise = `Every naira doubled by Zenith Cares until ${lagosDay(`${lagosDate(10)}T12:00:00+01:00`).replace(/ \d{4}$/, '')}, ₦500,000 left`;
    await visitor.page.getByText(promise, { exact: true }).waitFor();
    const shownLogo = visitor.page.getByRole('img', { name: 'Zenith Cares logo' });
    await shownLogo.waitFor();
    await expect
      .poll(() => shownLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await inBothThemes(visitor.page, '/campaigns/org-N with a match');
    expect(pageProblems(visitor.page)).toEqual([]);

    // Before paying, the gift bag and checkout say what the match adds to this gift.
    await visitor.page.evaluate((id) => {
      localStorage.setItem(
        'giftCart',
        JSON.stringify([
          {
            id,
            type: 'organization',
            product_name: 'Braille Slate and Stylus Set',
            product_image_url: null,
            product_price: 1_200_000,
            quantity: 2,
            totalPrice: 2_400_000,
            organization_name: 'Fixture Organization',
            units_remaining: 40,
          },
        ]),
      );
    }, `org-${campaign}`);
    for (const address of ['/cart', '/checkout']) {
      await visitor.page.goto(address);
      await settle(visitor.page);
      await visitor.page.getByText('Zenith Cares adds 2 more units.', { exact: true }).waitFor();
    }
    await inBothThemes(visitor.page, '/checkout with a match');

    // Closing early asks first; the outcome is said once and focus never falls to the page.
    await press(page, pool.getByRole('button', { name: /^Close early/ }));
    const confirm = page.getByRole('alertdialog', { name: "Close Zenith Cares's match now?" });
    await expect.poll(() => confirm.count()).toBe(1);
    await expectNoAxeViolations(page, '/admin/matches close dialog (light)');
    await press(page, confirm.getByRole('button', { name: 'Close the match' }));
    await expect.poll(() => confirm.count()).toBe(0);
    await page.getByText("Zenith Cares's match is closed.").waitFor();
    await expect.poll(() => pool.getByText('Closed', { exact: true }).count()).toBe(1);
    await expect.poll(() => focusOnBody(page)).toBe(false);
    expect(pageProblems(page)).toEqual([]);

    await visitor.page.reload();
    await settle(visitor.page);
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await visitor.page.getByText(/Every naira doubled/).count()).toBe(0);
  });

  it("a donor sees a person's device matched, pays their half by keyboard, and the device is funded whole", async () => {
    const db = e2e.database.db;
    const campaign = await createRecipientCampaign(db);
    const [pool] = await selectRows<{ id: number }>(
      db,
      sql`insert into match_pools (sponsor_name, pool_kobo, starts_at, ends_at, all_campaigns)
          values ('Access Foundation', 4500000, now() - interval '1 hour', now() + interval '3 days', false) returning id`,
    );
    await db.execute(
      sql`insert into match_pool_campaigns (pool_id, recipient_campaign_id) values (${pool!.id}, ${campaign})`,
    );

    const { page } = await e2e.newPage();
    await page.goto(`/campaigns/${campaign}`);
    await settle(page);
    await page.getByText(/^Every naira doubled by Access Foundation until .+, ₦45,000 left$/).waitFor();

    await page.goto(`/donate/${campaign}`);
    await settle(page);
    await page.getByText('Access Foundation pays ₦22,500 of this device; you pay ₦22,500.', { exact: true }).waitFor();
    await inBothThemes(page, '/donate with a match');
    await tabTo(page, page.getByRole('textbox', { name: 'Full name', exact: true }));
    await page.keyboard.type('Bisi Matched');
    await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type('bisi.matched@example.org');
    await press(page, page.getByRole('button', { name: 'Pay ₦22,500' }).first());

    // Checkout says once what the match holds for this gift, then the payment window asks the donor's half.
    await page
      .getByRole('status')
      .getByText('Matched: Access Foundation pays ₦22,500 of this gift.', { exact: true })
      .waitFor();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await press(page, dialog.getByRole('button', { name: 'Pay ₦22,500' }));
    await expect.poll(() => path(page)).toBe('/checkout/success');
    await settle(page);
    expect(pageProblems(page)).toEqual([]);

    const [row] = await selectRows<{ raised: string; units: number; paid: string; matched: string }>(
      db,
      sql`select c.amount_raised_kobo as raised, c.units_fulfilled as units,
                 (select d.total_kobo from donations d where d.donor_email = 'bisi.matched@example.org') as paid,
                 (select sum(i.amount_kobo) from donation_items i where i.match_pool_id = ${pool!.id} and i.status = 'allocated') as matched
            from recipient_campaigns c where c.id = ${campaign}`,
    );
    expect({
      raised: Number(row!.raised),
      units: Number(row!.units),
      paid: Number(row!.paid),
      matched: Number(row!.matched),
    }).toEqual({
      raised: 4_500_000,
      units: 1,
      paid: 2_250_000,
      matched: 2_250_000,
    });
  });
});
