import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../server/modules/accounts/create-admin';
import { createUser } from '../server/test/fixtures';
import { expectNoAxeViolations, setDarkMode, settle, startE2E, type E2E } from './harness';
import { authenticatorCode, focusOnBody, isFocused, path, press, tabTo } from './keyboard';
import { LONG_JOURNEY_MS } from './waits';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PASSWORD = 'A long enough pass 2026';

describe('second factors', () => {
  it(
    'a new admin is sent to set up an authenticator app, does so by keyboard, then signs in with it',
    async () => {
      const email = 'second.factor.admin@example.org';
      await createAdmin(e2e.database.db, {
        email,
        password: PASSWORD,
        firstName: 'Bisi',
        lastName: 'Ade',
        roleName: 'admin',
      });
      await e2e.database.db.execute(sql`update users set must_change_password = false where email = ${email}`);
      const { page } = await e2e.newPage();
      await page.goto('/login');
      await settle(page);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // With no second factor, the admin area sends the admin to Security first.
      await expect.poll(() => path(page)).toBe('/account/security');
      await settle(page);
      await page.getByText('Admin accounts need a second factor.').waitFor();
      await expectNoAxeViolations(page, 'security, no second factor yet');

      await press(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
      const heading = page.getByRole('heading', { name: 'Set up your authenticator app' });
      await expect.poll(() => isFocused(heading)).toBe(true);
      // The key is spelled out for a screen reader, in groups of four.
      const spoken = await page.getByText(/^Setup key, in groups of four:/).innerText();
      const secret = spoken.replace(/^Setup key, in groups of four:/, '').replace(/[^A-Z2-7]/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(page.getByRole('img', { name: /QR code to add Gift of Independence/ }).count()).resolves.toBe(1);
      await expectNoAxeViolations(page, 'authenticator set-up');
      await tabTo(page, page.getByRole('textbox', { name: '6-digit code' }));
      await page.keyboard.type(await authenticatorCode(page, email, secret));
      await page.keyboard.press('Enter');
      const codesHeading = page.getByRole('heading', { name: 'Your recovery codes' });
      await expect.poll(() => isFocused(codesHeading)).toBe(true);
      expect(
        await page
          .getByRole('listitem')
          .filter({ hasText: /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/ })
          .count(),
      ).toBe(10);
      await expectNoAxeViolations(page, 'recovery codes');
      await press(page, page.getByRole('button', { name: 'I have saved them' }));
      await expect.poll(() => focusOnBody(page)).toBe(false);
      await page.getByText(/^Set up on /).waitFor();

      // The admin area opens now.
      await page.goto('/admin/dashboard');
      await expect.poll(() => path(page)).toBe('/admin/dashboard');

      // Next time: the password, then the code, by keyboard.
      const next = await e2e.newPage({ theme: 'dark' });
      await next.page.goto('/login');
      await settle(next.page);
      await next.page.getByRole('textbox', { name: 'Email' }).fill(email);
      await next.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await next.page.getByLabel('Password', { exact: true }).press('Enter');
      const step = next.page.getByRole('heading', { name: 'Confirm it is you' });
      await expect.poll(() => isFocused(step)).toBe(true);
      await expectNoAxeViolations(next.page, 'the second step of sign-in (dark)');
      const field = next.page.getByRole('textbox', { name: 'Code from your authenticator app' });
      await tabTo(next.page, field);
      await next.page.keyboard.type('000000');
      await next.page.keyboard.press('Enter');
      await expect
        .poll(() => next.page.getByRole('alert').allInnerTexts())
        .toContainEqual(expect.stringMatching(/4 tries left/));
      await tabTo(next.page, field);
      await next.page.keyboard.press('Control+A');
      await next.page.keyboard.type(await authenticatorCode(next.page, email, secret));
      await next.page.keyboard.press('Enter');
      await expect.poll(() => path(next.page)).toBe('/admin/dashboard');
    },
    LONG_JOURNEY_MS,
  );

  it(
    'a donor adds a passkey through the browser’s authenticator and signs in with it alone',
    async () => {
      const email = 'passkey.donor@example.org';
      await createUser(e2e.database.db, 'donor', { email, firstName: 'Tunde', password: PASSWORD });
      const { page, context } = await e2e.newPage();
      // Passkeys are bound to a name, not an address: the site is opened as localhost, its public address.
      const site = e2e.baseURL.replace('127.0.0.1', 'localhost');
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await page.goto(`${site}/login`);
      await settle(page);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await expect.poll(() => path(page)).toBe('/');
      await page.goto(`${site}/account/security`);
      await settle(page);
      await tabTo(page, page.getByRole('textbox', { name: 'Name for a new passkey' }));
      await page.keyboard.type('My phone');
      await press(page, page.getByRole('button', { name: 'Add a passkey' }));
      const codesHeading = page.getByRole('heading', { name: 'Your recovery codes' });
      await expect.poll(() => isFocused(codesHeading)).toBe(true);
      await press(page, page.getByRole('button', { name: 'I have saved them' }));
      await page.getByText(/^My phone/).waitFor();
      await setDarkMode(page, true);
      await expectNoAxeViolations(page, 'security with a passkey (dark)');

      // Signed out, the passkey alone signs in.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${site}/login`);
      await settle(page);
      await press(page, page.getByRole('button', { name: 'Sign in with a passkey' }));
      await expect.poll(() => path(page)).toBe('/');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('authUser') ?? '{}').email)).toBe(email);
      // And the password now asks for the passkey too.
      const reply = await page.request.post(`${site}/api/auth/login`, { data: { email, password: PASSWORD } });
      expect(await reply.json()).toMatchObject({ secondFactorRequired: true, methods: ['passkey'] });
    },
    LONG_JOURNEY_MS,
  );
});
