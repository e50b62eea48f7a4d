import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo-data';
import { users, verificationCodes } from '../../db/schema/all';
import { createGoogleVerifier } from '../../providers/google/google';
import { createSmtpMailer } from '../../providers/mail/mail';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp';
import { startGoogleStandIn } from '../../test/stand-ins';
import { COMMON_PASSWORD } from './password-policy';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  google = await startGoogleStandIn();
  ctx = await startTestApp(
    { port: 4321 },
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
const nextIp = () => {
  ipCounter += 1;
  return `10.60.${ipCounter >> 8}.${ipCounter & 255}`;
};
function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url,
    payload,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? nextIp(),
  });
}
const login = (email: string, password: string, ip?: string) =>
  call('POST', '/api/auth/login', { email, password }, { ip });

const person = (email: string, password: string, role = 'donor') => ({
  firstName: 'Chi',
  lastName: 'Eze',
  email,
  phoneNumber: '0803 555 0101',
  password,
  role,
});

describe('links in mail', () => {
  it('never builds a reset link from the Host or X-Forwarded-Host headers', async () => {
    const email = 'recipient@example.com';
    const before = smtp.mark();
    const res = await call(
      'POST',
      '/api/auth/forgot-password',
      { email },
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
    );
    expect(res.statusCode).toBe(200);
    const token = await smtp.lastResetToken(email, before);
    const mail = smtp.to(email).at(-1)!;
    expect(mail.text).not.toContain('evil.example');
    // No PUBLIC_URL here: the address this server listens on.
    expect(mail.text).toContain(`http://localhost:4321/reset-password/${token}`);
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const other = await startTestApp(
      { publicUrl: 'https://gift.example.ng/' },
      { mailer: createSmtpMailer(smtp.url, 'Gift of Independence <no-reply@example.org>') },
    );
    try {
      await other.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'donor@example.com' },
        headers: { host: 'evil.example' },
      });
      const mail = await smtp.waitFor('donor@example.com', (m) => m.text.includes('/reset-password/'));
      expect(mail.text).toContain('https://gift.example.ng/reset-password/');
      expect(mail.text).not.toContain('evil.example');
    } finally {
      await stopTestApp(other);
    }
  });
});

describe('account pre-hijacking', () => {
  it('ends the password a stranger set when the owner verifies with the code and their own password', async () => {
    const email = 'victim.one@example.org';
    expect((await call('POST', '/api/auth/register', person(email, 'attacker chosen 1'))).statusCode).toBe(201);
    // The owner tries to sign up, gets the 409, and goes straight to verification with the mailed code.
    expect((await call('POST', '/api/auth/register', person(email, 'owner chosen 1'))).statusCode).toBe(409);
    const code = await smtp.lastCode(email);
    const verified = await call('POST', '/api/auth/verify-email', { email, token: code, password: 'owner chosen 1' });
    expect(verified.statusCode).toBe(200);
    expect((await login(email, 'attacker chosen 1')).statusCode).toBe(401);
    expect((await login(email, 'owner chosen 1')).statusCode).toBe(200);
  });

  it('discards the earlier password when the code is used without one', async () => {
    const email = 'victim.two@example.org';
    await call('POST', '/api/auth/register', person(email, 'attacker chosen 2'));
    const verified = await call('POST', '/api/auth/verify-email', { email, token: await smtp.lastCode(email) });
    expect(verified.statusCode).toBe(200);
    expect((await login(email, 'attacker chosen 2')).statusCode).toBe(401);
    const [row] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row!.hash).toBeNull();
  });

  it('keeps the password of a person verifying their own sign-up', async () => {
    const email = 'honest.person@example.org';
    await call('POST', '/api/auth/register', person(email, 'my own password'));
    const verified = await call('POST', '/api/auth/verify-email', {
      email,
      token: await smtp.lastCode(email),
      password: 'my own password',
    });
    expect(verified.statusCode).toBe(200);
    const me = await call('GET', '/api/auth/me', undefined, {
      headers: { authorization: `Bearer ${verified.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((await login(email, 'my own password')).statusCode).toBe(200);
  });

  it('ends the stranger’s password when the owner signs in with Google', async () => {
    const email = 'victim.three@gmail.test';
    await call('POST', '/api/auth/register', person(email, 'attacker chosen 3'));
    const token = await google.idToken({ email, given_name: 'Real', family_name: 'Owner' }, { audience: CLIENT_ID });
    const res = await call('POST', '/api/auth/google', { token, role: 'donor' });
    expect(res.statusCode).toBe(200);
    expect((await login(email, 'attacker chosen 3')).statusCode).toBe(401);
  });
});

describe('verification code tries', () => {
  it('never allows a sixth guess, however many arrive at once', async () => {
    const email = 'parallel.guess@example.org';
    await call('POST', '/api/auth/register', person(email, 'parallel password'));
    const code = await smtp.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call('POST', '/api/auth/verify-email', { email, token: wrong }, { ip: `10.61.0.${i + 1}` }),
      ),
    );
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    const right = await call('POST', '/api/auth/verify-email', { email, token: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong tries. Ask for a new code.');
    const [row] = await ctx.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .innerJoin(users, eq(users.id, verificationCodes.userId))
      .where(eq(users.email, email));
    expect(row!.attempts).toBe(5);
  });
});

describe('password rules', () => {
  it('refuses common passwords and passwords of only spaces with a clear message', async () => {
    for (const [password, message] of [
      ['password123', COMMON_PASSWORD],
      ['Qwertyuiop', COMMON_PASSWORD],
      ['          ', 'Your password cannot be only spaces.'],
    ] as const) {
      const res = await call(
        'POST',
        '/api/auth/register',
        person(`rules.${Math.random().toString(36).slice(2)}@example.org`, password),
      );
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fieldErrors.password).toEqual([message]);
    }
  });

  it('refuses a common password on reset too', async () => {
    const email = 'organization@example.com';
    const before = smtp.mark();
    await call('POST', '/api/auth/forgot-password', { email });
    const res = await call('POST', '/api/auth/reset-password', {
      token: await smtp.lastResetToken(email, before),
      newPassword: 'iloveyou1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD);
  });
});

describe('reset links', () => {
  it('a stranger asking for someone’s reset links uses up only their own share', async () => {
    const email = 'recipient@example.com';
    const stranger = '10.63.0.1';
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call('POST', '/api/auth/forgot-password', { email }, { ip: stranger })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const before = smtp.mark();
    expect((await call('POST', '/api/auth/forgot-password', { email }, { ip: '10.63.0.2' })).statusCode).toBe(200);
    expect(await smtp.lastResetToken(email, before)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });
});

describe('sign-in limits', () => {
  it('does not let a stranger lock the owner out by guessing from many addresses', async () => {
    const email = 'donor@example.com';
    for (let i = 0; i < 15; i++) expect((await login(email, `guess-${i}-wrong`)).statusCode).toBe(401);
    // Under attack: the owner, from an address of their own, still signs in.
    expect((await login(email, DEMO_PASSWORD, '10.62.0.1')).statusCode).toBe(200);
    // A new address gets a few tries of its own, then waits.
    const ip = '10.62.0.2';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(email, `other-${i}-wrong`, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('counts parallel guesses from one address atomically', async () => {
    const ip = '10.62.1.1';
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('recipient@example.com', `parallel-${i}-wrong`, ip)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});
