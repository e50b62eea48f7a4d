import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { selectRows } from '../server/db/client';
import { pdfFile } from '../server/test/files';
import { createSmsInbox } from '../server/test/sms-inbox';
import { expectNoAxeViolations, setDarkMode, pageProblems, settle, startE2E, type E2E } from './harness';
import { escapeFrom, focusOnBody, isFocused, path, press, signIn, signInAdmin, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

const texts = createSmsInbox();
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ sms: texts });
});
afterAll(() => e2e?.close());

/** Types into a field reached by Tab. */
async function typeInto(page: Page, name: string, text: string) {
  await tabTo(page, page.getByRole('textbox', { name, exact: true }));
  await page.keyboard.type(text);
}

/** Chooses an option of a React Aria select with the keyboard: open, type ahead, Enter. */
async function choose(page: Page, label: RegExp, text: string) {
  const button = page.getByRole('button', { name: label });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.type(text, { delay: 30 });
  await page.keyboard.press('Enter');
  await expect.poll(() => button.innerText()).toContain(text);
}

/** Fills the application by keyboard for a person (their email only when they have one). */
async function fillApplication(page: Page, person: { first: string; last: string; phone: string; email?: string }) {
  // The person.
  await typeInto(page, 'First name', person.first);
  await typeInto(page, 'Last name', person.last);
  await typeInto(page, 'Phone number', person.phone);
  // Left blank for a person with no email (docs/decisions/0066).
  if (person.email) await typeInto(page, 'Email (optional)', person.email);
  // About them.
  await tabTo(page, page.getByRole('radio', { name: 'Male', exact: true }));
  await page.keyboard.press('ArrowDown'); // Female
  await typeInto(page, 'Age', '52');
  // A typed number is not read back at each keystroke ("5", "52"): no live region holds only digits.
  const spoken = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].map((r) => r.textContent?.trim()),
  );
  expect(spoken.filter((words) => words && /^\d+$/.test(words))).toEqual([]);
  await choose(page, /State of origin/, 'Kano');
  await typeInto(page, 'About them', 'Halima weaves mats at home and lost her sight to glaucoma.');
  await tabTo(page, page.getByRole('radio', { name: 'Employed', exact: true }));
  await page.keyboard.press('ArrowDown'); // Self-employed
  // Their ID: the file picker is the browser's own, so the file is set directly.
  await tabTo(page, page.getByRole('radio', { name: /National Identification Number/ }));
  await page.keyboard.press('Space');
  await page
    .getByLabel('ID document', { exact: true })
    .setInputFiles({ name: 'nin.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
  // Their consent: spoken, before a witness, today.
  await tabTo(page, page.getByRole('radio', { name: 'Signed consent form' }));
  await page.keyboard.press('ArrowDown');
  expect(await page.getByRole('radio', { name: 'Spoken consent before a witness' }).isChecked()).toBe(true);
  await typeInto(page, "Witness's name", 'Malam Sani Bello');
  // The device.
  await choose(page, /\bDevice\b/, 'Orbit');
  await typeInto(page, 'Why they need it', 'A braille display would let Halima keep her own accounts.');
}

describe('assisted applications', { timeout: LONG_JOURNEY_MS }, () => {
  it('a caseworker applies for someone by keyboard, and the admin sees who assisted', async () => {
    const { page } = await e2e.newPage();
    await signIn(page, demoAccounts.caseworker.email, DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/caseworker');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'People you helped' }).waitFor();
    await page.getByRole('rowheader', { name: 'Esther Ojo' }).waitFor();

    await press(page, page.getByRole('link', { name: 'Apply for someone' }));
    await expect.poll(() => path(page)).toBe('/caseworker/apply');
    await page.getByRole('heading', { level: 1, name: 'Apply for someone' }).waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'apply for someone');
    await setDarkMode(page, true);
    await expectNoAxeViolations(page, 'apply for someone (dark)');
    await setDarkMode(page, false);

    await fillApplication(page, {
      first: 'Halima',
      last: 'Bello',
      phone: '803 555 0199',
      email: 'halima.bello@example.org',
    });
    await expectNoAxeViolations(page, 'apply for someone, filled');
    await setDarkMode(page, true);
    await expectNoAxeViolations(page, 'apply for someone, filled (dark)');
    await setDarkMode(page, false);

    await press(page, page.getByRole('button', { name: 'Send application' }));
    await expect.poll(() => path(page), { timeout: 30_000 }).toBe('/caseworker');
    await page.getByRole('main').getByText("Halima's application has been sent for review").waitFor();
    // Said once, with the new page's name: the note on the page is no live region.
    await expect
      .poll(() => page.locator('#route-announcer').innerText())
      .toMatch(/^People you helped\. .*Halima's application has been sent for review/);
    await page.getByRole('rowheader', { name: 'Halima Bello' }).waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);
    expect(pageProblems(page)).toEqual([]);

    // The admin's review names who assisted and how consent was given.
    const admin = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(admin.page);
    await admin.page.goto('/admin/onboarding');
    await settle(admin.page);
    await press(admin.page, admin.page.getByRole('link', { name: 'Halima Bello, version 1' }));
    await admin.page.getByRole('heading', { level: 1, name: 'Onboarding of Halima Bello' }).waitFor();
    await settle(admin.page);
    const main = await admin.page.getByRole('main').innerText();
    expect(main).toContain('Assisted by Grace Umeh (Lagos School for the Blind)');
    expect(main).toContain('Malam Sani Bello');
    await expectNoAxeViolations(admin.page, 'onboarding review of an assisted application (dark)');
  });

  it('a caseworker applies for someone with no email, who is texted how to sign in with a code', async () => {
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signIn(page, demoAccounts.caseworker.email, DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/caseworker');
    await settle(page);
    await press(page, page.getByRole('link', { name: 'Apply for someone' }));
    await expect.poll(() => path(page)).toBe('/caseworker/apply');
    await page.getByRole('heading', { level: 1, name: 'Apply for someone' }).waitFor();
    await settle(page);
    await fillApplication(page, { first: 'Musa', last: 'Idris', phone: '803 555 0277' });
    await expectNoAxeViolations(page, 'apply for someone with no email (dark)');
    await press(page, page.getByRole('button', { name: 'Send application' }));
    await expect.poll(() => path(page), { timeout: 30_000 }).toBe('/caseworker');
    await page.getByRole('main').getByText("Musa's application has been sent for review").waitFor();
    await page.getByRole('rowheader', { name: 'Musa Idris' }).waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);
    expect(pageProblems(page)).toEqual([]);

    const [person] = await selectRows<{ email: string | null; notify_by: string }>(
      e2e.database.db,
      sql`select email, notify_by from users where phone_number = '+2348035550277'`,
    );
    expect(person).toEqual({ email: null, notify_by: 'sms' });
    await expect.poll(() => texts.to('+2348035550277').length, { timeout: 15_000 }).toBe(1);
    expect(texts.to('+2348035550277')[0]).toContain('Sign in with a code sent to this number.');
  });

  // Last: it removes the demo caseworker the journeys above sign in as.
  it('an organization withdraws an invitation and removes a caseworker by keyboard, each asked first, and may invite them again', async () => {
    const { page } = await e2e.newPage();
    await signIn(page, demoAccounts.organization.email, DEMO_PASSWORD);
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
    await settle(page);
    await press(page, page.getByRole('link', { name: 'Caseworkers' }).first());
    await expect.poll(() => path(page)).toBe('/organization/caseworkers');
    await page.getByRole('rowheader', { name: 'Grace Umeh' }).waitFor();
    await settle(page);

    // Two invitations, by keyboard.
    const said = page.getByRole('status').filter({ hasText: 'We have sent an invitation to' });
    for (const email of ['first.invite@example.org', 'second.invite@example.org']) {
      await typeInto(page, 'Email', email);
      await page.keyboard.press('Enter');
      await page.getByRole('rowheader', { name: email }).waitFor();
      await expect.poll(() => said.innerText()).toContain(email);
    }
    await expectNoAxeViolations(page, 'caseworkers');
    await setDarkMode(page, true);
    await expectNoAxeViolations(page, 'caseworkers (dark)');
    await setDarkMode(page, false);

    // Withdrawing asks first; Cancel (Escape) changes nothing and focus returns to the button.
    const withdrawFirst = page.getByRole('button', { name: 'Withdraw the invitation to first.invite@example.org' });
    await press(page, withdrawFirst);
    const withdraw = page.getByRole('alertdialog', { name: 'Withdraw the invitation?' });
    await withdraw.waitFor();
    expect(await withdraw.innerText()).toContain('The link sent to first.invite@example.org stops working.');
    await escapeFrom(page, withdraw);
    await withdraw.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(withdrawFirst)).toBe(true);
    await page.keyboard.press('Enter');
    await withdraw.waitFor();
    await press(page, withdraw.getByRole('button', { name: 'Withdraw invitation' }));
    await withdraw.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'The invitation has been withdrawn.' }).waitFor();
    await expect.poll(() => page.getByRole('rowheader', { name: 'first.invite@example.org' }).count()).toBe(0);
    // Focus moves to the next row's button, never to the page.
    const withdrawSecond = page.getByRole('button', { name: 'Withdraw the invitation to second.invite@example.org' });
    await expect.poll(() => isFocused(withdrawSecond)).toBe(true);

    // Removing asks first, and says what it does.
    await press(page, page.getByRole('button', { name: 'Remove Grace Umeh' }));
    const remove = page.getByRole('alertdialog', { name: 'Remove Grace Umeh?' });
    await remove.waitFor();
    expect(await remove.innerText()).toContain('signed out at once');
    await expectNoAxeViolations(page, 'remove caseworker dialog');
    await press(page, remove.getByRole('button', { name: 'Remove', exact: true }));
    await remove.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'The caseworker has been removed and signed out.' }).waitFor();
    await expect.poll(() => page.getByRole('rowheader', { name: 'Grace Umeh' }).count()).toBe(0);
    // The last caseworker gone: focus lands on the list's heading.
    await expect.poll(() => isFocused(page.getByRole('heading', { level: 2, name: 'Your caseworkers' }))).toBe(true);
    await expect.poll(() => focusOnBody(page)).toBe(false);

    // A removed caseworker can be invited again.
    await typeInto(page, 'Email', demoAccounts.caseworker.email);
    await page.keyboard.press('Enter');
    await page.getByRole('rowheader', { name: demoAccounts.caseworker.email }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
