import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { demoAccounts } from '../server/db/seed/demo-data';
import { createRecipientCampaign, createUser, createUsers } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { path, focusedText, tabTo, press, signIn, signInAdmin } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

describe('manage users', { timeout: LONG_JOURNEY_MS }, () => {
  it('an admin creates an admin by keyboard; the new admin signs in, must choose a password, then is sent to set up a second factor (dark)', async () => {
    const { page } = await e2e.newPage();
    await signInAdmin(page);
    await page.goto('/admin/users');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    await expectNoAxeViolations(page, 'manage users');

    const form = page.getByRole('region', { name: 'Create an admin' });
    // An empty submit: the summary takes focus and names each problem.
    await press(page, form.getByRole('button', { name: 'Create Admin' }));
    await expect.poll(() => focusedText(page)).toContain('There is a problem');
    await expectNoAxeViolations(page, 'create admin form with errors');

    const email = 'kemi.new.admin@example.org';
    const temporary = 'Temporary pass for Kemi 2026';
    await typeInto(page, form.getByRole('textbox', { name: 'First name' }), 'Kemi');
    await typeInto(page, form.getByRole('textbox', { name: 'Last name (optional)' }), 'Adeyemi');
    await typeInto(page, form.getByRole('textbox', { name: 'Email' }), email);
    await typeInto(page, form.getByLabel('Temporary password', { exact: true }), temporary);
    const role = form.getByRole('button', { name: /Role/ });
    await press(page, role);
    await page.getByRole('listbox').waitFor();
    await page.keyboard.type('admin', { delay: 30 });
    await page.keyboard.press('Enter');
    await expect.poll(() => role.innerText()).toContain('admin');
    await press(page, form.getByRole('button', { name: 'Create Admin' }));
    await form.getByText('Successfully created admin').waitFor();

    // The table finds the new admin by search; the role is marked by a badge with words, and the name leads to the history.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await typeInto(page, search, 'kemi.new');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'matching' }).innerText())
      .toContain('1 user matching "kemi.new"');
    const table = page.getByRole('region', { name: 'Users table' });
    await table.getByText('admin', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'users table, searched');
    await press(page, table.getByRole('link', { name: /Kemi Adeyemi/ }));
    await expect.poll(() => path(page)).toMatch(/^\/admin\/users\/\d+\/history$/);
    await settle(page);
    await page.getByText('No history found for this user.').waitFor();
    await expectNoAxeViolations(page, 'user history, empty');
    expect(pageProblems(page)).toEqual([]);

    const [row] = await selectRows<{ must_change_password: boolean }>(
      e2e.database.db,
      sql`select must_change_password from users where email = ${email}`,
    );
    expect(row?.must_change_password).toBe(true);

    // The new admin, in dark mode: sent to choose a password first, then to the admin dashboard.
    const other = await e2e.newPage({ theme: 'dark' });
    await signIn(other.page, email, temporary);
    await expect.poll(() => path(other.page)).toBe('/set-password');
    await settle(other.page);
    await other.page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
    await expectNoAxeViolations(other.page, 'choose your password (dark)');
    // The admin area is closed until then.
    await other.page.goto('/admin/users');
    await expect.poll(() => path(other.page)).toBe('/set-password');
    await settle(other.page);
    await typeInto(other.page, other.page.getByLabel('Current password', { exact: true }), temporary);
    await typeInto(
      other.page,
      other.page.getByLabel('New password', { exact: true }),
      'Kemi chose this password herself',
    );
    await press(other.page, other.page.getByRole('button', { name: 'Change Password' }));
    // With no second factor yet, the admin area sends the new admin to Security (docs/decisions/0070).
    await expect.poll(() => path(other.page), { timeout: 30_000 }).toBe('/account/security');
    await settle(other.page);
    await other.page.getByText('Admin accounts need a second factor.').waitFor();
    await expectNoAxeViolations(other.page, 'security of the new admin (dark)');
    expect(pageProblems(other.page)).toEqual([]);
  });

  it('deletes a person after asking; their history stays; pages pass axe (dark)', async () => {
    const recipientId = await createUser(e2e.database.db, 'recipient', {
      firstName: 'Obinna',
      lastName: 'Eze',
      email: 'obinna.eze@example.org',
    });
    await createRecipientCampaign(e2e.database.db, { status: 'approved', recipientId });
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(page);
    await page.goto('/admin/users?role=recipient&q=obinna');
    await settle(page);
    await expectNoAxeViolations(page, 'users filtered to recipients (dark)');
    await press(page, page.getByRole('button', { name: 'Delete Obinna Eze' }));
    const confirm = page.getByRole('alertdialog', { name: 'Delete Obinna Eze?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'delete user dialog (dark)');
    await press(page, confirm.getByRole('button', { name: 'Delete User' }));
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('The account has been deleted. Its gifts and campaigns stay on record.').waitFor();
    await expect.poll(() => focusedText(page)).toContain('The account has been deleted.');

    await page.goto(`/admin/users/${recipientId}/history`);
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'History of Deleted user' }).waitFor();
    await page.getByRole('region', { name: 'Campaigns table' }).waitFor();
    await expectNoAxeViolations(page, 'history of a deleted person (dark)');

    // Deleting yourself is refused in words.
    await page.goto(`/admin/users?q=${encodeURIComponent(demoAccounts.admin.email)}`);
    await settle(page);
    await press(page, page.getByRole('button', { name: /^Delete / }));
    await page.getByText('You cannot delete your own account.').waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('a plain admin reads the users but is offered no way to add an admin or delete anyone', async () => {
    await createUser(e2e.database.db, 'donor', { firstName: 'Halima', lastName: 'Sani', email: 'halima@example.org' });
    const { page } = await e2e.newPage();
    await signInAdmin(page, demoAccounts.staff);
    await page.goto('/admin/users');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    await page.getByText('Super admins add admin accounts and delete accounts.').waitFor();
    await page.getByRole('region', { name: 'Users table' }).waitFor();
    await page.getByRole('link', { name: /Halima Sani/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Create an admin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Admin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'manage users as a plain admin');
    expect(pageProblems(page)).toEqual([]);
  });

  it('an admin pages the users list past the 100th user by keyboard; the heading counts them all and focus follows the new rows', async () => {
    await createUsers(e2e.database.db, 'donor', 110, 'paging');
    const everyone = async () =>
      Number((await selectRows<{ n: number }>(e2e.database.db, sql`select count(*)::int as n from users`))[0]!.n);
    for (const theme of ['light', 'dark'] as const) {
      const { page } = await e2e.newPage({ theme });
      await signInAdmin(page, demoAccounts.staff);
      await page.goto('/admin/users');
      await settle(page);
      const total = await everyone();
      expect(total).toBeGreaterThan(110);
      await page.getByRole('heading', { level: 2, name: `All users (${total})` }).waitFor();
      // The list's own count line (the route announcer is a status too).
      const count = page
        .getByRole('main')
        .locator('p[role="status"]')
        .filter({ hasText: / users\.$/ });
      await expect.poll(() => count.innerText()).toBe(`Showing 50 of ${total} users.`);
      const rows = page.getByRole('region', { name: 'Users table' }).getByRole('row');
      await expectNoAxeViolations(page, `users list, first page (${theme})`);
      if (theme === 'dark') break;

      const loadMore = page.getByRole('button', { name: 'Load more' });
      for (let shown = 50; shown < total;) {
        const loaded = Math.min(shown + 50, total);
        await press(page, loadMore);
        const line = loaded < total ? `Showing ${loaded} of ${total} users.` : `${total} users.`;
        await expect.poll(() => count.innerText()).toBe(line);
        // Focus is on the first new row's name, never dropped to the page (the button leaves with the last page).
        const focusedRow = await page.evaluate(() => {
          const row = document.activeElement?.closest('tr');
          return row ? [...row.parentElement!.children].indexOf(row) : -1;
        });
        expect(focusedRow).toBe(shown);
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
        shown = loaded;
      }
      // The 101st user and beyond are on the page: the list did not stop at 100.
      expect(await rows.count()).toBe(total + 1);
      await expectNoAxeViolations(page, 'users list past 100 (light)');
      expect(pageProblems(page)).toEqual([]);
    }
  });
});
