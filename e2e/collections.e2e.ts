import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay, lagosWhen } from '@contract/collections';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { selectRows } from '../server/db/client';
import { userIdByEmail } from '../server/seed-demo';
import { createRecipientCampaign } from '../server/test/fixtures';
import { expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { focusedText, isFocused, press, signIn, signInAdmin, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** Both themes on the page as it stands: light, then the saved dark setting and a reload. */
async function inBothThemes(page: Page, label: string) {
  await expectNoAxeViolations(page, `${label} (light)`);
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.reload();
  await settle(page);
  await expectNoAxeViolations(page, `${label} (dark)`);
  await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
}

/** Tabs into a radio group, then arrows to the choice (Tab reaches only one radio of a group). */
async function choose(page: Page, group: Locator, label: string) {
  await tabTo(page, group.getByRole('radio').first());
  const target = group.getByRole('radio', { name: label });
  for (let i = 0; i < 12 && !(await isFocused(target)); i++) await page.keyboard.press('ArrowDown');
  expect(await isFocused(target)).toBe(true);
}

// Lagos is UTC+1: a day and an hour there as an instant.
const lagosAt = (daysAhead: number, hour: number) => {
  const day = lagosDay(new Date(Date.now() + daysAhead * 24 * 3600_000));
  return { day, at: new Date(`${day}T${String(hour - 1).padStart(2, '0')}:00:00Z`) };
};

describe('collection in Lagos', { timeout: LONG_JOURNEY_MS }, () => {
  it('an admin publishes a time; the recipient books it and moves once; the admin marks it collected', async () => {
    const db = e2e.database.db;
    const recipientId = (await userIdByEmail(db, demoAccounts.recipient.email))!;
    const campaignId = await createRecipientCampaign(db, { status: 'purchased', recipientId });
    await db.execute(
      sql`update recipient_campaigns set status = 'ready_for_pickup', delivery_status = 'ready_for_pickup' where id = ${campaignId}`,
    );
    const first = lagosAt(9, 10);
    const second = lagosAt(10, 11);
    await db.execute(sql`insert into collection_slots (starts_at, capacity) values (${second.at.toISOString()}, 4)`);

    // The admin publishes the first time.
    const admin = await e2e.newPage();
    await signInAdmin(admin.page);
    await admin.page.goto('/admin/collections');
    await settle(admin.page);
    const date = admin.page.getByLabel('Date', { exact: true });
    await tabTo(admin.page, date);
    await date.fill(first.day);
    await press(admin.page, admin.page.getByRole('button', { name: 'Publish collection time' }));
    await admin.page.getByText(`Collection time published: ${lagosWhen(first.at)}, for 10 people.`).waitFor();
    await admin.page.getByRole('list', { name: 'Upcoming collection times' }).getByText(lagosWhen(first.at)).waitFor();
    await inBothThemes(admin.page, '/admin/collections');

    // The recipient books it, then moves to the second time, once.
    const { page } = await e2e.newPage();
    await signIn(page, demoAccounts.recipient.email, DEMO_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
    await page.goto('/recipient/status');
    await settle(page);
    const section = page.getByRole('region', { name: 'Book your collection' });
    await choose(page, section.getByRole('radiogroup', { name: 'Choose a time' }), lagosWhen(first.at));
    await press(page, section.getByRole('button', { name: 'Book' }));
    await page.getByText('Your collection is booked. We have sent you the details.').waitFor();
    const booked = page.getByRole('region', { name: 'Your collection' });
    await booked.getByText(lagosWhen(first.at)).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Your collection');
    await inBothThemes(page, '/recipient/status with a booking');

    await press(page, booked.getByRole('button', { name: 'Move to another time' }));
    await choose(page, booked.getByRole('radiogroup', { name: 'Choose a new time' }), lagosWhen(second.at));
    await press(page, booked.getByRole('button', { name: 'Move my collection' }));
    await page.getByText('Your collection has moved. We have sent you the details.').waitFor();
    await booked.getByText(lagosWhen(second.at)).waitFor();
    await booked.getByText(/You have moved this collection once/).waitFor();
    expect(await booked.getByRole('button', { name: 'Move to another time' }).count()).toBe(0);

    // The admin marks it collected on its day.
    await admin.page.reload();
    await settle(admin.page);
    const day = admin.page.getByLabel('Day', { exact: true });
    await tabTo(admin.page, day);
    await day.fill(second.day);
    const daySection = admin.page.getByRole('region', { name: "The day's collections" });
    await daySection
      .getByText(lagosWhen(second.at).split(' at ')[1]!)
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(async () => {
        throw new Error(`day list: ${await day.inputValue()} ${await daySection.innerText()}`);
      });
    const dayRow = daySection.getByRole('row').filter({ hasText: lagosWhen(second.at).split(' at ')[1]! });
    const mark = dayRow.getByRole('button', { name: /^Mark collected/ });
    await mark.waitFor({ timeout: 10_000 }).catch(async () => {
      throw new Error(`day row: ${await dayRow.innerText()}`);
    });
    await press(admin.page, mark);
    const dialog = admin.page.getByRole('alertdialog', { name: 'Mark this collection collected?' });
    await dialog.waitFor();
    await expectNoAxeViolations(admin.page, 'mark collected dialog');
    await press(admin.page, dialog.getByRole('button', { name: 'Mark collected' }));
    await admin.page.getByText(/^Marked collected\./).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedText(admin.page)).not.toBe('');
    const [row] = await selectRows<{ status: string }>(
      db,
      sql`select status from recipient_campaigns where id = ${campaignId}`,
    );
    expect(row!.status).toBe('delivered');
    await inBothThemes(admin.page, '/admin/collections with a collected row');
  });
});
