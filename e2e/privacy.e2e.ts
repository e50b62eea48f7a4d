import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIALS } from '../server/modules/accounts/sign-in';
import { createRecipientCampaign, createUser, payForCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2EWithMail, type E2E, type SmtpCatcher } from './harness';
import { focusOnBody, isFocused, path, press, signIn } from './keyboard';
import { JOURNEY_MS, SETUP_MS } from './waits';

const PASSWORD = 'A long enough pass 2026';
const donorEmail = (theme: string) => `privacy.${theme}@example.org`;

let e2e: E2E;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ e2e, smtp, close } = await startE2EWithMail());
  const db = e2e.database.db;
  for (const theme of ['light', 'dark']) {
    await createUser(db, 'donor', { email: donorEmail(theme), firstName: 'Bisi', lastName: 'Ade', password: PASSWORD });
    // A guest gift with the address the account proved: the export counts it as theirs.
    await payForCampaign(e2e.app, await createRecipientCampaign(db, { status: 'approved' }), 1, {
      donorEmail: donorEmail(theme),
      donorFullName: 'Bisi Ade',
    });
  }
}, SETUP_MS);
afterAll(() => close?.());

describe('people’s rights over their data', () => {
  it.each(['light', 'dark'] as const)(
    'a donor downloads their data, asks to erase, confirms from the mailed link and is signed out, by keyboard (%s)',
    async (theme) => {
      const email = donorEmail(theme);
      const { page } = await e2e.newPage({ theme });
      await signIn(page, email, PASSWORD);
      await expect.poll(() => path(page)).not.toBe('/login');
      await page.goto('/donor/account');
      await settle(page);
      await page.getByRole('heading', { name: 'Your data' }).waitFor();
      await expectNoAxeViolations(page, `/donor/account (${theme})`);

      const saved = page.waitForEvent('download');
      await press(page, page.getByRole('button', { name: 'Download my data' }));
      const download = await saved;
      expect(download.suggestedFilename()).toMatch(/^gift-of-independence-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const archive = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
      expect(archive.account.email).toBe(email);
      expect(archive.gifts).toHaveLength(1);
      await expect.poll(() => focusOnBody(page)).toBe(false);

      const mark = smtp.mark();
      const erase = page.getByRole('button', { name: 'Erase my account' });
      await press(page, erase);
      const dialog = page.getByRole('alertdialog', { name: 'Erase your account?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('What is kept, without your name');
      await expectNoAxeViolations(page, `erase dialog (${theme})`);
      await press(page, dialog.getByRole('button', { name: 'Email me the link' }));
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: `We sent a link to ${email}` })
            .count(),
        )
        .toBe(1);
      // Focus goes back to the button that opened the dialog, a frame after the dialog has gone.
      await expect.poll(() => isFocused(erase)).toBe(true);

      const mail = await smtp.waitFor(email, (m) => /\/account\/erase\/[\w-]{20,}/.test(m.text), { after: mark });
      const token = /\/account\/erase\/([\w-]{20,})/.exec(mail.text)![1]!;
      await page.goto(`/account/erase/${token}`);
      await settle(page);
      await expectNoAxeViolations(page, `/account/erase (${theme})`);
      await press(page, page.getByRole('button', { name: 'Erase my account' }));
      const outcome = page.getByRole('status').filter({ hasText: 'Your account has been erased' });
      await outcome.waitFor();
      await expect.poll(() => isFocused(outcome)).toBe(true);
      await expectNoAxeViolations(page, `/account/erase done (${theme})`);
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

      await page.goto('/donor/account');
      await expect.poll(() => path(page)).toBe('/login');
      await signIn(page, email, PASSWORD);
      await expect.poll(() => page.locator('main').innerText()).toContain(WRONG_CREDENTIALS);
      expect(pageProblems(page)).toEqual([]);
    },
    JOURNEY_MS,
  );

  it.each(['light', 'dark'] as const)(
    'a guest asks for their data at /your-data, reached from the footer, by keyboard (%s)',
    async (theme) => {
      const { page } = await e2e.newPage({ theme });
      await page.goto('/');
      await settle(page);
      await press(page, page.getByRole('contentinfo').getByRole('link', { name: 'Your Data' }));
      await expect.poll(() => path(page)).toBe('/your-data');
      await settle(page);
      await page.getByRole('textbox', { name: 'Email' }).fill(`nobody.${theme}@example.org`);
      await press(page, page.getByRole('radio', { name: /Download my data/ }));
      await press(page, page.getByRole('button', { name: 'Email me a link' }));
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'If this address gave as a guest' }).count())
        .toBe(1);
      await expectNoAxeViolations(page, `/your-data (${theme})`);
      expect(pageProblems(page)).toEqual([]);
    },
    JOURNEY_MS,
  );
});
