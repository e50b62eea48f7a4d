import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../server/db/client';
import { startVoiceCall } from '../server/test/voice-stand-in';
import { createUser } from '../server/test/fixtures';
import { expectFocusOnErrorSummary, expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';
import { escapeFrom, focusOnBody, isFocused, path, press, signIn, signInAdmin, tabTo } from './keyboard';
import { JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const lineCall = (callerNumber: string) =>
  startVoiceCall({
    callbackUrl: `${e2e.baseURL}/api/voice/calls?key=${encodeURIComponent(e2e.app.voice.callbackKey)}`,
    callerNumber,
  });

/** Someone rings the voice line, as Africa's Talking calls our callback, and presses 0. */
async function askForCallBack(callerNumber: string) {
  const call = lineCall(callerNumber);
  await call.dial();
  await call.press('0');
  expect(call.ended).toBe(true);
}

describe('call backs', { timeout: JOURNEY_MS }, () => {
  it('an admin closes a call back asked for on the voice line, by keyboard, with a note', async () => {
    await askForCallBack('+2348077700001');
    const { page } = await e2e.newPage();
    await signInAdmin(page);
    await press(page, page.getByRole('link', { name: 'Call backs' }).first());
    await expect.poll(() => path(page)).toBe('/admin/callbacks');
    await settle(page);
    const item = page.getByRole('listitem').filter({ hasText: '+2348077700001' });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain('Not an account we know');
    await expectNoAxeViolations(page, '/admin/callbacks');

    const markDone = item.getByRole('button', { name: /^Mark done/ });
    // One clean name that starts with the words on the button.
    expect(await markDone.getAttribute('aria-label')).toBe('Mark done: call back to +2348077700001');
    expect(await markDone.innerText()).toContain('Mark done');
    await press(page, markDone);
    const dialog = page.getByRole('dialog', { name: 'Mark the call back to +2348077700001 done?' });
    await expect.poll(() => dialog.count()).toBe(1);
    // The note is asked for: confirming without one is refused in words, and nothing changes.
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await expect.poll(() => isFocused(dialog)).toBe(true);
    await press(page, dialog.getByRole('button', { name: 'Mark done' }));
    await expect.poll(() => dialog.getByText('Write a short note about the call back.').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'the Mark done dialog with its error');
    await press(page, note);
    await page.keyboard.type('Called back: he wanted to know when his cane arrives.');
    await press(page, dialog.getByRole('button', { name: 'Mark done' }));
    await expect.poll(() => dialog.count()).toBe(0);

    const said = page.getByRole('status').filter({ hasText: 'Call back to +2348077700001 marked done.' });
    await expect.poll(() => said.count()).toBe(1);
    await expect.poll(() => item.innerText()).toContain('Called back: he wanted to know when his cane arrives.');
    // The Mark done button has gone with the redrawn list: focus is on the sentence, never the page body.
    await expect.poll(() => focusOnBody(page)).toBe(false);
    expect(await item.getByRole('button').count()).toBe(0);

    const [row] = await selectRows<{ note: string; done_by: number | null; audited: number; sms: number }>(
      e2e.database.db,
      sql`select c.note, c.done_by,
                 (select count(*)::int from admin_audit_log a where a.entity_type = 'callback_request' and a.entity_id = c.id::text) as audited,
                 (select count(*)::int from pgboss.job j where j.name = 'sms' and j.data->'message'->>'to' = c.phone_number) as sms
            from callback_requests c where c.phone_number = '+2348077700001'`,
    );
    expect(row).toMatchObject({ note: 'Called back: he wanted to know when his cane arrives.', audited: 1, sms: 1 });
    expect(row!.done_by).not.toBeNull();
    expect(pageProblems(page)).toEqual([]);
  });

  it('in dark mode: the dialog passes axe, and Escape gives focus back to its button', async () => {
    await askForCallBack('+2348077700002');
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(page);
    await page.goto('/admin/callbacks');
    await settle(page);
    const item = page.getByRole('listitem').filter({ hasText: '+2348077700002' });
    await expect.poll(() => item.count()).toBe(1);
    await expectNoAxeViolations(page, '/admin/callbacks (dark)');
    const markDone = item.getByRole('button', { name: /^Mark done/ });
    await press(page, markDone);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await expectNoAxeViolations(page, 'the Mark done dialog (dark)');
    await escapeFrom(page, dialog);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(markDone)).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a recipient sets a voice PIN in settings by keyboard, and the line takes it', async () => {
    const email = 'voice.pin@example.org';
    const password = 'A long enough pass 2026';
    const id = await createUser(e2e.database.db, 'recipient', { email, firstName: 'Kunle', password });
    await selectRows(e2e.database.db, sql`update users set phone_number = '+2348077700003' where id = ${id}`);
    const { page } = await e2e.newPage();
    await signIn(page, email, password);
    await expect.poll(() => path(page)).toBe('/recipient/dashboard');
    await page.goto('/recipient/settings');
    await settle(page);
    await expectNoAxeViolations(page, 'settings with the voice PIN, light');
    const pin = page.getByRole('textbox', { name: /New voice PIN/ });
    await tabTo(page, pin);
    await page.keyboard.type('48');
    await page.keyboard.press('Enter');
    expect(await expectFocusOnErrorSummary(page)).toContain('Your voice PIN must be exactly 4 digits, such as 4821.');
    await tabTo(page, pin);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4821');
    await press(page, page.getByRole('button', { name: 'Save voice PIN' }));
    const said = page.getByRole('status').filter({ hasText: 'Your voice PIN is saved.' });
    await expect.poll(() => said.count()).toBe(1);
    await expect.poll(() => focusOnBody(page)).toBe(false);

    const call = lineCall('+2348077700003');
    await call.dial();
    expect(await call.press('4821')).toContain("To hear your request's status, press 1.");
    expect(pageProblems(page)).toEqual([]);
  });
});
