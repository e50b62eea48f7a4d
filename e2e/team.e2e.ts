import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts } from '../server/db/seed/demo-data';
import { PLAIN_PREFIX } from '../server/modules/accounts/second-factor/totp';
import {
  expectNoAxeViolations,
  pageProblems,
  setDarkMode,
  settle,
  startE2EWithMail,
  type E2E,
  type SmtpCatcher,
} from './harness';
import {
  authenticatorCode,
  escapeFrom,
  focusedText,
  focusOnBody,
  isFocused,
  path,
  press,
  signIn,
  tabTo,
} from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

const MANAGER = 'team.manager@example.org';
const FINANCE = 'team.finance@example.org';
const PASSWORD = 'A long enough pass 2026';
const ORGANIZATION = 'Lagos School for the Blind';

let e2e: E2E;
let smtp: SmtpCatcher;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ e2e, smtp, close } = await startE2EWithMail());
});
afterAll(() => close?.());

/** Axe in both themes, back in the light one after. */
async function axeBothThemes(page: Page, label: string) {
  await expectNoAxeViolations(page, label);
  await setDarkMode(page, true);
  await expectNoAxeViolations(page, `${label} (dark)`);
  await setDarkMode(page, false);
}

/** Invites someone by email with a role, by keyboard: the role is the nth choice after Owner. */
async function invite(page: Page, email: string, role: string, downs: number) {
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
  await page.keyboard.type(email);
  // No role is chosen at first: Tab reaches the group's first choice, the arrows choose the rest.
  await tabTo(page, page.getByRole('radio', { name: /^Owner/ }));
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  expect(await page.getByRole('radio', { name: new RegExp(`^${role}`) }).isChecked()).toBe(true);
  await press(page, page.getByRole('button', { name: 'Send invitation' }));
  await page
    .getByRole('status')
    .filter({ hasText: `The invitation has been sent to ${email}` })
    .waitFor();
  await page.getByRole('rowheader', { name: `Invitation to ${email}` }).waitFor();
}

/** The mailed link's path, opened in a browser of the invited person's own, and the form filled by keyboard. */
async function openAndFill(email: string, first: string, last: string, after = 0) {
  const mail = await smtp.waitFor(email, (m) => m.subject.includes('invites you to its team'), { after });
  const link = /https?:\/\/\S+\/join\/\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const { page } = await e2e.newPage();
  await page.goto(new URL(link!).pathname);
  await settle(page);
  await page.getByRole('heading', { level: 1, name: "Join your organization's team" }).waitFor();
  await page.getByRole('heading', { level: 2, name: `${ORGANIZATION} invites you` }).waitFor();
  await tabTo(page, page.getByRole('textbox', { name: 'First name' }));
  await page.keyboard.type(first);
  await tabTo(page, page.getByRole('textbox', { name: 'Last name' }));
  await page.keyboard.type(last);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await press(page, page.getByRole('button', { name: 'Join the team' }));
  return page;
}

/** Joins from the mailed link and lands in the organization's area, signed in. */
async function joinFromMail(email: string, first: string, last: string) {
  const page = await openAndFill(email, first, last);
  await expect.poll(() => path(page), { timeout: 30_000 }).toBe('/organization/dashboard');
  await settle(page);
  return page;
}

describe('an organization team', { timeout: LONG_JOURNEY_MS }, () => {
  it('an owner invites a manager and a finance member by keyboard; each joins from the mail and sees what their role allows; the owner removes one, asked first', async () => {
    const { page: owner } = await e2e.newPage();
    await signIn(owner, demoAccounts.organization.email, DEMO_PASSWORD);
    await expect.poll(() => path(owner)).toBe('/organization/dashboard');
    await settle(owner);
    await press(owner, owner.getByRole('link', { name: 'Team Members' }).first());
    await expect.poll(() => path(owner)).toBe('/organization/team');
    await owner.getByRole('rowheader', { name: /\(you\)$/ }).waitFor();
    await settle(owner);
    expect(await owner.getByText('future update').count()).toBe(0);

    await invite(owner, MANAGER, 'Manager', 1);
    await invite(owner, FINANCE, 'Finance', 2);
    await axeBothThemes(owner, 'team page with invitations');

    // The manager joins, and reaches what a manager may do: updates, but neither gifts nor the team's controls.
    const manager = await joinFromMail(MANAGER, 'Musa', 'Danjuma');
    const managerMenu = manager.getByRole('navigation', { name: 'Organization area' });
    await managerMenu.getByRole('link', { name: 'Caseworkers' }).waitFor();
    expect(await managerMenu.getByRole('link', { name: 'Gifts' }).count()).toBe(0);
    await press(manager, managerMenu.getByRole('link', { name: 'Campaign Status' }));
    await expect.poll(() => path(manager)).toBe('/organization/status');
    await settle(manager);
    const words = manager.getByRole('textbox', { name: 'Your update' });
    await tabTo(manager, words);
    await manager.keyboard.type('Our first ten slates are in use in the primary section. Thank you, every donor.');
    await press(manager, manager.getByRole('button', { name: 'Post update' }));
    await expect.poll(() => focusedText(manager)).toMatch(/^Update posted\./);
    await manager.goto('/organization/team');
    await settle(manager);
    await manager.getByRole('rowheader', { name: 'Musa Danjuma (you)' }).waitFor();
    expect(await manager.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    expect(pageProblems(manager)).toEqual([]);

    // The finance member joins, downloads the gifts, and finds no button that changes anything.
    const finance = await joinFromMail(FINANCE, 'Bisi', 'Adeyemi');
    const financeMenu = finance.getByRole('navigation', { name: 'Organization area' });
    expect(await financeMenu.getByRole('link', { name: 'Caseworkers' }).count()).toBe(0);
    await press(finance, financeMenu.getByRole('link', { name: 'Gifts' }));
    await expect.poll(() => path(finance)).toBe('/organization/gifts');
    await settle(finance);
    await finance.getByRole('table', { name: /Gifts to your organization's campaigns/ }).waitFor();
    await axeBothThemes(finance, 'gifts page');
    const saved = finance.waitForEvent('download');
    await press(finance, finance.getByRole('button', { name: 'Download as CSV' }));
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/^gift-of-independence-gifts-\d{4}-\d{2}-\d{2}\.csv$/);
    await finance.getByRole('status').filter({ hasText: 'The gifts CSV file is downloaded.' }).waitFor();
    for (const [place, title] of [
      ['/organization/status', 'Campaign Status'],
      ['/organization/catalog', 'Organization Product Catalog'],
      ['/organization/team', 'Team Members'],
    ] as const) {
      await finance.goto(place);
      await settle(finance);
      await finance.getByRole('heading', { level: 1, name: title }).waitFor();
      const buttons = await finance.getByRole('main').getByRole('button').allInnerTexts();
      expect(
        buttons.filter((b) => /Request|Post update|Book|Send|Remove|Change role|Hand over|Withdraw/.test(b)),
        place,
      ).toEqual([]);
    }
    await axeBothThemes(finance, 'team page, read only');

    // The owner removes the finance member: asked first, then focus goes to a neighbour, never the page.
    await owner.reload();
    await settle(owner);
    await owner.getByRole('rowheader', { name: 'Bisi Adeyemi' }).waitFor();
    const removeBisi = owner.getByRole('button', { name: 'Remove Bisi Adeyemi' });
    await press(owner, removeBisi);
    const dialog = owner.getByRole('alertdialog', { name: 'Remove Bisi Adeyemi from the team?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('signed out everywhere');
    await escapeFrom(owner, dialog);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(removeBisi)).toBe(true);
    await owner.keyboard.press('Enter');
    await dialog.waitFor();
    await expectNoAxeViolations(owner, 'remove member dialog');
    await press(owner, dialog.getByRole('button', { name: 'Remove', exact: true }));
    await dialog.waitFor({ state: 'detached' });
    await owner
      .getByRole('status')
      .filter({ hasText: 'The member has been removed and signed out everywhere.' })
      .waitFor();
    await expect.poll(() => owner.getByRole('rowheader', { name: 'Bisi Adeyemi' }).count()).toBe(0);
    await expect.poll(() => focusOnBody(owner)).toBe(false);
    expect(pageProblems(owner)).toEqual([]);
  });

  // After the journey above: Bisi Adeyemi is a former member, whose account stays.
  it('a former member with a second factor joins again: the join page asks for it as the sign-in does', async () => {
    const [bisi] = await selectRows<{ id: number }>(
      e2e.database.db,
      sql`select id from users where email = ${FINANCE}`,
    );
    await e2e.database.db.execute(
      sql`insert into second_factors (user_id, kind, name, secret_sealed, confirmed_at)
          values (${bisi!.id}, 'totp', 'Authenticator app', ${`${PLAIN_PREFIX}${DEMO_TOTP_SECRET}`}, now())`,
    );
    const { page: owner } = await e2e.newPage();
    await signIn(owner, demoAccounts.organization.email, DEMO_PASSWORD);
    await expect.poll(() => path(owner)).toBe('/organization/dashboard');
    await owner.goto('/organization/team');
    await settle(owner);
    const mark = smtp.mark();
    await invite(owner, FINANCE, 'Finance', 2);

    const page = await openAndFill(FINANCE, 'Bisi', 'Adeyemi', mark);
    const step = page.getByRole('heading', { level: 2, name: 'Confirm it is you' });
    await step.waitFor();
    await expect.poll(() => isFocused(step)).toBe(true);
    await expectNoAxeViolations(page, 'join page, second factor');
    await tabTo(page, page.getByRole('textbox', { name: 'Code from your authenticator app' }));
    await page.keyboard.type(await authenticatorCode(page, FINANCE, DEMO_TOTP_SECRET));
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), { timeout: 30_000 }).toBe('/organization/dashboard');
    expect(pageProblems(page)).toEqual([]);
  });

  // After the journey above: Musa Danjuma is the team's manager.
  it('an owner changes a role, sends an invitation again and withdraws it, and hands over ownership, by keyboard', async () => {
    const { page } = await e2e.newPage();
    await signIn(page, demoAccounts.organization.email, DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
    await page.goto('/organization/settings');
    await settle(page);
    // The tabs are one stop: the arrows move from Account to Notifications to Team.
    await tabTo(page, page.getByRole('tab', { name: 'Account' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Team' }).getByText('Your role: Owner').waitFor();
    await page.getByRole('link', { name: 'Open Team Members' }).waitFor();
    // The tab lists the team as a table to read.
    await page.getByRole('tabpanel', { name: 'Team' }).getByRole('rowheader', { name: 'Musa Danjuma' }).waitFor();
    await axeBothThemes(page, 'settings, team tab');

    await page.goto('/organization/team');
    await settle(page);
    await page.getByRole('rowheader', { name: 'Musa Danjuma' }).waitFor();

    // A role change is asked in a dialog with each role's summary; focus comes back to its button.
    const changeMusa = page.getByRole('button', { name: 'Change role of Musa Danjuma' });
    await press(page, changeMusa);
    const dialog = page.getByRole('dialog', { name: 'Change the role of Musa Danjuma' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'role change dialog');
    await tabTo(page, dialog.getByRole('radio', { name: /^Manager/ }));
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /^Finance/ }).isChecked()).toBe(true);
    await press(page, dialog.getByRole('button', { name: 'Change role' }));
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'The role is now Finance.' }).waitFor();
    const musaRow = page.getByRole('row', { name: /Musa Danjuma/ });
    await expect.poll(() => musaRow.innerText()).toContain('Finance');
    await expect.poll(() => isFocused(changeMusa)).toBe(true);

    // An invitation sent again, then withdrawn: asked first, and focus goes to a neighbour's button.
    await invite(page, 'team.later@example.org', 'Manager', 1);
    await press(page, page.getByRole('button', { name: 'Send again the invitation to team.later@example.org' }));
    await page.getByRole('status').filter({ hasText: 'The invitation has been sent again.' }).waitFor();
    await press(page, page.getByRole('button', { name: 'Withdraw the invitation to team.later@example.org' }));
    const withdraw = page.getByRole('alertdialog', { name: 'Withdraw the invitation?' });
    await withdraw.waitFor();
    await press(page, withdraw.getByRole('button', { name: 'Withdraw invitation' }));
    await withdraw.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'The invitation has been withdrawn.' }).waitFor();
    await expect.poll(() => page.getByRole('rowheader', { name: /team\.later/ }).count()).toBe(0);
    await expect.poll(() => focusOnBody(page)).toBe(false);

    // Handing over: Musa becomes an owner, the viewer a manager, and the controls leave the page.
    await press(page, page.getByRole('button', { name: 'Hand over ownership to Musa Danjuma' }));
    const handOver = page.getByRole('alertdialog', { name: 'Hand over ownership to Musa Danjuma?' });
    await handOver.waitFor();
    await press(page, handOver.getByRole('button', { name: 'Hand over ownership' }));
    await handOver.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Ownership has been handed over. You are now a manager.' })
      .waitFor();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await expect.poll(() => isFocused(page.getByRole('heading', { level: 2, name: 'Your team' }))).toBe(true);
    await expect.poll(() => musaRow.innerText()).toContain('Owner');
    await axeBothThemes(page, 'team page after handing over');
    expect(pageProblems(page)).toEqual([]);
  });

  // After the journey above: Musa Danjuma is the team's only owner.
  it('a member leaves the team by keyboard, asked first, and is signed out; the last owner is told they may not', async () => {
    const { page: musa } = await e2e.newPage();
    await signIn(musa, MANAGER, PASSWORD);
    await expect.poll(() => path(musa)).toBe('/organization/dashboard');
    await musa.goto('/organization/team');
    await settle(musa);
    await invite(musa, 'team.leaver@example.org', 'Finance', 2);
    const leaver = await joinFromMail('team.leaver@example.org', 'Tope', 'Bello');
    await leaver.goto('/organization/team');
    await settle(leaver);
    const leave = leaver.getByRole('button', { name: 'Leave the team' });
    await press(leaver, leave);
    const dialog = leaver.getByRole('alertdialog', { name: `Leave ${ORGANIZATION}'s team?` });
    await dialog.waitFor();
    await expectNoAxeViolations(leaver, 'leave the team dialog');
    await press(leaver, dialog.getByRole('button', { name: 'Leave the team' }));
    await expect.poll(() => path(leaver), { timeout: 30_000 }).toBe('/login');
    await expect.poll(() => focusOnBody(leaver)).toBe(false);

    // The last owner is refused, in the dialog, and may cancel.
    await musa.reload();
    await settle(musa);
    await press(musa, musa.getByRole('button', { name: 'Leave the team' }));
    const refused = musa.getByRole('alertdialog', { name: `Leave ${ORGANIZATION}'s team?` });
    await refused.waitFor();
    await press(musa, refused.getByRole('button', { name: 'Leave the team' }));
    await refused.getByText('An organization always has at least one owner.').waitFor();
    await escapeFrom(musa, refused);
    await refused.waitFor({ state: 'detached' });
    expect(pageProblems(musa)).toEqual([]);
  });

  it('an expired or used link says so, with focus on the sentence', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/join/not-a-real-token');
    await settle(page);
    const sentence = page.getByText('This invitation link is not valid or has expired.');
    await sentence.waitFor();
    await expect.poll(() => isFocused(page.getByRole('alert').locator('..'))).toBe(true);
    await axeBothThemes(page, 'join page with a used link');
  });
});
