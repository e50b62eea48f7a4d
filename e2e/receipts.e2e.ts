import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationCampaign, createUser, payForCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { focusOnBody, path, press, signIn } from './keyboard';
import { JOURNEY_MS, SETUP_MS } from './waits';

const PASSWORD = 'A long enough pass 2026';
const EMAIL = 'receipt.keyboard@example.org';

let e2e: E2E;
let reference = '';
beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.database.db;
  await createUser(db, 'donor', { email: EMAIL, firstName: 'Kemi', lastName: 'Adeyemi', password: PASSWORD });
  // Given as a guest with the email the account has verified: the history counts it as the donor's.
  const gift = await payForCampaign(e2e.app, `org-${await createOrganizationCampaign(db, 20)}`, 2, {
    donorEmail: EMAIL,
    donorFullName: 'Kemi Adeyemi',
  });
  reference = gift.reference;
}, SETUP_MS);
afterAll(() => e2e?.close());

async function pdfText(file: string): Promise<string> {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await pdf.destroy();
  return text;
}

describe('receipts', () => {
  it(
    'a signed-in donor downloads a receipt and a statement from My Gifts by keyboard',
    async () => {
      const { page } = await e2e.newPage();
      await signIn(page, EMAIL, PASSWORD);
      await expect.poll(() => path(page)).not.toBe('/login');
      await page.goto('/donor/gifts');
      await settle(page);
      const receipt = page.getByRole('button', { name: new RegExp(`Download receipt \\(PDF\\) .*${reference}`) });
      await receipt.waitFor();
      const saved = page.waitForEvent('download');
      await press(page, receipt);
      const download = await saved;
      expect(download.suggestedFilename()).toMatch(/^gift-of-independence-receipt-GOI-\d{4}-\d{6}\.pdf$/);
      expect(await pdfText((await download.path())!)).toContain(reference);
      await expect.poll(() => focusOnBody(page)).toBe(false);

      const year = page.getByRole('combobox', { name: 'Year' });
      expect(await year.inputValue()).toBe(String(new Date().getFullYear()));
      const statement = page.getByRole('button', { name: /Download statement for \d{4} \(PDF\)/ });
      const savedStatement = page.waitForEvent('download');
      await press(page, statement);
      const statementFile = await savedStatement;
      expect(statementFile.suggestedFilename()).toMatch(/^gift-of-independence-statement-\d{4}\.pdf$/);
      expect(await pdfText((await statementFile.path())!)).toContain('Statement of gifts');

      await expectNoAxeViolations(page, '/donor/gifts (light)');
      expect(pageProblems(page)).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    'anyone asks for their receipts again by keyboard; the pages pass axe in light and dark',
    async () => {
      for (const theme of ['light', 'dark'] as const) {
        const { page } = await e2e.newPage({ theme });
        await page.goto('/receipts');
        await settle(page);
        // A light page (decision 0058): its form is an island, with no form or schema library.
        const loaded = () =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map((entry) => new URL(entry.name).pathname)
              .filter((address) => address.endsWith('.js')),
          );
        expect((await loaded()).some((address) => /\/assets\/light-/.test(address))).toBe(true);
        await page.getByRole('textbox', { name: 'Email' }).fill(`someone.${theme}@example.org`);
        await press(page, page.getByRole('button', { name: 'Email My Receipts' }));
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: 'If this address has given' }).count())
          .toBe(1);
        expect((await loaded()).filter((address) => /\/assets\/(?:start-app|form|fields|zod)-/.test(address))).toEqual(
          [],
        );
        await expectNoAxeViolations(page, `/receipts (${theme})`);
        expect(pageProblems(page)).toEqual([]);
        if (theme === 'dark') {
          await signIn(page, EMAIL, PASSWORD);
          await expect.poll(() => path(page)).not.toBe('/login');
          await page.goto('/donor/gifts');
          await settle(page);
          await page
            .getByRole('button', { name: /Download receipt/ })
            .first()
            .waitFor();
          await expectNoAxeViolations(page, '/donor/gifts (dark)');
        }
      }
    },
    JOURNEY_MS,
  );
});
