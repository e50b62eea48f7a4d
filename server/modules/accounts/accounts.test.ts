import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserSchema } from '@contract/auth';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../db/seed/demo-data';
import { nextCode } from '../../test/authenticator';
import { createSmtpMailer } from '../../providers/mail/mail';
import { createGoogleVerifier } from '../../providers/google/google';
import { createTurnstile } from '../../providers/human-check/human-check';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp';
import { startGoogleStandIn, startTurnstileStandIn } from '../../test/stand-ins';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  google = await startGoogleStandIn();
  ctx = await startTestApp(
    {},
    {
      mailer: createSmtpMailer(smtp.url, 'Gift of Independence <no-reply@example.org>'),
      google: createGoogleVerifier(CLIENT_ID, google.keysUrl),
    },
  );
});
afterAll(async () => {
  await stopTestApp(ctx);
  await smtp.close();
  await google.close();
});

let ipCounter = 0;
/** Each call comes from its own address unless told otherwise, so rate limits only bite where tested. */
function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  ip?: string,
) {
  ipCounter += 1;
  return ctx.app.inject({
    method,
    url,
    payload,
    headers,
    remoteAddress: ip ?? `10.1.${ipCounter >> 8}.${ipCounter & 255}`,
  });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const newPerson = (email: string, extra: object = {}) => ({
  firstName: 'Ada',
  lastName: 'Obi',
  email,
  phoneNumber: '0803 123 4567',
  password: 'correct horse',
  role: 'donor',
  ...extra,
});

describe('sign-up and email verification', () => {
  it('registers, mails a code, verifies, signs in and out', async () => {
    const email = 'ada.donor@example.org';
    const reg = await call('POST', '/api/auth/register', newPerson('Ada.Donor@Example.org'));
    expect(reg.statusCode).toBe(201);
    const code = await smtp.lastCode(email);
    const mail = smtp.to(email).at(-1)!;
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    const exists = await call('GET', `/api/auth/user-exists?email=${email}`);
    expect(exists.json()).toEqual({ exists: true, isVerified: false });

    const verified = await call('POST', '/api/auth/verify-email', { email, token: code });
    expect(verified.statusCode).toBe(200);
    const { token, user } = verified.json();
    expect(sessionUserSchema.parse(user)).toMatchObject({
      email,
      role: 'donor',
      first_name: 'Ada',
      organizationName: null,
    });
    await smtp.waitFor(email, (m) => /Welcome/.test(m.subject));

    const me = await call('GET', '/api/auth/me', undefined, bearer(token));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);

    expect((await call('POST', '/api/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    const after = await call('GET', '/api/auth/me', undefined, bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('stores the phone as +234 plus digits and the email in lower case', async () => {
    await call(
      'POST',
      '/api/auth/register',
      newPerson('Phone.Case@Example.org', { phoneNumber: '+234 (0)805-555-0101'.replace('(0)', '') }),
    );
    const result = (await ctx.database.db.execute(
      sql`select phone_number, email from users where email = 'phone.case@example.org'`,
    )) as unknown as { rows: Array<{ phone_number: string; email: string }> };
    expect(result.rows[0]).toEqual({ phone_number: '+2348055550101', email: 'phone.case@example.org' });
  });

  it('refuses a duplicate email with 409 and the worded message', async () => {
    const res = await call('POST', '/api/auth/register', newPerson('donor@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists.');
  });

  it.each([
    [{ password: 'short' }, 'Password must be at least 8 characters.'],
    [{ role: 'organization' }, 'Organization name is required.'],
    [{ role: 'organization', organizationName: '   ' }, 'Organization name is required.'],
    [{ role: 'admin' }, 'Please select a role (Recipient, Organization, or Donor).'],
    [{ phoneNumber: '12' }, 'Enter a Nigerian phone number, for example 803 123 4567.'],
    [{ email: 'not-an-email' }, 'Enter an email address in the format name@example.com.'],
    [{ firstName: '' }, 'Enter your first name.'],
  ])('answers 400 with a clear message for bad sign-up input %#', async (change, message) => {
    const res = await call('POST', '/api/auth/register', newPerson(`bad${ipCounter}@example.org`, change));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('keeps the organization name and lets organizations request only later', async () => {
    const email = 'school@example.org';
    await call(
      'POST',
      '/api/auth/register',
      newPerson(email, { role: 'organization', organizationName: 'Kano Braille School' }),
    );
    const res = await call('POST', '/api/auth/verify-email', { email, token: await smtp.lastCode(email) });
    expect(res.json().user).toMatchObject({
      role: 'organization',
      organizationName: 'Kano Braille School',
      canCreateCampaign: false,
      isOnboardingComplete: false,
    });
  });

  it('counts wrong codes, kills the code after five, and refuses the sixth try', async () => {
    const email = 'wrong.codes@example.org';
    await call('POST', '/api/auth/register', newPerson(email));
    const right = await smtp.lastCode(email);
    const wrong = right === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await call('POST', '/api/auth/verify-email', { email, token: wrong })).json().message);
    expect(messages[0]).toBe('That code is not right. 4 tries left.');
    expect(messages[4]).toBe('Too many wrong tries. Ask for a new code.');
    const sixth = await call('POST', '/api/auth/verify-email', { email, token: right });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe('Too many wrong tries. Ask for a new code.');
  });

  it('refuses an expired code', async () => {
    const email = 'expired.code@example.org';
    await call('POST', '/api/auth/register', newPerson(email));
    // The code is made when its mail is sent: wait for it before ageing it.
    const code = await smtp.lastCode(email);
    await ctx.database.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${email})`);
    const res = await call('POST', '/api/auth/verify-email', { email, token: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That code has expired. Ask for a new code.');
  });

  it('enforces the 60-second resend cooldown on the server, then sends a new working code', async () => {
    const email = 'resend@example.org';
    await call('POST', '/api/auth/register', newPerson(email));
    const first = await smtp.lastCode(email);
    const tooSoon = await call('POST', '/api/auth/resend-otp', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(50);
    await ctx.database.db.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds'
      where user_id = (select id from users where email = ${email})`);
    const again = await call('POST', '/api/auth/resend-otp', { email });
    expect(again.statusCode).toBe(200);
    const second = await smtp.lastCode(email, first);
    expect((await call('POST', '/api/auth/verify-email', { email, token: first })).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/verify-email', { email, token: second })).statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  it('signs in each demo role', async () => {
    for (const [email, role] of [
      ['donor@example.com', 'donor'],
      ['recipient@example.com', 'recipient'],
      ['organization@example.com', 'organization'],
    ]) {
      const res = await call('POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(res.statusCode, email).toBe(200);
      expect(res.json().user.role).toBe(role);
    }
    // The demo admins have an authenticator app (docs/decisions/0070): the password opens a challenge.
    for (const [email, role] of [
      ['admin@example.com', 'super_admin'],
      ['staff@example.com', 'admin'],
    ]) {
      const res = await call('POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({ secondFactorRequired: true, methods: ['totp'] });
      expect(res.json().token).toBeUndefined();
      const done = await call('POST', '/api/auth/second-factor', {
        challenge: res.json().challenge,
        code: await nextCode(DEMO_TOTP_SECRET, ctx.app),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().user).toMatchObject({ role, hasSecondFactor: true });
    }
  });

  it('never says whether the email or the password was wrong', async () => {
    const wrongPassword = await call('POST', '/api/auth/login', { email: 'donor@example.com', password: 'nope-nope' });
    const unknownEmail = await call('POST', '/api/auth/login', { email: 'nobody@example.org', password: 'nope-nope' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe('Incorrect email or password.');
  });

  it('sends an unverified account to verification instead of signing it in', async () => {
    const email = 'unverified@example.org';
    await call('POST', '/api/auth/register', newPerson(email));
    const res = await call('POST', '/api/auth/login', { email, password: 'correct horse' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('email_not_verified');
  });

  it('rate-limits repeated sign-in attempts for one email from one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await call(
        'POST',
        '/api/auth/login',
        { email: 'limit.target@example.org', password: `wrong-${i}` },
        {},
        '10.201.0.1',
      );
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('rate-limits sign-up per address', async () => {
    const ip = '10.200.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call('POST', '/api/auth/register', newPerson(`burst${i}@example.org`), {}, ip)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists', async () => {
    const known = await call('POST', '/api/auth/forgot-password', { email: 'recipient@example.com' });
    const unknown = await call('POST', '/api/auth/forgot-password', { email: 'ghost@example.org' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(smtp.to('ghost@example.org')).toHaveLength(0);
  });

  it('resets once with the mailed link, signs out old sessions, and refuses the link again', async () => {
    const email = 'organization@example.com';
    const old = (await call('POST', '/api/auth/login', { email, password: DEMO_PASSWORD })).json().token as string;
    const before = smtp.mark();
    await call('POST', '/api/auth/forgot-password', { email });
    const token = await smtp.lastResetToken(email, before);
    const reset = await call('POST', '/api/auth/reset-password', { token, newPassword: 'a new long password' });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', undefined, bearer(old))).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email, password: 'a new long password' })).statusCode).toBe(200);
    const reused = await call('POST', '/api/auth/reset-password', { token, newPassword: 'another password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/not valid or has already been used/);
  });

  it('refuses an expired link and a short new password', async () => {
    const email = 'recipient@example.com';
    const before = smtp.mark();
    await call('POST', '/api/auth/forgot-password', { email });
    const token = await smtp.lastResetToken(email, before);
    expect((await call('POST', '/api/auth/reset-password', { token, newPassword: 'short' })).json().message).toBe(
      'Password must be at least 8 characters.',
    );
    await ctx.database.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 second' where purpose = 'reset_password'`,
    );
    const res = await call('POST', '/api/auth/reset-password', { token, newPassword: 'long enough now' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link has expired. Ask for a new one.');
  });
});

describe('Google sign-in', () => {
  it('creates a verified donor from a good token and signs the same person in again', async () => {
    const token = await google.idToken(
      { email: 'Gift.Giver@gmail.test', given_name: 'Gift', family_name: 'Giver' },
      { audience: CLIENT_ID },
    );
    const first = await call('POST', '/api/auth/google', { token, role: 'donor' });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email: 'gift.giver@gmail.test', role: 'donor', first_name: 'Gift' });
    const again = await call('POST', '/api/auth/google', { token });
    expect(again.json().user.id).toBe(first.json().user.id);
  });

  it('refuses a token for another audience, with a bad signature, expired, or from another issuer', async () => {
    const bad = [
      await google.idToken({ email: 'a@gmail.test' }, { audience: 'someone-else' }),
      await google.idToken({ email: 'a@gmail.test' }, { audience: CLIENT_ID, signWithStranger: true }),
      await google.idToken(
        { email: 'a@gmail.test' },
        { audience: CLIENT_ID, expiresIn: Math.floor(Date.now() / 1000) - 60 },
      ),
      await google.idToken({ email: 'a@gmail.test' }, { audience: CLIENT_ID, issuer: 'https://evil.example' }),
    ];
    for (const token of bad) {
      const res = await call('POST', '/api/auth/google', { token, role: 'donor' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Google sign in failed.');
    }
  });

  it('is for donors only', async () => {
    const token = await google.idToken({ email: 'new.person@gmail.test' }, { audience: CLIENT_ID });
    const asRecipient = await call('POST', '/api/auth/google', { token, role: 'recipient' });
    expect(asRecipient.statusCode).toBe(403);
    const recipientAccount = await google.idToken({ email: 'recipient@example.com' }, { audience: CLIENT_ID });
    const existing = await call('POST', '/api/auth/google', { token: recipientAccount, role: 'donor' });
    expect(existing.statusCode).toBe(403);
    expect(existing.json().message).toMatch(/donor accounts/);
  });
});

describe('human check (Turnstile)', () => {
  it('requires a valid single-use token when configured', async () => {
    const stand = await startTurnstileStandIn('secret-123');
    const guarded = await startTestApp(
      {},
      {
        mailer: createSmtpMailer(smtp.url, 'no-reply@example.org'),
        humanCheck: createTurnstile({
          secretKey: 'secret-123',
          siteKey: 'site-1',
          verifyUrl: stand.verifyUrl,
          expectedHostname: 'giftofindependence.ng',
        }),
      },
    );
    try {
      const login = (turnstileToken?: string) =>
        guarded.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'donor@example.com', password: DEMO_PASSWORD, turnstileToken },
        });
      expect((await login()).statusCode).toBe(400);
      expect((await login('fail-token')).json().message).toBe('CAPTCHA verification failed. Please try again.');
      expect((await login('pass-otherhost')).statusCode).toBe(400);
      expect((await login('pass-1')).statusCode).toBe(200);
      expect((await login('pass-1')).statusCode).toBe(400);
      expect(stand.seen.at(-1)).toMatchObject({ secret: 'secret-123', response: 'pass-1' });
      expect((await guarded.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
        turnstileSiteKey: 'site-1',
        googleClientId: null,
        paymentMode: 'test',
        paymentFee: { percentBp: 150, flatKobo: 10_000, flatFromKobo: 250_000, capKobo: 200_000 },
        payLaterHoldMinutes: 60,
      });
    } finally {
      await stopTestApp(guarded);
      await stand.close();
    }
  });
});

describe('notifications', () => {
  it('lists and marks read only the caller’s own notifications', async () => {
    const login = async (email: string) =>
      (await call('POST', '/api/auth/login', { email, password: DEMO_PASSWORD })).json().token as string;
    const donor = await login('donor@example.com');
    await ctx.database.db.execute(sql`insert into notifications (user_id, message, link_to)
      select id, 'Your gift reached Yemi.', '/donor/gifts' from users where email = 'donor@example.com'`);
    await ctx.database.db.execute(sql`insert into notifications (user_id, message)
      select id, 'Admin only note' from users where email = 'admin@example.com'`);
    const list = await call('GET', '/api/notifications', undefined, bearer(donor));
    expect(list.json()).toEqual([
      expect.objectContaining({ message: 'Your gift reached Yemi.', link_to: '/donor/gifts', is_read: false }),
    ]);
    expect((await call('POST', '/api/notifications/read', undefined, bearer(donor))).json()).toEqual({ updated: 1 });
    expect((await call('GET', '/api/notifications', undefined, bearer(donor))).json()[0].is_read).toBe(true);
    const adminRows = (await ctx.database.db.execute(
      sql`select is_read from notifications n join users u on u.id = n.user_id where u.email = 'admin@example.com'`,
    )) as unknown as { rows: Array<{ is_read: boolean }> };
    expect(adminRows.rows[0]?.is_read).toBe(false);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('admin accounts from the command line', () => {
  it('creates a verified admin who can sign in, and refuses a duplicate or a self-service role', async () => {
    const { createAdmin } = await import('./create-admin');
    await createAdmin(ctx.database.db, {
      email: 'Ops@Example.org',
      password: 'ops password 1',
      firstName: 'Ops',
      lastName: '',
      roleName: 'super_admin',
    });
    const res = await call('POST', '/api/auth/login', { email: 'ops@example.org', password: 'ops password 1' });
    expect(res.json().user.role).toBe('super_admin');
    await expect(
      createAdmin(ctx.database.db, {
        email: 'ops@example.org',
        password: 'ops password 1',
        firstName: 'Ops',
        lastName: '',
        roleName: 'admin',
      }),
    ).rejects.toThrow('An account with this email already exists.');
    await expect(
      createAdmin(ctx.database.db, {
        email: 'x@example.org',
        password: 'ops password 1',
        firstName: 'X',
        lastName: '',
        roleName: 'donor',
      }),
    ).rejects.toThrow(/admin role/);
  });

  it('makes the first admin a super admin when no role is named, and plain admins after that', async () => {
    const { createAdmin } = await import('./create-admin');
    const made = (email: string) =>
      createAdmin(ctx.database.db, { email, password: 'ops password 1', firstName: 'Ops', lastName: '' });
    // The seeded super admin is there: a later admin is a plain one.
    expect((await made('later.ops@example.org')).roleName).toBe('admin');
    // A site without an active super admin (the last one deleted, or none yet) gets one.
    await ctx.database.db.execute(
      sql`update users set deleted_at = now() where role_id = (select id from roles where name = 'super_admin')`,
    );
    expect((await made('first.ops@example.org')).roleName).toBe('super_admin');
    expect((await made('second.ops@example.org')).roleName).toBe('admin');
  });
});
