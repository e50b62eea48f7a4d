import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { createRecipientCampaign } from '../server/test/fixtures';
import {
  expectFocusOnErrorSummary,
  expectNoAxeViolations,
  pageProblems,
  settle,
  startE2EWithMail,
  type E2E,
  type SmtpCatcher,
} from './harness';
import { isFocused, path, press, tabTo } from './keyboard';
import { JOURNEY_MS, SETUP_MS } from './waits';

let e2e: E2E;
let smtp: SmtpCatcher;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ e2e, smtp, close: stop } = await startE2EWithMail());
}, SETUP_MS);
afterAll(() => stop?.());

/** Moves to a field with the Tab key and types into it, as a keyboard user does. */
async function typeInto(page: Page, name: string, text: string) {
  await tabTo(page, page.getByRole('textbox', { name, exact: true }));
  await page.keyboard.type(text);
}

/** The attached PDF of a mail as the SMTP catcher received it: the base64 part named `filename`. */
function attachment(raw: string, filename: string): Buffer {
  const at = raw.indexOf(`filename=${filename}`) >= 0 ? raw.indexOf(`filename=${filename}`) : raw.indexOf(filename);
  expect(at, 'the mail names its attachment').toBeGreaterThan(0);
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64');
}

async function pdfText(bytes: Buffer): Promise<{ text: string; title: string | undefined }> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  await pdf.destroy();
  return { text: text.replace(/\s+/g, ' '), title: info.Title };
}

describe('gifts in someone’s honour or memory', { timeout: JOURNEY_MS }, () => {
  it('a gift in memory sends its card', async () => {
    const notify = 'obi.family@example.org';
    const id = await createRecipientCampaign(e2e.database.db);
    const { page } = await e2e.newPage();
    await page.goto(`/donate/${id}`);
    await settle(page);
    await typeInto(page, 'Full name', 'Amaka Obi');
    await typeInto(page, 'Email', 'amaka.obi@example.org');

    // The box reveals the dedication's fields right after itself.
    const box = page.getByRole('checkbox', { name: "Give this gift in someone's honour or memory" });
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByRole('group', { name: 'The person this gift is for' }).count()).toBe(0);
    await press(page, box, 'Space');
    expect(await box.isChecked()).toBe(true);
    const group = page.getByRole('group', { name: 'The person this gift is for' });
    await expect.poll(() => group.count()).toBe(1);

    // Paying without saying whom: one summary takes focus and names each missing part once, on its field.
    const pay = page.getByRole('button', { name: /^Pay ₦/ }).first();
    await press(page, pay);
    // Name and email are there, so the summary asks to check the rest rather than for them.
    const summary = await expectFocusOnErrorSummary(page, 'Please check the details below to continue.');
    expect(summary).toContain('Choose in honour of, or in memory of.');
    expect(summary).toContain('Enter the name of the person the gift is for.');
    const name = page.getByRole('textbox', { name: 'Their name', exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/donate with a dedication missing its name (light)');

    // The summary's link takes focus to the field.
    await press(page, page.getByRole('link', { name: 'Enter the name of the person the gift is for.' }));
    await expect.poll(() => isFocused(name)).toBe(true);
    await page.keyboard.type('Ada Obi');

    // The radio group: Tab reaches it, arrow keys choose.
    const honour = page.getByRole('radio', { name: /In honour of/ });
    const memory = page.getByRole('radio', { name: /In memory of/ });
    await tabTo(page, honour);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => memory.isChecked()).toBe(true);
    expect(await honour.isChecked()).toBe(false);

    const words = 'She read to us every night. We think of her always.';
    await typeInto(page, 'Your message for the card (optional)', words);
    await expect.poll(() => page.getByText(`${words.length} of 500 characters`).count()).toBe(1);
    // The count is heard only near the limit, so the status is quiet while typing.
    expect(await group.getByRole('status').innerText()).toBe('');
    await typeInto(page, 'Their email address (optional)', notify);
    await expectNoAxeViolations(page, '/donate with a dedication (light)');

    await press(page, pay);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await press(page, dialog.getByRole('button', { name: /^Pay ₦/ }));
    await expect.poll(() => path(page)).toBe('/checkout/success');
    await settle(page);

    const [stored] = await selectRows<{ kind: string; name: string; queued: boolean }>(
      e2e.database.db,
      sql`select g.kind, g.name, g.card_queued_at is not null as queued
            from gift_dedications g join donations d on d.id = g.donation_id where d.donor_email = 'amaka.obi@example.org'`,
    );
    expect(stored).toEqual({ kind: 'memory', name: 'Ada Obi', queued: true });

    const card = await smtp.waitFor(notify, (m) => m.subject === 'A gift in memory of Ada Obi');
    expect(card.text).toContain('Amaka Obi has given a gift through Gift of Independence in memory of Ada Obi.');
    expect(card.text).toContain(words);
    expect(card.text).not.toContain('₦');
    expect(card.raw).toMatch(/Content-Type: application\/pdf/i);
    const pdf = await pdfText(attachment(card.raw, 'gift-of-independence-card.pdf'));
    expect(pdf.title).toBe('A gift in memory of Ada Obi');
    expect(pdf.text).toContain('Amaka Obi has given a gift through Gift of Independence in memory of Ada Obi.');
    expect(pdf.text).not.toContain('₦');
    expect(smtp.to(notify)).toHaveLength(1);
    expect(pageProblems(page)).toEqual([]);
  });

  it('the dedication fields pass axe in the dark theme', async () => {
    const id = await createRecipientCampaign(e2e.database.db);
    const { page } = await e2e.newPage({ theme: 'dark' });
    await page.goto(`/donate/${id}`);
    await settle(page);
    await press(page, page.getByRole('checkbox', { name: "Give this gift in someone's honour or memory" }), 'Space');
    await expect.poll(() => page.getByRole('group', { name: 'The person this gift is for' }).count()).toBe(1);
    await expectNoAxeViolations(page, '/donate with a dedication (dark)');
    await press(page, page.getByRole('button', { name: /^Pay ₦/ }).first());
    await expectFocusOnErrorSummary(page, 'Please fill in your name and email to continue.');
    await expectNoAxeViolations(page, '/donate with a dedication refused (dark)');
    expect(pageProblems(page)).toEqual([]);
  });
});
