import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationCampaign, createUser } from '../server/test/fixtures';
import { expectNoAxeViolations, settle, startE2E, type E2E } from './harness';
import { focusOnBody, focusedText, path, press, signIn, tabTo } from './keyboard';
import { JOURNEY_MS } from './waits';

const PASSWORD = 'A long enough pass 2026';
const WORDS = 'Ten braille slates reached the resource room this morning.';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** The same page in the dark theme, as a visitor who chose it sees it after a reload. */
async function toDark(page: Page) {
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await settle(page);
}

describe('campaign updates', () => {
  it(
    'an organization posts an update by keyboard from its status page; a visitor reads it in the feed',
    async () => {
      const email = 'updates.organization@example.org';
      const owner = await createUser(e2e.database.db, 'organization', {
        email,
        firstName: 'Amaka',
        password: PASSWORD,
      });
      const id = `org-${await createOrganizationCampaign(e2e.database.db, 10, { status: 'partially_fulfilled', organizationId: owner })}`;

      const { page } = await e2e.newPage();
      await signIn(page, email, PASSWORD);
      await expect.poll(() => path(page)).toBe('/organization/dashboard');
      await page.goto('/organization/status');
      await settle(page);
      const words = page.getByRole('textbox', { name: 'Your update' });
      await tabTo(page, words);
      await page.keyboard.type(WORDS);
      await press(page, page.getByRole('button', { name: 'Post update' }));
      // The result takes focus, so it is read out, and focus never falls to the page.
      await expect.poll(() => focusedText(page)).toMatch(/^Update posted\./);
      await expect.poll(() => focusOnBody(page)).toBe(false);
      expect(await words.inputValue()).toBe('');
      await expectNoAxeViolations(page, 'organization status page with the update form');

      await toDark(page);
      await page.getByRole('textbox', { name: 'Your update' }).waitFor();
      await expectNoAxeViolations(page, 'organization status page with the update form (dark)');

      const { page: visitor } = await e2e.newPage();
      await visitor.goto(`/campaigns/${id}`);
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await toDark(visitor);
        await settle(visitor);
        const feed = visitor.getByRole('feed', { name: 'Updates' });
        await feed.waitFor();
        const article = feed.getByRole('article');
        await expect.poll(() => article.count()).toBe(1);
        expect(await article.getAttribute('aria-posinset')).toBe('1');
        expect(await article.getAttribute('aria-setsize')).toBe('1');
        const title = article.getByRole('heading', { level: 3 });
        expect(await title.innerText()).toMatch(/^Update of \d{1,2} \w+ \d{4}$/);
        expect(await article.getAttribute('aria-labelledby')).toBe(await title.getAttribute('id'));
        expect(await article.innerText()).toContain(WORDS);
        await expectNoAxeViolations(visitor, `campaign page with its updates (${theme})`);
      }
    },
    JOURNEY_MS,
  );
});
