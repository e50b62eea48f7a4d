import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts, demoRecipients } from '../server/db/seed/demo-data';
import { expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { focusedText, path, press, signIn, signInAdmin, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('onboarding review', { timeout: LONG_JOURNEY_MS }, () => {
  it('an admin verifies one onboarding and asks another for a correction, which the person makes and resubmits', async () => {
    const waiting = demoRecipients[demoRecipients.length - 1]!;
    const waitingName = `${waiting.firstName} ${waiting.lastName}`;
    const corrected = demoAccounts.recipient;
    const correctedName = `${corrected.firstName} ${corrected.lastName}`;
    // The demo recipient's first version waits again, so there are two to decide.
    await e2e.database.db.execute(
      sql`update onboarding_submissions set status = 'submitted', reviewed_by = null, reviewed_at = null
          where user_id = (select id from users where email = ${corrected.email})`,
    );
    const reason = 'Your ID photo is blurred. Please upload a clearer one.';

    const { page } = await e2e.newPage();
    await signInAdmin(page);

    // The queue, from the sidebar.
    await press(page, page.getByRole('link', { name: 'Onboarding reviews' }));
    await expect.poll(() => path(page)).toBe('/admin/onboarding');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Onboarding reviews' }).waitFor();
    await expectNoAxeViolations(page, 'onboarding queue');

    // Verify the waiting recipient.
    await press(page, page.getByRole('link', { name: `${waitingName}, version 1` }));
    await page.getByRole('heading', { level: 1, name: `Onboarding of ${waitingName}` }).waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'one onboarding');
    await press(page, page.getByRole('button', { name: `Verify ${waitingName}, version 1`, exact: true }));
    await page.getByText('The profile is verified.').waitFor();
    await expect.poll(() => focusedText(page)).toContain('The profile is verified.');
    // Focus landed on a named place: the result, named by its sentence.
    await expect
      .poll(() =>
        page.getByRole('group', { name: 'The profile is verified.' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await page.getByRole('main').innerText()).toContain('Version 1: Verified');

    // Back to the queue: the verified one has left it; ask the demo recipient for a correction.
    await press(page, page.getByRole('link', { name: 'Back to the onboarding reviews' }));
    await settle(page);
    await page.getByRole('link', { name: `${correctedName}, version 1` }).waitFor();
    // The list drawn from memory is asked again at once; the verified one leaves it.
    await expect.poll(() => page.getByRole('link', { name: `${waitingName}, version 1` }).count()).toBe(0);
    await press(page, page.getByRole('link', { name: `${correctedName}, version 1` }));
    await page.getByRole('heading', { level: 1, name: `Onboarding of ${correctedName}` }).waitFor();
    await settle(page);
    expect(
      await page
        .getByRole('link', { name: /^Open the ID document, .+ \(opens in a new tab\)$/ })
        .getAttribute('target'),
    ).toBe('_blank');
    await press(page, page.getByRole('button', { name: `Ask for a correction ${correctedName}, version 1` }));
    const dialog = page.getByRole('dialog', { name: `Ask ${correctedName} for a correction` });
    await dialog.waitFor();
    // The reason is required: an empty one is refused inside the dialog.
    await press(page, dialog.getByRole('button', { name: 'Ask for the correction' }));
    await dialog.getByText('Say what the person should correct.').first().waitFor();
    await expectNoAxeViolations(page, 'correction dialog with an error');
    await tabTo(page, dialog.getByRole('textbox', { name: 'What should be corrected?' }));
    await page.keyboard.type(reason);
    await press(page, dialog.getByRole('button', { name: 'Ask for the correction' }));
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(page)).toContain('A correction was asked.');

    // The person reads the reason on their dashboard, edits and resubmits.
    const owner = await e2e.newPage();
    await signIn(owner.page, corrected.email, DEMO_PASSWORD);
    await expect.poll(() => path(owner.page)).toBe('/recipient/dashboard');
    await settle(owner.page);
    await owner.page.getByText(`We asked you to correct your profile: ${reason}`).waitFor();
    await expectNoAxeViolations(owner.page, 'dashboard with a correction asked');
    await press(owner.page, owner.page.getByRole('link', { name: 'Edit and resubmit' }));
    await expect.poll(() => path(owner.page)).toBe('/onboarding/edit');
    await owner.page.getByRole('heading', { name: 'Step 1 of 2: About you' }).waitFor();
    await owner.page.getByRole('heading', { level: 1, name: 'Correct Your Profile' }).waitFor();
    expect(await owner.page.getByRole('textbox', { name: 'About you' }).inputValue()).toBe(demoRecipients[0]!.bio);
    await expectNoAxeViolations(owner.page, 'correcting step 1');
    await tabTo(owner.page, owner.page.getByRole('textbox', { name: 'About you' }));
    await owner.page.keyboard.press('End');
    await owner.page.keyboard.type(' I study with a screen reader.');
    await press(owner.page, owner.page.getByRole('button', { name: 'Continue to step 2' }));
    await owner.page.getByRole('heading', { name: 'Step 2 of 2: Your ID' }).waitFor();
    expect(await owner.page.getByRole('main').innerText()).toContain('We already have one on file');
    await expectNoAxeViolations(owner.page, 'correcting step 2');
    await press(owner.page, owner.page.getByRole('button', { name: 'Submit' }));
    await expect.poll(() => path(owner.page)).toBe('/recipient/dashboard');
    await owner.page.getByText('Thank you. Your corrected profile is waiting for review.').waitFor();
    await owner.page.getByText('Your profile is waiting for review.', { exact: true }).waitFor();

    // The admin finds version 2 waiting, in the dark theme too.
    const dark = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(dark.page);
    await press(dark.page, dark.page.getByRole('link', { name: 'Onboarding reviews' }));
    await settle(dark.page);
    await expectNoAxeViolations(dark.page, 'onboarding queue (dark)');
    await press(dark.page, dark.page.getByRole('link', { name: `${correctedName}, version 2` }));
    await dark.page.getByRole('heading', { level: 1, name: `Onboarding of ${correctedName}` }).waitFor();
    await settle(dark.page);
    const main = await dark.page.getByRole('main').innerText();
    expect(main).toContain('Version 2: Waiting for review');
    expect(main).toContain('I study with a screen reader.');
    expect(main).toContain(`Correction asked: ${reason}`);
    await expectNoAxeViolations(dark.page, 'one onboarding (dark)');
  });
});
