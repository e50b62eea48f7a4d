import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { createOrganizationCampaign, createUser } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { escapeFrom, focusOnBody, isFocused, path, press, signInAdmin, signInThroughApi, tabTo } from './keyboard';
import { JOURNEY_MS, SETUP_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, SETUP_MS);
afterAll(() => e2e?.close());

/** Moves to a field with the Tab key and types into it, as a keyboard user does. */
async function typeInto(page: Page, name: string, text: string) {
  await tabTo(page, page.getByRole('textbox', { name, exact: true }));
  await page.keyboard.type(text);
}

/** A signed-in donor of their own (the demo donor's fundraisers stay untouched), on a fresh page. */
async function signedInDonor(theme: 'light' | 'dark') {
  const email = `fundraiser.${theme}.${Date.now()}@example.org`;
  const password = 'Fundraiser journey pass 1';
  await createUser(e2e.database.db, 'donor', { email, firstName: 'Chiamaka', lastName: 'Obi', password });
  const { page } = await e2e.newPage({ theme });
  await signInThroughApi(page, email, password);
  return page;
}

describe("supporters' fundraisers", { timeout: JOURNEY_MS * 2 }, () => {
  it('a donor starts one, the admin approves it, a guest gives through it and its page shows the gift', async () => {
    const campaign = `org-${await createOrganizationCampaign(e2e.database.db, 10)}`;
    const title = 'Walking 10 km for slates';

    // The donor starts it from the campaign page, by keyboard.
    const donor = await signedInDonor('light');
    await donor.goto(`/campaigns/${campaign}`);
    await settle(donor);
    const section = donor.getByRole('region', { name: 'Fundraisers' });
    await expect.poll(() => section.innerText()).toContain('No fundraisers for this campaign yet.');
    await press(donor, section.getByRole('link', { name: 'Start a fundraiser' }));
    await expect.poll(() => path(donor)).toBe('/donor/fundraisers/new');
    await settle(donor);
    await expect.poll(() => donor.getByText('Braille Slate and Stylus Set for').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(donor, '/donor/fundraisers/new');
    await typeInto(donor, 'Title', title);
    await typeInto(donor, 'Your words', 'I am walking 10 km so the resource room gets its slates.');
    await typeInto(donor, 'Goal in naira', '50000');
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#e46809' } })
      .png()
      .toBuffer();
    await donor
      .getByLabel('Photo (optional)')
      .setInputFiles({ name: 'start.png', mimeType: 'image/png', buffer: photo });
    await typeInto(donor, 'Describe the photo', 'Me at the start line in an orange shirt');
    await press(donor, donor.getByRole('button', { name: 'Send for review' }));
    await expect.poll(() => path(donor)).toBe('/donor/fundraisers');
    await settle(donor);
    await expect.poll(() => donor.getByText('waiting for our team to read it').count()).toBeGreaterThan(0);
    await expect.poll(() => focusOnBody(donor)).toBe(false);
    await expectNoAxeViolations(donor, '/donor/fundraisers');
    const [stored] = await selectRows<{ slug: string; status: string }>(
      e2e.database.db,
      sql`select slug, status from fundraisers where title = ${title}`,
    );
    expect(stored?.status).toBe('pending');
    const slug = stored!.slug;

    // Not public before an admin reads it.
    const guest = (await e2e.newPage()).page;
    await guest.goto(`/fundraisers/${slug}`);
    await settle(guest);
    await expect.poll(() => guest.getByText('We could not find that fundraiser.').count()).toBe(1);

    // The admin approves it from the messages page, beside the words of support.
    const admin = (await e2e.newPage()).page;
    await signInAdmin(admin);
    await admin.goto('/admin/messages');
    await settle(admin);
    const queue = admin.getByRole('region', { name: 'Fundraisers waiting' });
    const item = queue.getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => item.count()).toBe(1);
    await expectNoAxeViolations(admin, '/admin/messages with a fundraiser waiting');
    await press(admin, item.getByRole('button', { name: `Approve ${title}` }));
    await expect.poll(() => queue.getByRole('status').filter({ hasText: 'Approved.' }).count()).toBe(1);
    await expect.poll(() => item.count()).toBe(0);
    await expect.poll(() => focusOnBody(admin)).toBe(false);

    // A guest reads the page the server draws and gives through it.
    await guest.goto(`/fundraisers/${slug}`);
    await settle(guest);
    await expect.poll(() => guest.getByRole('heading', { level: 1, name: title }).count()).toBe(1);
    expect(await guest.getByRole('region', { name: 'Share this fundraiser' }).count()).toBe(1);
    expect(await guest.getByRole('img', { name: 'Me at the start line in an orange shirt' }).count()).toBe(1);
    await expectNoAxeViolations(guest, '/fundraisers/{slug}');
    await press(guest, guest.getByRole('link', { name: 'Give through this fundraiser' }));
    await expect.poll(() => path(guest)).toBe(`/donate/${campaign}`);
    await settle(guest);
    await typeInto(guest, 'Full name', 'Ngozi Adaeze Eze');
    await typeInto(guest, 'Email', 'ngozi.fundraiser@example.org');
    await press(guest, guest.getByRole('button', { name: /^Pay ₦/ }).first());
    const dialog = guest.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await press(guest, dialog.getByRole('button', { name: /^Pay ₦/ }));
    await expect.poll(() => path(guest)).toBe('/checkout/success');

    await guest.goto(`/fundraisers/${slug}`);
    await settle(guest);
    const figures = guest.locator('dl').first();
    await expect.poll(() => figures.innerText()).toContain('₦12,000');
    expect(await figures.innerText()).toMatch(/Gifts\s+1/);
    // The campaign page lists it with what it raised.
    await guest.goto(`/campaigns/${campaign}`);
    await settle(guest);
    const listed = guest.getByRole('region', { name: 'Fundraisers' }).getByRole('link', { name: title });
    await expect.poll(() => listed.count()).toBe(1);

    // The owner sees who gave, as the donor is shown.
    await donor.goto('/donor/fundraisers');
    await settle(donor);
    const gifts = donor.getByRole('table', { name: `Gifts through ${title}, newest first` });
    await expect.poll(() => gifts.innerText()).toContain('Ngozi E.');
    expect(await gifts.innerText()).not.toContain('Eze');
    expect(pageProblems(donor)).toEqual([]);
    expect(pageProblems(admin)).toEqual([]);
    expect(pageProblems(guest)).toEqual([]);
  });

  it('in dark mode: the owner closes a fundraiser after confirming, and its page then offers no way to give', async () => {
    const campaign = `org-${await createOrganizationCampaign(e2e.database.db, 10)}`;
    const donor = await signedInDonor('dark');
    await donor.goto('/donor/fundraisers');
    await settle(donor);
    const started = await donor.evaluate(
      async ({ campaign }) => {
        const reply = await fetch('/api/fundraisers', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: JSON.stringify({
            campaignId: campaign,
            title: 'Cycling for slates',
            story: 'Every km counts.',
            goalKobo: 5_000_000,
          }),
        });
        return (await reply.json()) as { slug: string };
      },
      { campaign },
    );
    await e2e.database.db.execute(
      sql`update fundraisers set status = 'approved', approved_at = now() where slug = ${started.slug}`,
    );

    await donor.goto(`/fundraisers/${started.slug}`);
    await settle(donor);
    await expectNoAxeViolations(donor, '/fundraisers/{slug} (dark)');
    // The campaign page lists it, and the form to start one passes in dark mode too.
    await donor.goto(`/campaigns/${campaign}`);
    await settle(donor);
    await expect
      .poll(() =>
        donor.getByRole('region', { name: 'Fundraisers' }).getByRole('link', { name: 'Cycling for slates' }).count(),
      )
      .toBe(1);
    await expectNoAxeViolations(donor, 'campaign page with a fundraiser (dark)');
    await donor.goto(`/donor/fundraisers/new?campaign=${campaign}`);
    await settle(donor);
    await expect.poll(() => donor.getByRole('button', { name: 'Send for review' }).count()).toBe(1);
    await expectNoAxeViolations(donor, '/donor/fundraisers/new (dark)');
    await donor.goto('/donor/fundraisers');
    await settle(donor);
    await expectNoAxeViolations(donor, '/donor/fundraisers (dark)');

    // Closing asks first; Escape changes nothing and focus returns to the button.
    const close = donor.getByRole('button', { name: 'Close Cycling for slates' });
    await press(donor, close);
    const confirm = donor.getByRole('alertdialog', { name: 'Close Cycling for slates?' });
    await confirm.waitFor();
    await expectNoAxeViolations(donor, 'close fundraiser dialog (dark)');
    await escapeFrom(donor, confirm);
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(close)).toBe(true);
    await donor.keyboard.press('Enter');
    await confirm.waitFor();
    await press(donor, confirm.getByRole('button', { name: 'Close the fundraiser' }));
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(() => donor.getByRole('status').filter({ hasText: 'Your fundraiser is closed.' }).count())
      .toBe(1);
    await expect.poll(() => focusOnBody(donor)).toBe(false);
    await expect.poll(() => close.count()).toBe(0);

    await donor.goto(`/fundraisers/${started.slug}`);
    await settle(donor);
    await expect
      .poll(() => donor.getByText('This fundraiser has closed and is no longer taking gifts.').count())
      .toBe(1);
    expect(await donor.getByRole('link', { name: 'Give through this fundraiser' }).count()).toBe(0);
    await expectNoAxeViolations(donor, 'closed fundraiser (dark)');
    expect(pageProblems(donor)).toEqual([]);
  });
});
