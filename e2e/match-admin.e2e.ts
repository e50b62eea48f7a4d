import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '../contract/plain-format';
import { createOrganizationCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, setDarkMode, settle, startE2E, type E2E } from './harness';
import { focusOnBody, isFocused, press, signInAdmin, tabTo } from './keyboard';
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
    await press(page, page.getByRole('button', { name: 'Open the match' }));

    // Said once, in the page's status banner, and the pool is listed with its figures.
    await page.getByRole('status').getByText("Zenith Cares's match is saved.").waitFor();
    const pool = page.getByRole('article', { name: 'Zenith Cares' });
    await pool.waitFor();
    expect(await pool.getByText('Open', { exact: true }).count()).toBe(1);
    expect(await pool.getByRole('link', { name: /Sponsor's report \(PDF\)/ }).count()).toBe(1);
    await inBothThemes(page, '/admin/matches with a pool');

    // The campaign page says it while the match is open.
    const visitor = await e2e.newPage();
    await visitor.page.goto(`/campaigns/org-${campaign}`);
    await settle(visitor.page);
    const promise = `Every naira doubled by Zenith Cares until ${lagosDay(`${lagosDate(10)}T12:00:00+01:00`).replace(/ \d{4}$/, '')}, ₦500,000 left`;
    await visitor.page.getByText(promise, { exact: true }).waitFor();
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
});
