import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  createUser,
  payForCampaign,
} from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { path, focusedText, focusOnBody, isFocused, tabTo, press, signIn, signInAdmin } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PASSWORD = 'A long enough pass 2026';

describe('admin review', { timeout: LONG_JOURNEY_MS }, () => {
  it('approves a request, which goes live; a donor funds it; the admin marks it delivered and adds a video the donor can watch', async () => {
    const recipientId = await createUser(e2e.database.db, 'recipient', { firstName: 'Zainab', lastName: 'Okafor' });
    const id = await createRecipientCampaign(e2e.database.db, {
      status: 'pending',
      recipientId,
      product: 'Folding White Cane',
    });
    const about = `campaign #${id}, Folding White Cane for Zainab Okafor`;

    const { page } = await e2e.newPage();
    await signInAdmin(page);
    const pending = page.getByRole('region', { name: /^Pending \(\d+\)$/ });
    await pending.getByRole('heading', { name: `Folding White Cane #${id}` }).waitFor();
    await expectNoAxeViolations(page, 'admin dashboard, recipient campaigns');

    // Approving moves the campaign to another column: focus goes to the announced result, not the page body.
    await press(page, page.getByRole('button', { name: `Approve ${about}` }));
    await page.getByText('Campaign approved. It is now live for donors.').waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);
    await expect.poll(() => focusedText(page)).toContain('Campaign approved.');
    await page
      .getByRole('region', { name: /^Approved \(\d+\)$/ })
      .getByRole('heading', { name: `Folding White Cane #${id}` })
      .waitFor();

    // It is on the public list, under the recipient's public name (first name and initial by default).
    await page.goto('/campaigns');
    await settle(page);
    await page.getByText('Zainab O.').first().waitFor();

    // A signed-up donor funds it.
    const donorEmail = 'admin.flow.donor@example.org';
    await createUser(e2e.database.db, 'donor', { email: donorEmail, firstName: 'Tunde', password: PASSWORD });
    await payForCampaign(e2e.app, id, 1, { donorEmail, donorFullName: 'Tunde Bello' });

    // The admin finds it in the table and marks it delivered, confirming in a dialog.
    await page.goto(`/admin/campaigns?status=purchased`);
    await settle(page);
    await expectNoAxeViolations(page, 'admin campaigns table');
    // Changing a filter with the arrow keys keeps focus on it (the page does not jump to its heading).
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await tabTo(page, sortBy);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('oldest');
    await settle(page);
    expect(await isFocused(sortBy)).toBe(true);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await tabTo(page, search);
    await page.keyboard.type('Zainab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'matching' }).innerText())
      .toContain('1 campaign matching "Zainab"');
    await press(page, page.getByRole('button', { name: `Mark Delivered ${about}` }));
    const confirm = page.getByRole('alertdialog', { name: 'Mark as delivered?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'mark delivered dialog');
    await press(page, confirm.getByRole('button', { name: 'Mark Delivered' }));
    await page.getByText('Marked as delivered. The recipient has been told.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => focusOnBody(page)).toBe(false);

    // Now only Add Video is offered; a bad address is refused in the dialog, a good one is kept.
    await page.goto(`/admin/campaigns?q=Zainab`);
    await settle(page);
    await press(page, page.getByRole('button', { name: `Add Video ${about}` }));
    const video = page.getByRole('dialog', { name: `Thank-you video for campaign #${id}` });
    await video.waitFor();
    await tabTo(page, video.getByRole('textbox', { name: /Video address/ }));
    await page.keyboard.type('not a link');
    await press(page, video.getByRole('button', { name: 'Save Video' }));
    await expect
      .poll(() => focusedText(page))
      .toContain('Enter the full address of the video, starting with https://.');
    await expectNoAxeViolations(page, 'video dialog with an error');
    await tabTo(page, video.getByRole('textbox', { name: /Video address/ }));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await press(page, video.getByRole('button', { name: 'Save Video' }));
    await video.waitFor({ state: 'detached' });
    await page.getByText('Video added. The donors have been told.').waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);

    const [row] = await selectRows<{ status: string; video: string | null }>(
      e2e.database.db,
      sql`select status, appreciation_video_url as video from recipient_campaigns where id = ${id}`,
    );
    expect(row).toEqual({ status: 'delivered', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });

    // The donor sees the video in their gifts.
    const donor = await e2e.newPage();
    await signIn(donor.page, donorEmail, PASSWORD);
    await expect.poll(() => path(donor.page)).toBe('/');
    await donor.page.goto('/donor/gifts');
    await settle(donor.page);
    await donor.page.getByRole('button', { name: 'Watch thank-you video from Zainab O.' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('rejects an organization request with a required reason, which the organization reads as Admin Feedback (dark)', async () => {
    const email = 'admin.flow.org@example.org';
    const orgId = await createUser(e2e.database.db, 'organization', { email, firstName: 'Chidi', password: PASSWORD });
    await e2e.database.db.execute(
      sql`insert into organization_profiles (user_id, organization_name) values (${orgId}, 'Kano Vision Society')`,
    );
    const id = await createOrganizationCampaign(e2e.database.db, 4, { status: 'pending', organizationId: orgId });

    const { page } = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(page);
    await page.goto(`/admin/organizations/${orgId}/campaigns`);
    await settle(page);
    await page.getByRole('heading', { name: 'Pending Campaigns (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Active Campaigns (0)' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('No approved campaigns.');
    await expectNoAxeViolations(page, 'one organization (dark)');

    await press(
      page,
      page.getByRole('button', {
        name: `Reject campaign #${id}, 4 Braille Slate and Stylus Set for Kano Vision Society`,
      }),
    );
    const dialog = page.getByRole('dialog', { name: `Reject campaign #${id}` });
    await dialog.waitFor();
    await press(page, dialog.getByRole('button', { name: 'Reject Campaign' }));
    await expect.poll(() => focusedText(page)).toContain('A reason is required to reject a campaign.');
    await expectNoAxeViolations(page, 'reject dialog with an error (dark)');
    await tabTo(page, dialog.getByRole('textbox', { name: /Reason for rejection/ }));
    await page.keyboard.type('Please send the enrolment list of the pupils who will use the slates.');
    await press(page, dialog.getByRole('button', { name: 'Reject Campaign' }));
    await page.getByText('Organization campaign rejected. The organization has been told why.').waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);
    await page.getByRole('heading', { name: 'Pending Campaigns (0)' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('The approval queue is empty.');

    const owner = await e2e.newPage({ theme: 'dark' });
    await signIn(owner.page, email, PASSWORD);
    await expect.poll(() => path(owner.page)).toBe('/organization/dashboard');
    await owner.page.goto('/organization/status');
    await settle(owner.page);
    const feedback = owner.page.getByRole('main');
    await expect.poll(() => feedback.innerText()).toMatch(/Admin Feedback\s*Please send the enrolment list/);
    await expectNoAxeViolations(owner.page, 'organization status, rejected (dark)');

    // The audit log names the change, its admin and its notes.
    await page.goto(`/admin/audit?campaign=org-${id}`);
    await settle(page);
    await expect
      .poll(() => page.getByRole('list', { name: 'Changes, newest first' }).innerText())
      .toMatch(/Rejected[\s\S]*Adaeze Nwosu[\s\S]*Please send the enrolment list/);
    await expectNoAxeViolations(page, 'audit log (dark)');
  });
});

describe('every admin page has no axe violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`admin pages (${theme})`, { timeout: LONG_JOURNEY_MS }, async () => {
      const { page } = await e2e.newPage({ theme });
      await signInAdmin(page);
      // One tab stop for the tab list; the arrow keys choose the tab.
      await press(page, page.getByRole('tab', { name: 'Recipient Campaigns' }), 'ArrowRight');
      expect(await page.getByRole('tab', { name: 'Organization Campaigns' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await page.getByRole('heading', { name: /^Active Organization Campaigns \(\d+\)$/ }).waitFor();
      await expectNoAxeViolations(page, `admin dashboard, organization tab (${theme})`);
      await press(page, page.getByRole('button', { name: /^View Donations for campaign #/ }).first());
      const donations = page.getByRole('dialog', { name: /^Donations for Campaign #\d+$/ });
      await donations.waitFor();
      await settle(page);
      await expectNoAxeViolations(page, `donations dialog (${theme})`);
      await press(page, donations.getByRole('button', { name: 'Close' }));
      await donations.waitFor({ state: 'detached' });
      for (const name of [
        'campaigns',
        'organizations',
        'audit',
        'payments',
        'payments/attention',
        'jobs',
        'products',
        'organizations/all/products',
        'users',
        'success-stories',
        'stats',
      ]) {
        await page.goto(`/admin/${name}`);
        await settle(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoAxeViolations(page, `/admin/${name} (${theme})`);
      }
      expect(pageProblems(page)).toEqual([]);
    });
  }
});
