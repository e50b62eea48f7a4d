import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { createRecipientCampaign, createUser, payForCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, settle, startE2EWithMail, type E2E, type SmtpCatcher } from './harness';
import { focusOnBody, focusedText, path, press, signIn, signInAdmin, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

const PASSWORD = 'A long enough pass 2026';
const WORDS = 'Thank you all, I start my course next month.';
const DONOR = 'update.reader@example.org';

let e2e: E2E;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ e2e, smtp, close } = await startE2EWithMail());
});
afterAll(() => close?.());

/** The same page in the dark theme, as a visitor who chose it sees it after a reload. */
async function toDark(page: Page) {
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await settle(page);
}

describe("a recipient's update", () => {
  it(
    'waits for an admin, who approves it by keyboard; the donor is mailed and stops the mails from the link',
    async () => {
      const email = 'update.recipient@example.org';
      const owner = await createUser(e2e.database.db, 'recipient', { email, firstName: 'Bisi', password: PASSWORD });
      const id = String(await createRecipientCampaign(e2e.database.db, { recipientId: owner }));
      await payForCampaign(e2e.app, id, 1, { donorEmail: DONOR, donorFullName: 'Kemi Reader' });

      // The recipient writes a short update by keyboard; it waits for our team.
      const { page } = await e2e.newPage();
      await signIn(page, email, PASSWORD);
      await expect.poll(() => path(page)).toBe('/recipient/dashboard');
      await page.goto('/recipient/status');
      await settle(page);
      const words = page.getByRole('textbox', { name: 'Your update' });
      await tabTo(page, words);
      await page.keyboard.type(WORDS);
      await press(page, page.getByRole('button', { name: 'Post update' }));
      await expect.poll(() => focusedText(page)).toMatch(/once our team has read it/);
      await expect.poll(() => focusOnBody(page)).toBe(false);
      const { page: visitor } = await e2e.newPage();
      await visitor.goto(`/campaigns/${id}`);
      await settle(visitor);
      expect(await visitor.locator('main').innerText()).not.toContain(WORDS);

      // An admin approves it from the queue by keyboard; focus stays on the page, never the body.
      const { page: admin } = await e2e.newPage();
      await signInAdmin(admin);
      await expect.poll(() => path(admin)).toBe('/admin/dashboard');
      await admin.goto('/admin/updates');
      await settle(admin);
      const approve = admin.getByRole('button', { name: /^Approve the update/ }).filter({ hasText: 'Approve' });
      await expect.poll(() => approve.count()).toBeGreaterThan(0);
      await expectNoAxeViolations(admin, '/admin/updates');
      const mine = admin.getByRole('article').filter({ hasText: WORDS });
      await press(admin, mine.getByRole('button', { name: /^Approve/ }));
      await expect.poll(() => mine.count()).toBe(0);
      await expect.poll(() => focusOnBody(admin)).toBe(false);
      await toDark(admin);
      await expectNoAxeViolations(admin, '/admin/updates (dark)');

      // The update is public now, and the donor, a guest, is mailed with a link to stop these mails.
      await visitor.reload();
      await settle(visitor);
      await expect.poll(() => visitor.getByRole('feed', { name: 'Updates' }).innerText()).toContain(WORDS);
      const mail = await smtp.waitFor(DONOR, (m) => m.subject.startsWith('News about'));
      // The link as the mail's HTML part carries it (the header copy may be line-encoded).
      const link = /href="(https?:\/\/[^"]+\/unsubscribe\?[^"]+)"/.exec(mail.text)?.[1]?.replaceAll('&amp;', '&');
      expect(link).toBeTruthy();
      const target = new URL(link!);

      // Opening the link only asks; the button stops the mails, and the page says so.
      const { page: reader } = await e2e.newPage();
      await reader.goto(`${target.pathname}${target.search}`);
      await expect.poll(() => reader.locator('h1').innerText()).toBe('Stop update mails');
      await expectNoAxeViolations(reader, '/unsubscribe');
      const stop = reader.getByRole('button', { name: 'Stop update mails' });
      await tabTo(reader, stop);
      await reader.keyboard.press('Enter');
      await expect.poll(() => reader.locator('h1').innerText()).not.toBe('Stop update mails');
      await expectNoAxeViolations(reader, '/unsubscribe, done');
      const stopped = await selectRows<{ n: number }>(
        e2e.database.db,
        sql`select count(*)::int as n from update_unsubscribes where email = ${DONOR}`,
      );
      expect(stopped[0]?.n).toBe(1);
    },
    LONG_JOURNEY_MS,
  );
});
