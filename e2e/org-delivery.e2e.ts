import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { createOrganizationCampaign, createUser, payForCampaign } from '../server/test/fixtures';
import { pngFile } from '../server/test/files';
import { expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { escapeFrom, focusedText, isFocused, press, signIn, signInAdmin, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** The same view in a dark-theme browser (the saved setting applied before the first paint, as a reader has it). */
async function inDark(open: (page: Page) => Promise<void>, label: string) {
  const { page } = await e2e.newPage({ theme: 'dark' });
  await open(page);
  await expectNoAxeViolations(page, `${label} (dark)`);
}

describe('proof of delivery for an organization campaign', { timeout: LONG_JOURNEY_MS }, () => {
  it('an admin records a delivery with a photo by keyboard, and the donor sees it with their gift', async () => {
    const orgId = await createUser(e2e.database.db, 'organization', { firstName: 'Kemi' });
    await e2e.database.db.execute(
      sql`insert into organization_profiles (user_id, organization_name) values (${orgId}, 'Jos Braille Club')`,
    );
    const id = await createOrganizationCampaign(e2e.database.db, 5, { status: 'approved', organizationId: orgId });
    await payForCampaign(e2e.app, `org-${id}`, 3, { donorEmail: demoAccounts.donor.email });
    const about = `campaign #${id}, 5 Braille Slate and Stylus Set for Jos Braille Club`;

    const { page } = await e2e.newPage();
    await signInAdmin(page);
    await page.goto(`/admin/organizations/${orgId}/campaigns`);
    await settle(page);
    const opener = page.getByRole('button', { name: `Record a Delivery ${about}` });
    await press(page, opener);
    const dialog = page.getByRole('dialog', { name: `Record a delivery for campaign #${id}` });
    await dialog.getByText('0 of 3 funded units delivered so far; 3 left to deliver.').waitFor();
    await expectNoAxeViolations(page, 'record a delivery dialog');

    // Two of the three units, typed; a photo whose description is missing is refused in the summary.
    const units = dialog.getByRole('textbox', { name: 'Units delivered' });
    await tabTo(page, units);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    await press(page, dialog.getByRole('button', { name: 'Add a photo' }));
    const file = dialog.getByLabel('Photo 1', { exact: true });
    await expect.poll(() => isFocused(file)).toBe(true);
    await file.setInputFiles({ name: 'handover.png', mimeType: 'image/png', buffer: await pngFile(640, 480) });
    await tabTo(page, dialog.getByRole('textbox', { name: 'Video link (optional)' }));
    await page.keyboard.type('https://example.org/handover-video');
    await press(page, dialog.getByRole('button', { name: 'Record Delivery' }));
    await expect.poll(() => focusedText(page)).toContain('Describe each photo for people who cannot see it.');
    await expectNoAxeViolations(page, 'record a delivery dialog with an error (light)');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Description of photo 1' }));
    await page.keyboard.type('Two club members reading with their new slates');
    await press(page, dialog.getByRole('button', { name: 'Record Delivery' }));

    const said = 'Recorded 2 units delivered: 2 of 3 funded units are delivered.';
    await page.getByText(said).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedText(page)).toContain('Record a Delivery');

    const donor = await e2e.newPage();
    await signIn(donor.page, demoAccounts.donor.email, DEMO_PASSWORD);
    await expect.poll(() => new URL(donor.page.url()).pathname).not.toBe('/login');
    await donor.page.goto('/donor/gifts');
    await settle(donor.page);
    const table = donor.page.getByRole('table');
    await table.getByText('2 of 3 units delivered').waitFor();
    await table.getByRole('img', { name: 'Two club members reading with their new slates' }).waitFor();
    await expectNoAxeViolations(donor.page, '/donor/gifts with a delivery');

    // The delivery video opens in the same dialog as a thank-you video and closes back to its button.
    const watch = table.getByRole('button', { name: 'Watch delivery video for Jos Braille Club' });
    await press(donor.page, watch);
    const video = donor.page.getByRole('dialog', { name: 'Delivery video for Jos Braille Club' });
    await video.getByRole('link', { name: /Open the video in a new tab/ }).waitFor();
    await expectNoAxeViolations(donor.page, 'delivery video dialog');
    await escapeFrom(donor.page, video);
    await expect.poll(() => isFocused(watch)).toBe(true);

    await inDark(async (dark) => {
      await signIn(dark, demoAccounts.donor.email, DEMO_PASSWORD);
      await expect.poll(() => new URL(dark.url()).pathname).not.toBe('/login');
      await dark.goto('/donor/gifts');
      await settle(dark);
      await dark.getByText('2 of 3 units delivered').waitFor();
    }, '/donor/gifts with a delivery');
    await inDark(async (dark) => {
      await signInAdmin(dark);
      await dark.goto(`/admin/organizations/${orgId}/campaigns`);
      await settle(dark);
      await press(dark, dark.getByRole('button', { name: `Record a Delivery ${about}` }));
      await dark.getByText('2 of 3 funded units delivered so far; 1 left to deliver.').waitFor();
    }, 'record a delivery dialog');
  });
});
