import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../server/db/seed/demo-data';
import { createTurnstile } from '../server/providers/human-check/human-check';
import { startTurnstileStandIn } from '../server/test/stand-ins';
import { CAPTCHA_PENDING } from '../web/ui/human-check';
import { expectFocusOnErrorSummary, expectNoAxeViolations, pageProblems, settle, startE2E, type E2E } from './harness';

const SECRET = 'sign-in-secret';
const SITE_KEY = 'site-sign-in';
let e2e: E2E;
let stand: Awaited<ReturnType<typeof startTurnstileStandIn>>;

beforeAll(async () => {
  stand = await startTurnstileStandIn(SECRET);
  const turnstile = { secretKey: SECRET, siteKey: SITE_KEY, verifyUrl: stand.verifyUrl, hostname: undefined };
  e2e = await startE2E({ humanCheck: createTurnstile(turnstile) }, { turnstile });
});
afterAll(async () => {
  await e2e?.close();
  await stand?.close();
});

/**
 * Turnstile's browser script, as far as the page uses it: `render` draws a widget whose button gives
 * a token the stand-in accepts once (tokens starting "pass"), `remove` takes it away.
 */
const WIDGET = `(() => {
  let made = 0;
  const widgets = new Map();
  window.turnstile = {
    render(container, options) {
      const id = String(++made);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Verify you are human (' + id + ')';
      button.addEventListener('click', () => options.callback('pass-' + id + '-' + Date.now()));
      container.append(button);
      widgets.set(id, button);
      return id;
    },
    remove(id) {
      widgets.get(id)?.remove();
      widgets.delete(id);
    },
  };
})();`;

async function withWidget(page: Page) {
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: WIDGET }),
  );
}

const path = (page: Page) => new URL(page.url()).pathname;

describe('the human check on the light sign-in page', () => {
  it('is asked for, leads to its place, is drawn afresh after a refusal, and lets the person in', async () => {
    const { page } = await e2e.newPage();
    await withWidget(page);
    await page.goto('/login');
    await settle(page);
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    await email.fill('donor@example.com');
    await password.fill('not the password');

    // Sent before the check has finished: the summary says so and leads to the check.
    await password.press('Enter');
    expect(await expectFocusOnErrorSummary(page)).toContain(CAPTCHA_PENDING);
    const check = page.getByRole('group', { name: 'Security check' });
    expect(await check.getAttribute('aria-describedby')).toBeTruthy();
    await expectNoAxeViolations(page, '/login human check refused');
    await page.getByRole('link', { name: CAPTCHA_PENDING }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('group');

    // Checked, but the password is wrong: the token is spent, so a fresh widget is drawn.
    await page.getByRole('button', { name: 'Verify you are human (1)' }).click();
    await expect.poll(() => check.getAttribute('aria-describedby')).toBeNull();
    await password.press('Enter');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain('Incorrect email or password.');
    await expect.poll(() => page.getByRole('button', { name: 'Verify you are human (2)' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Verify you are human (1)' }).count()).toBe(0);
    // The fresh check is not an error until the next send.
    expect(await check.getAttribute('aria-describedby')).toBeNull();
    await password.press('Enter');
    expect(await expectFocusOnErrorSummary(page)).toContain(CAPTCHA_PENDING);

    // Checked again with the right password: in.
    await page.getByRole('button', { name: 'Verify you are human (2)' }).click();
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    await expect.poll(() => path(page)).toBe('/');
    expect(stand.seen.map((form) => form.response?.split('-')[1])).toEqual(['1', '2']);
    expect(pageProblems(page)).toEqual([]);
  });
});
