import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '../contract/money';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { createUser, payForCampaign, signInNewAdmin } from '../server/test/fixtures';
import { selectRows } from '../server/db/client';
import { expectFocusOnErrorSummary, expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { path, focusedText, isFocused, tabTo, press, signIn } from './keyboard';
import { AREA_PAGES } from '../web/features/requester/area';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PASSWORD = 'A long enough pass 2026';

async function newOrganization(email: string) {
  const id = await createUser(e2e.database.db, 'organization', {
    email,
    firstName: 'Amaka',
    lastName: 'Obi',
    password: PASSWORD,
  });
  await e2e.database.db.execute(
    sql`insert into organization_profiles (user_id, organization_name) values (${id}, 'Enugu Braille Club')`,
  );
  return id;
}

describe('recipient area', () => {
  it('a recipient requests a device with the keyboard alone and sees it pending; the server decides the dashboard', async () => {
    const email = 'area.recipient@example.org';
    await createUser(e2e.database.db, 'recipient', { email, firstName: 'Halima', password: PASSWORD });
    const { page } = await e2e.newPage();
    await signIn(page, email, PASSWORD);
    await expect.poll(() => path(page)).toBe('/recipient/dashboard');
    await settle(page);
    const start = page.getByRole('link', { name: 'Start a Campaign' });
    await start.waitFor();
    expect(
      await page
        .getByRole('list', { name: 'Your recipient area' })
        .getByRole('link', { name: 'Campaign Status', exact: true })
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page, 'recipient dashboard before a request');

    // The card's link opens the catalog, and focus lands on the page's heading.
    await press(
      page,
      page.getByRole('list', { name: 'Your recipient area' }).getByRole('link', { name: 'Start a Campaign' }),
    );
    await expect.poll(() => path(page)).toBe('/recipient/catalog');
    await settle(page);
    await expect.poll(() => focusedText(page)).toBe('Device Catalog');
    // Descriptions are cut at 100 characters.
    const firstDescription = await page
      .getByRole('list', { name: 'Devices you can request' })
      .getByRole('listitem')
      .first()
      .locator('p')
      .last()
      .innerText();
    expect(firstDescription.length).toBeLessThanOrEqual(101);

    await press(page, page.getByRole('button', { name: 'Request Folding White Cane' }));
    const dialog = page.getByRole('dialog', { name: 'Request Folding White Cane' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'request dialog');
    const reason = dialog.getByRole('textbox', { name: /Why do you need this device/ });
    await tabTo(page, reason);
    await page.keyboard.type('   too short   ');
    await press(page, dialog.getByRole('button', { name: 'Submit Request' }));
    // The summary inside the dialog takes focus and keeps it; the dialog stays open with what was typed.
    expect(await expectFocusOnErrorSummary(page)).toContain(
      'Please provide a meaningful reason with at least 20 characters.',
    );
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await reason.inputValue()).toBe('   too short   ');
    await expectNoAxeViolations(page, 'request dialog with an error');

    await tabTo(page, reason);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('My old cane broke and I walk to the market and to my lessons every day.');
    await press(page, dialog.getByRole('button', { name: 'Submit Request' }));
    await expect.poll(() => path(page)).toBe('/recipient/status');
    await settle(page);
    await expect.poll(() => focusedText(page)).toBe('Campaign Status');
    const main = page.getByRole('main');
    await main.getByText('Your request has been submitted for review.').waitFor();
    await main.getByRole('heading', { name: 'Folding White Cane' }).waitFor();
    expect(await main.innerText()).toMatch(/Pending[\s\S]*under review/);
    expect(await page.evaluate(() => localStorage.getItem('requestSubmitted'))).toBe('true');
    await expectNoAxeViolations(page, 'recipient status, pending');

    // The server's answer wins over this browser's flag.
    await page.evaluate(() => localStorage.setItem('requestSubmitted', 'false'));
    await page.goto('/recipient/dashboard');
    await settle(page);
    await page
      .getByRole('list', { name: 'Your recipient area' })
      .getByRole('link', { name: 'Campaign Status', exact: true })
      .waitFor();
    await expect
      .poll(() =>
        page.getByRole('list', { name: 'Your recipient area' }).getByRole('link', { name: 'Start a Campaign' }).count(),
      )
      .toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('requestSubmitted'))).toBe('true');

    // The catalog is closed while the request is open.
    await page.goto('/recipient/catalog');
    await settle(page);
    await page.getByText('You already have an active request').waitFor();
    expect(await page.getByRole('button', { name: /^Request / }).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('below 768 px the area menu is a disclosure that Escape closes', async () => {
    const { page } = await e2e.newPage({ width: 375 });
    await signIn(page, demoAccounts.recipient.email, DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/recipient/dashboard');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Recipient area menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const help = page.getByRole('navigation', { name: 'Recipient area' }).getByRole('link', { name: 'Help' });
    expect(await help.isVisible()).toBe(false);
    await press(page, toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await help.waitFor();
    await tabTo(page, help);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(toggle)).toBe(true);
    await expectNoAxeViolations(page, 'recipient dashboard at 375 px');
  });
});

describe('organization area', () => {
  it('an organization requests 5 units, and sees both progress bars once approved and 2 units are funded (dark)', async () => {
    const email = 'area.organization@example.org';
    const orgId = await newOrganization(email);
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signIn(page, email, PASSWORD);
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
    await settle(page);
    const figures = page.getByRole('main').locator('dl').first();
    await expect.poll(() => figures.innerText()).toMatch(/Active Campaigns\s*0[\s\S]*Team Members\s*1/);
    await expectNoAxeViolations(page, 'organization dashboard (dark)');

    await press(
      page,
      page.getByRole('list', { name: 'Your organization area' }).getByRole('link', { name: 'Request Devices' }),
    );
    await expect.poll(() => path(page)).toBe('/organization/catalog');
    await settle(page);
    await expect.poll(() => focusedText(page)).toBe('Organization Product Catalog');
    await expectNoAxeViolations(page, 'organization catalog (dark)');

    // The quantity is clamped to the product's maximum, and the total follows it.
    const quantity = page.getByRole('textbox', { name: 'Quantity of Braille Slate and Stylus Set' });
    await tabTo(page, quantity);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('999');
    await page.keyboard.press('Tab');
    await expect.poll(() => quantity.inputValue()).toBe('200');
    await quantity.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await expect.poll(() => quantity.inputValue()).toBe('5');
    const [price] = await selectRows<{ price: number }>(
      e2e.database.db,
      sql`select price_kobo as price from organization_products where name = 'Braille Slate and Stylus Set'`,
    );
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Braille Slate and Stylus Set', exact: true }) });
    await expect.poll(() => card.innerText()).toContain(`Total price: ${formatNaira(Number(price!.price) * 5)}`);

    await press(page, page.getByRole('button', { name: 'Request 5 units of Braille Slate and Stylus Set' }));
    const dialog = page.getByRole('dialog', { name: 'Request Braille Slate and Stylus Set' });
    await dialog.waitFor();
    const why = dialog.getByRole('textbox', { name: /Why does your organization need/ });
    await tabTo(page, why);
    await page.keyboard.type('Too short.');
    await press(page, dialog.getByRole('button', { name: 'Submit Request' }));
    expect(await expectFocusOnErrorSummary(page)).toContain(
      'Please provide a meaningful reason with at least 20 characters.',
    );
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await tabTo(page, why);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Five pupils join our braille class next term and each needs a slate of their own.');
    await press(page, dialog.getByRole('button', { name: 'Submit Request' }));
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
    await page
      .getByRole('main')
      .getByText("Your organization's campaign request has been submitted for review!")
      .waitFor();
    await settle(page);
    await page
      .getByRole('list', { name: 'Your organization area' })
      .getByRole('link', { name: 'Campaign Status' })
      .waitFor();

    await page.goto('/organization/status');
    await settle(page);
    expect(await page.getByRole('main').innerText()).toContain('Review takes 2-3 business days.');
    expect(await page.getByRole('progressbar').count()).toBe(0);

    // An admin approves it through the admin call.
    const [campaign] = await selectRows<{ id: number }>(
      e2e.database.db,
      sql`select id from organization_campaigns where organization_id = ${orgId}`,
    );
    const admin = await signInNewAdmin(e2e.app, e2e.database.db);
    const approval = await e2e.app.inject({
      method: 'PATCH',
      url: `/api/admin/org-campaigns/${campaign!.id}/status`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { status: 'approved' },
    });
    expect(approval.statusCode).toBe(200);
    await payForCampaign(e2e.app, `org-${campaign!.id}`, 2);

    await page.reload();
    await settle(page);
    const funding = page.getByRole('progressbar', { name: 'Funding' });
    const unitsBar = page.getByRole('progressbar', { name: 'Units funded' });
    await funding.waitFor();
    expect(await funding.getAttribute('aria-valuenow')).toBe('40');
    expect(await unitsBar.getAttribute('aria-valuenow')).toBe('40');
    expect(await unitsBar.getAttribute('aria-valuetext')).toBe('40%: 2 of 5 units');
    expect(await page.getByRole('main').innerText()).toMatch(/Units remaining\s*3/);
    await page.getByRole('link', { name: 'View the public campaign page' }).waitFor();
    await expectNoAxeViolations(page, 'organization status with progress (dark)');
    expect(pageProblems(page)).toEqual([]);
  });

  it('changes the password from Settings, Security, with the keyboard', async () => {
    const email = 'area.settings@example.org';
    await newOrganization(email);
    const { page } = await e2e.newPage();
    await signIn(page, email, PASSWORD);
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
    await page.goto('/organization/settings');
    await settle(page);
    expect(await page.getByRole('tabpanel').innerText()).toContain('Enugu Braille Club');
    // Security is the tab before the last (Your data).
    await press(page, page.getByRole('tab', { name: 'Account' }), 'End');
    await page.keyboard.press('ArrowLeft');
    const security = page.getByRole('tab', { name: 'Security' });
    expect(await security.getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page, 'organization settings, security');

    await tabTo(page, page.getByLabel('Current password', { exact: true }));
    await page.keyboard.type('not the password');
    await tabTo(page, page.getByLabel('New password', { exact: true }));
    await page.keyboard.type('A different pass 2027');
    await press(page, page.getByRole('button', { name: 'Change Password' }));
    // The server's refusal lands on its field and in the summary, which takes focus.
    expect(await expectFocusOnErrorSummary(page)).toContain('Your current password is not correct.');

    await tabTo(page, page.getByLabel('Current password', { exact: true }));
    await page.keyboard.press('Control+A');
    await page.keyboard.type(PASSWORD);
    await press(page, page.getByRole('button', { name: 'Change Password' }));
    await page.getByText('Your password has been changed.').waitFor();
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    const login = await e2e.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'A different pass 2027' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('every area page has no axe violations', () => {
  // The area's own list, so a page added to an area is checked here too.
  const pages = AREA_PAGES;
  for (const theme of ['light', 'dark'] as const) {
    for (const role of ['recipient', 'organization'] as const) {
      it(`${role} pages (${theme})`, { timeout: LONG_JOURNEY_MS }, async () => {
        const { page } = await e2e.newPage({ theme });
        await signIn(page, demoAccounts[role].email, DEMO_PASSWORD);
        await expect.poll(() => path(page)).toBe(`/${role}/dashboard`);
        for (const name of pages[role]) {
          await page.goto(`/${role}/${name}`);
          await settle(page);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await expectNoAxeViolations(page, `/${role}/${name} (${theme})`);
        }
        expect(pageProblems(page)).toEqual([]);
      });
    }
  }
});
