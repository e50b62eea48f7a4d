import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { selectRows } from '../server/db/client';
import { createRecipientCampaign, createUser } from '../server/test/fixtures';
import { docxFile, jpegWithGps, pdfFile, pngFile } from '../server/test/files';
import { expectFocusOnErrorSummary, expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const path = (page: Page) => new URL(page.url()).pathname;
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? '', text: el?.innerText?.trim() ?? '', id: el?.id ?? '' };
  });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await settle(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** Tabs forward until the focused element is `target`. */
async function tabUntil(page: Page, target: ReturnType<Page['locator']>, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error('Could not reach the element with the Tab key.');
}

/** Chooses an option of a React Aria select with the keyboard: open, type ahead, Enter. */
async function chooseWithKeyboard(page: Page, button: ReturnType<Page['locator']>, text: string) {
  await tabUntil(page, button);
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.type(text, { delay: 30 });
  await page.keyboard.press('Enter');
  await expect.poll(() => button.innerText()).toContain(text);
}

describe('onboarding', { timeout: LONG_JOURNEY_MS }, () => {
  it('a recipient signs in, is sent to /onboarding and completes both steps with the keyboard', async () => {
    const { page } = await e2e.newPage();
    await signIn(page, demoAccounts.newRecipient.email);
    await expect.poll(() => path(page)).toBe('/onboarding');
    await page.getByRole('heading', { name: 'Step 1 of 2: About you' }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('50');
    expect(await progress.getAttribute('aria-valuetext')).toBe('Step 1 of 2, 50%');
    await expectNoAxeViolations(page, 'recipient onboarding step 1');

    // An empty submit: the summary takes focus, keeps it, and names each problem once.
    await page.getByRole('button', { name: 'Continue to step 2' }).focus();
    await page.keyboard.press('Enter');
    const summary = await expectFocusOnErrorSummary(page);
    for (const message of [
      'Select your gender.',
      'Enter your age.',
      'Select your state of origin.',
      'Tell us a little about yourself.',
      'Select your employment status.',
    ]) {
      expect(summary).toContain(message);
    }
    await expectNoAxeViolations(page, 'recipient onboarding step 1 with errors');

    // The answers, by keyboard from the summary on.
    await tabUntil(page, page.getByRole('radio', { name: 'Male', exact: true }));
    await page.keyboard.press('ArrowDown'); // Female
    await tabUntil(page, page.getByRole('textbox', { name: 'Age' }));
    await page.keyboard.type('16');
    await chooseWithKeyboard(page, page.getByRole('button', { name: /State of origin/ }), 'Lagos');
    await tabUntil(page, page.getByRole('textbox', { name: 'About you' }));
    await page.keyboard.type('I am in senior secondary school and want to read my textbooks in braille.');
    await tabUntil(page, page.getByRole('radio', { name: 'Employed', exact: true }));
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown'); // Self-employed, Unemployed, Student
    // What the public sees: first name and initial unless chosen otherwise, and no state. Tried both ways by keyboard.
    const initial = page.getByRole('radio', { name: /First name and initial/ });
    expect(await initial.isChecked()).toBe(true);
    await tabUntil(page, initial);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /^Full name/ }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await initial.isChecked()).toBe(true);
    const showState = page.getByRole('checkbox', { name: 'Show my state of origin on my campaign page' });
    await tabUntil(page, showState);
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    expect(await showState.isChecked()).toBe(false);
    const photo = page.getByLabel('Profile photo (optional)');
    await tabUntil(page, photo);
    // The file picker is the system's own window; the chosen file is handed to the focused field.
    await photo.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() });
    await tabUntil(page, page.getByRole('button', { name: 'Continue to step 2' }));
    await page.keyboard.press('Enter');

    // Step 2: focus on its heading, progress at 100%.
    await page.getByRole('heading', { name: 'Step 2 of 2: Your ID' }).waitFor();
    await expect.poll(async () => (await focused(page)).text).toBe('Step 2 of 2: Your ID');
    expect(await page.getByRole('progressbar', { name: 'Onboarding progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await expectNoAxeViolations(page, 'recipient onboarding step 2');

    // Back and forth keeps every answer.
    await tabUntil(page, page.getByRole('button', { name: 'Back to step 1' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 1 of 2: About you' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Age' }).inputValue()).toBe('16');
    await page.getByRole('button', { name: 'Continue to step 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 2 of 2: Your ID' }).waitFor();

    // A minor sends a parent's ID.
    await tabUntil(page, page.getByRole('radio', { name: 'My own ID' }));
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /parent's or guardian's ID/ }).isChecked()).toBe(true);
    await tabUntil(page, page.getByRole('radio', { name: /National Identification Number/ }));
    await page.keyboard.press('Space');
    const id = page.getByLabel('ID document');
    await tabUntil(page, id);
    // A text file named .pdf passes the picker but not the server, which reads the bytes.
    await id.setInputFiles({ name: 'nin.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') });
    await tabUntil(page, page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    // The server's refusal: the summary takes focus as the schema's does.
    expect(await expectFocusOnErrorSummary(page)).toContain('"nin.pdf" is not really a PDF file.');
    expect(path(page)).toBe('/onboarding');
    expect(await page.getByRole('radio', { name: /parent's or guardian's ID/ }).isChecked()).toBe(true);

    await id.setInputFiles({ name: 'nin.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await page.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe('/recipient/dashboard');

    // The profile shows the answers, the re-encoded photo and the document as a download.
    await page.getByRole('list', { name: 'Your recipient area' }).getByRole('link', { name: 'My Profile' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe('/recipient/profile');
    await settle(page);
    const main = await page.locator('main').innerText();
    for (const text of ['Female', '16', 'Lagos', 'Student', "(a parent's or guardian's)"]) expect(main).toContain(text);
    expect(await page.locator('main img').first().getAttribute('src')).toMatch(
      /^\/media\/public\/profile-photo\/.+\.webp$/,
    );
    const link = page.getByRole('link', { name: 'Download your ID document' });
    const href = (await link.getAttribute('href'))!;
    const response = await page.request.get(href);
    expect(response.headers()['content-disposition']).toContain('attachment');
    await expectNoAxeViolations(page, 'recipient profile');
    expect(main).toContain('Public pages now name you as Kemi A.');

    // Once a campaign of theirs is live, the public page names them as chosen, without their state.
    const [owner] = await selectRows<{ id: number }>(
      e2e.database.db,
      sql`select id from users where email = ${demoAccounts.newRecipient.email}`,
    );
    const campaignId = await createRecipientCampaign(e2e.database.db, { recipientId: Number(owner!.id) });
    const visitor = (await e2e.newPage()).page;
    await visitor.goto(`/campaigns/${campaignId}`);
    await settle(visitor);
    expect(await visitor.locator('h1').innerText()).toContain('Kemi A.');
    expect(await visitor.title()).toContain('Kemi A.');
    const publicText = await visitor.locator('main').innerText();
    expect(publicText).not.toContain('Adebayo');
    expect(publicText).not.toContain('Lagos State');

    // The owner changes their mind on the profile page, by keyboard; the public page follows.
    await tabUntil(page, page.getByRole('radio', { name: /First name and initial/ }));
    await page.keyboard.press('ArrowDown');
    await tabUntil(page, page.getByRole('checkbox', { name: 'Show my state of origin on my campaign page' }));
    await page.keyboard.press('Space');
    await tabUntil(page, page.getByRole('button', { name: 'Save privacy choices' }));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Your privacy choices are saved' }).count())
      .toBe(1);
    await expect.poll(() => page.locator('main').innerText()).toContain('Public pages now name you as Kemi Adebayo');
    await expect.poll(() => focused(page).then((f) => f.text)).toContain('Save privacy choices');
    await expectNoAxeViolations(page, 'recipient profile after saving privacy');
    await visitor.goto(`/campaigns/${campaignId}`);
    await settle(visitor);
    expect(await visitor.locator('h1').innerText()).toContain('Kemi Adebayo');
    expect(await visitor.locator('main').innerText()).toContain('Lagos State');
    expect(pageProblems(page)).toEqual([]);
  });

  it('an organization completes its wizard with a DOCX and sees its profile', async () => {
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signIn(page, demoAccounts.newOrganization.email);
    await expect.poll(() => path(page)).toBe('/onboarding');
    await page.getByRole('heading', { name: 'Step 1 of 2: About your organization' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Organization name' }).inputValue()).toBe(
      demoAccounts.newOrganization.organizationName,
    );
    await expectNoAxeViolations(page, 'organization onboarding step 1 (dark)');

    await tabUntil(page, page.getByRole('textbox', { name: 'Year of establishment' }));
    await page.keyboard.type('1960');
    await chooseWithKeyboard(page, page.getByRole('button', { name: /State of operation/ }), 'Plateau');
    await tabUntil(page, page.getByRole('textbox', { name: 'About your organization' }));
    await page.keyboard.type('A reading circle that records and embosses books for blind readers in Jos.');
    const logo = page.getByLabel('Logo (optional)');
    await tabUntil(page, logo);
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngFile() });
    await tabUntil(page, page.getByRole('button', { name: 'Continue to step 2' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Step 2 of 2: Registration papers' }).waitFor();
    // Founded over 50 years ago: the letter of consent is offered, and said to be.
    expect(await page.getByRole('radio', { name: /Letter of consent/ }).count()).toBe(1);
    await expectNoAxeViolations(page, 'organization onboarding step 2 (dark)');

    // Sent without its document: focus goes to the summary, not the page.
    await tabUntil(page, page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    const summary = await expectFocusOnErrorSummary(page);
    expect(summary).toContain('Select the type of document.');
    expect(summary).toContain("Choose your organization's document to upload.");
    expect(path(page)).toBe('/onboarding');
    await expectNoAxeViolations(page, 'organization onboarding step 2 with errors (dark)');
    await tabUntil(page, page.getByRole('radio', { name: /CAC registration certificate/ }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // Certificate of incorporation
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const doc = page.getByLabel('Document', { exact: true });
    await tabUntil(page, doc);
    await doc.setInputFiles({ name: 'incorporation.docx', mimeType: docx, buffer: docxFile() });
    await tabUntil(page, page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe('/organization/dashboard');

    await page.goto('/organization/profile');
    await settle(page);
    const main = await page.locator('main').innerText();
    for (const text of ['1960', 'Plateau', 'Certificate of incorporation']) expect(main).toContain(text);
    await expectNoAxeViolations(page, 'organization profile (dark)');
    // Signed in again later, onboarding is done: straight to the dashboard.
    await page.goto('/onboarding');
    await expect.poll(() => path(page)).toBe('/organization/dashboard');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations on either wizard's steps (${theme})`, async () => {
      for (const role of ['recipient', 'organization'] as const) {
        // A fresh account of this role that has not onboarded, with the demo password.
        const email = `axe.${role}.${theme}@example.org`;
        const id = await createUser(e2e.database.db, role, { email });
        await e2e.database.db.execute(sql`update users set is_onboarding_complete = false,
          password_hash = (select password_hash from users where email = ${demoAccounts.donor.email}) where id = ${id}`);
        const { page } = await e2e.newPage({ theme });
        await signIn(page, email);
        await expect.poll(() => path(page)).toBe('/onboarding');
        await page.getByRole('heading', { name: /^Step 1 of 2/ }).waitFor();
        await expectNoAxeViolations(page, `${role} step 1 (${theme})`);
        // Open the state list: the popover too.
        await page.getByRole('button', { name: /State of/ }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('listbox').waitFor();
        await expectNoAxeViolations(page, `${role} state list (${theme})`);
        await page.keyboard.press('Escape');
      }
    });
  }
});
