import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPED_CAMPAIGN_WORDS } from '../contract/stopped-campaign';
import { createOrganizationCampaign, createUser } from '../server/test/fixtures';
import { expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { escapeFrom, focusedText, tabTo, press, signInAdmin } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

async function publicPage(page: Page, id: number) {
  await page.goto(`/campaigns/org-${id}`);
  await settle(page);
  return page.getByRole('main');
}

describe('an organization campaign paused and resumed', { timeout: LONG_JOURNEY_MS }, () => {
  it('an admin pauses it with a reason by keyboard, the public page stops taking gifts, and resuming brings them back', async () => {
    const orgId = await createUser(e2e.database.db, 'organization', { firstName: 'Bola' });
    await e2e.database.db.execute(
      sql`insert into organization_profiles (user_id, organization_name) values (${orgId}, 'Ibadan Reading Circle')`,
    );
    const id = await createOrganizationCampaign(e2e.database.db, 4, { status: 'approved', organizationId: orgId });
    const about = `campaign #${id}, 4 Braille Slate and Stylus Set for Ibadan Reading Circle`;

    const { page } = await e2e.newPage();
    const visitor = await e2e.newPage();
    let main = await publicPage(visitor.page, id);
    await main.getByRole('link', { name: 'Donate now' }).waitFor();

    await signInAdmin(page);
    await page.goto(`/admin/organizations/${orgId}/campaigns`);
    await settle(page);
    await page.getByRole('heading', { name: 'Active Campaigns (1)' }).waitFor();
    await expectNoAxeViolations(page, 'organization campaigns with a live campaign');

    // Pausing asks for the reason first; an empty one is refused in words, focus on the message.
    await press(page, page.getByRole('button', { name: `Pause ${about}` }));
    const dialog = page.getByRole('dialog', { name: `Pause campaign #${id}` });
    await dialog.waitFor();
    await press(page, dialog.getByRole('button', { name: 'Pause Campaign' }));
    await expect.poll(() => focusedText(page)).toContain('A reason is required to pause a campaign.');
    await expectNoAxeViolations(page, 'pause dialog with an error');
    await tabTo(page, dialog.getByRole('textbox', { name: /Reason for pausing/ }));
    await page.keyboard.type('The supplier is confirming the new price.');
    await press(page, dialog.getByRole('button', { name: 'Pause Campaign' }));
    await page.getByText('Organization campaign paused. It takes no new gifts until it is resumed.').waitFor();
    // The Pause button has gone: focus lands on the server's sentence, never on the page.
    await expect
      .poll(() => focusedText(page))
      .toContain('Organization campaign paused. It takes no new gifts until it is resumed.');
    await page.getByRole('button', { name: `Resume ${about}` }).waitFor();
    await expectNoAxeViolations(page, 'organization campaigns with a paused campaign');

    main = await publicPage(visitor.page, id);
    await main.getByText(STOPPED_CAMPAIGN_WORDS.paused.notice).waitFor();
    await expectNoAxeViolations(visitor.page, 'public page of a paused campaign');
    expect(await main.getByRole('link', { name: 'Donate now' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: /gift bag/ }).count()).toBe(0);

    // Resuming asks first, then the campaign takes gifts again.
    await press(page, page.getByRole('button', { name: `Resume ${about}` }));
    const confirm = page.getByRole('alertdialog', { name: `Resume campaign #${id}?` });
    await confirm.waitFor();
    await press(page, confirm.getByRole('button', { name: 'Resume' }));
    await page.getByText('Organization campaign resumed. It is live for donors again.').waitFor();
    await expect.poll(() => focusedText(page)).toContain('Organization campaign resumed. It is live for donors again.');
    await page.getByRole('button', { name: `Pause ${about}` }).waitFor();

    main = await publicPage(visitor.page, id);
    await main.getByRole('link', { name: 'Donate now' }).waitFor();
    expect(await main.getByText(STOPPED_CAMPAIGN_WORDS.paused.notice).count()).toBe(0);
  });

  it('the admin organization page with a paused campaign and its dialog passes axe (dark)', async () => {
    const orgId = await createUser(e2e.database.db, 'organization', { firstName: 'Tunde' });
    const id = await createOrganizationCampaign(e2e.database.db, 2, { status: 'paused', organizationId: orgId });
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(page);
    await page.goto(`/admin/organizations/${orgId}/campaigns`);
    await settle(page);
    await page.getByRole('heading', { name: 'Active Campaigns (1)' }).waitFor();
    await expectNoAxeViolations(page, 'organization campaigns with a paused campaign (dark)');
    await press(page, page.getByRole('button', { name: new RegExp(`^Close Early campaign #${id},`) }));
    const dialog = page.getByRole('dialog', { name: `Close campaign early #${id}` });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'close dialog (dark)');
    await escapeFrom(page, dialog);
    await expect.poll(() => focusedText(page)).toContain('Close Early');
  });
});
