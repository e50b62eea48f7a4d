import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '@contract/second-factor';
import { selectRows } from '../../../db/client';
import type { MailMessage } from '../../../providers/mail/mail';
import { codeAt, nextCode } from '../../../test/authenticator';
import { setUpAuthenticator, signInNewAdmin, signUpUser } from '../../../test/fixtures';
import { eventually, mailboxOf, smsInboxOf, startTestApp, stopTestApp, type TestContext } from '../../../test/harness';
import { CHALLENGE_GONE } from './answer-challenge';
import { LAST_FACTOR_KEPT } from './manage-factors';
import { CANNOT_RESET_OWN } from './reset-factor';
import { sha256 } from '../tokens';
import { removeExpiredChallenges } from './queries';
import { currentStep } from './totp';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const nextIp = () => `10.62.${(++ip >> 8) & 255}.${ip & 255}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: string, url: string, token?: string, payload?: object, headers: object = {}) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    remoteAddress: nextIp(),
  });
const login = (email: string, password: string, userAgent = 'Test browser') =>
  call('POST', '/api/auth/login', undefined, { email, password }, { 'user-agent': userAgent });
/** Makes a session's last second-factor check older than the step-up window. */
const ageCheck = (token: string) =>
  ctx.database.db.execute(
    sql`update sessions set second_factor_at = now() - interval '6 minutes' where token_hash = ${sha256(token)}`,
  );
const mails = () => (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;
const ageAllChecks = (userId: number) =>
  ctx.database.db.execute(
    sql`update sessions set second_factor_at = now() - interval '6 minutes' where user_id = ${userId}`,
  );

describe('an authenticator app', () => {
  it('sets up with a secret in groups a screen reader can read, and its first code gives ten recovery codes', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const started = await call('POST', '/api/account/second-factor/totp', donor.token);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Gift%20of%20Independence:.+\?.*secret=/);
    expect(otpauthUri).toContain(`secret=${secret}`);

    const wrong = await call('POST', '/api/account/second-factor/totp/confirm', donor.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await call('POST', '/api/account/second-factor/totp/confirm', donor.token, {
      code: await nextCode(secret, ctx.app),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Kept only as digests.
    const kept = await selectRows<{ code_hash: string }>(
      ctx.database.db,
      sql`select code_hash from recovery_codes where user_id = ${donor.user.id}`,
    );
    expect(kept).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of kept) expect(recoveryCodes).not.toContain(row.code_hash);
    const [sealed] = await selectRows<{ secret_sealed: string }>(
      ctx.database.db,
      sql`select secret_sealed from second_factors where user_id = ${donor.user.id}`,
    );
    expect(sealed!.secret_sealed).not.toContain(secret);
    expect((await call('GET', '/api/auth/me', donor.token)).json()).toMatchObject({ hasSecondFactor: true });
  });

  it('signs in with the password then a code, accepts each code once, and gives five tries per sign-in', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const { secret } = await setUpAuthenticator(ctx.app, donor.token);

    const first = await login(donor.email, donor.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactorRequired: true, challenge: expect.any(String), methods: ['totp'] });
    const code = await nextCode(secret, ctx.app);
    const done = await call('POST', '/api/auth/second-factor', undefined, { challenge: first.json().challenge, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ id: donor.user.id });
    // The challenge is used up, and the same code is refused on a new one.
    const again = await call('POST', '/api/auth/second-factor', undefined, { challenge: first.json().challenge, code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: CHALLENGE_GONE, code: 'sign_in_challenge_gone' });
    const second = (await login(donor.email, donor.password)).json().challenge;
    const replayed = await call('POST', '/api/auth/second-factor', undefined, { challenge: second, code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/not right, or was used already\. 4 tries left/);
    // A code from long ago is refused too.
    const stale = codeAt(secret, currentStep() - 10);
    for (const left of [3, 2, 1]) {
      const miss = await call('POST', '/api/auth/second-factor', undefined, { challenge: second, code: stale });
      expect(miss.json().message).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await call('POST', '/api/auth/second-factor', undefined, { challenge: second, code: stale });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('sign_in_challenge_gone');
    // Even the right code cannot use a challenge that ran out of tries.
    const late = await call('POST', '/api/auth/second-factor', undefined, {
      challenge: second,
      code: await nextCode(secret, ctx.app),
    });
    expect(late.statusCode).toBe(401);
  });

  it('takes each recovery code once instead of a code', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const { recoveryCodes } = await setUpAuthenticator(ctx.app, donor.token);
    const challenge = (await login(donor.email, donor.password)).json().challenge;
    const typed = recoveryCodes[0]!.toUpperCase().replaceAll('-', ' ');
    const used = await call('POST', '/api/auth/second-factor', undefined, { challenge, recoveryCode: typed });
    expect(used.statusCode, used.body).toBe(200);
    const next = (await login(donor.email, donor.password)).json().challenge;
    const reused = await call('POST', '/api/auth/second-factor', undefined, {
      challenge: next,
      recoveryCode: recoveryCodes[0],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors.recoveryCode[0]).toMatch(/used already/);
    const status = await call('GET', '/api/account/second-factor', used.json().token);
    expect(status.json()).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1, required: false });
  });

  it('asks for a fresh check before a factor is removed or the recovery codes replaced', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const { secret } = await setUpAuthenticator(ctx.app, donor.token);
    await ageCheck(donor.token);
    const refused = await call('DELETE', '/api/account/second-factor/totp', donor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: STEP_UP_REQUIRED, code: 'step_up_required' });
    expect((await call('POST', '/api/account/second-factor/recovery-codes', donor.token)).statusCode).toBe(403);
    const stepped = await call('POST', '/api/auth/step-up', donor.token, { code: await nextCode(secret, ctx.app) });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const fresh = await call('POST', '/api/account/second-factor/recovery-codes', donor.token);
    expect(fresh.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await call('DELETE', '/api/account/second-factor/totp', donor.token)).statusCode).toBe(200);
    // With the last factor gone, so are the recovery codes, and the password alone signs in again.
    expect((await login(donor.email, donor.password)).json().token).toEqual(expect.any(String));
  });
});

describe('admins', () => {
  it('cannot do anything but set up a second factor until they have one, and cannot remove the last one', async () => {
    const made = await signInNewAdmin(ctx.app, ctx.database.db);
    const removed = await call('DELETE', '/api/account/second-factor/totp', made.token);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(LAST_FACTOR_KEPT);
    // Without a factor (a super admin reset it), only the set-up, `me`, password and sign-out are open.
    await ctx.database.db.execute(sql`delete from second_factors where user_id = ${made.user.id}`);
    const blocked = await call('GET', '/api/admin/users/all', made.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ message: SECOND_FACTOR_REQUIRED, code: 'second_factor_required' });
    expect((await call('GET', '/api/auth/me', made.token)).json()).toMatchObject({ hasSecondFactor: false });
    expect((await call('GET', '/api/account/second-factor', made.token)).json()).toMatchObject({ required: true });
    await setUpAuthenticator(ctx.app, made.token);
    expect((await call('GET', '/api/admin/users/all', made.token)).statusCode).toBe(200);
  });

  it('confirm with a second factor within five minutes before each act that moves money or power', async () => {
    const superAdmin = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
    const other = await signInNewAdmin(ctx.app, ctx.database.db);
    await ageAllChecks(superAdmin.user.id);
    const acts: [string, string, object?][] = [
      ['POST', '/api/admin/payments/GOI-NONE-1/refund', { amount: 100, reason: 'Asked for' }],
      ['POST', '/api/admin/payments/GOI-NONE-1/resolve', { caseId: 1, resolution: 'accept' }],
      ['GET', '/api/admin/exports/payments.csv'],
      [
        'POST',
        '/api/admin/users',
        { email: 'x@example.org', firstName: 'X', password: 'a long password 1', roleId: 2 },
      ],
      ['DELETE', `/api/admin/users/${other.user.id}`],
      ['POST', `/api/admin/users/${other.user.id}/second-factor/reset`],
    ];
    for (const [method, url, payload] of acts) {
      const res = await call(method, url, superAdmin.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'step_up_required', message: STEP_UP_REQUIRED });
    }
    const wrong = await call('POST', '/api/auth/step-up', superAdmin.token, { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    const stepped = await call('POST', '/api/auth/step-up', superAdmin.token, {
      code: await nextCode(superAdmin.secret, ctx.app),
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    for (const [method, url, payload] of acts.slice(0, 3)) {
      const res = await call(method, url, superAdmin.token, payload);
      expect(res.statusCode === 403 ? res.json().code : 'through', `${method} ${url}`).not.toBe('step_up_required');
    }
  });

  it('a super admin resets another admin’s lost factor: audited, told by mail and SMS, signed out; never their own', async () => {
    const superAdmin = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
    const lost = await signInNewAdmin(ctx.app, ctx.database.db);
    await ctx.database.db.execute(sql`update users set phone_number = '+2348035550199' where id = ${lost.user.id}`);
    const own = await call('POST', `/api/admin/users/${superAdmin.user.id}/second-factor/reset`, superAdmin.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(CANNOT_RESET_OWN);
    const plain = await call('POST', `/api/admin/users/${superAdmin.user.id}/second-factor/reset`, lost.token);
    expect(plain.statusCode).toBe(403);

    const reset = await call('POST', `/api/admin/users/${lost.user.id}/second-factor/reset`, superAdmin.token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/api/auth/me', lost.token)).statusCode).toBe(401);
    const [logged] = await selectRows<{ admin_id: number }>(
      ctx.database.db,
      sql`select admin_id from admin_audit_log where action = 'user.reset_second_factor' and entity_id = ${String(lost.user.id)}`,
    );
    expect(logged?.admin_id).toBe(superAdmin.user.id);
    await eventually(
      'the mail telling of the reset',
      async () => mails().filter((m) => m.to === lost.email && /was reset/.test(m.subject)),
      (m) => m.length === 1,
    );
    await eventually(
      'the SMS telling of the reset',
      async () => smsInboxOf(ctx.app).to('+2348035550199'),
      (texts) => texts.some((t) => /reset the second factor/.test(t)),
    );
    // The password alone now opens only the set-up.
    const back = await login(lost.email, lost.password);
    expect(back.json().token).toEqual(expect.any(String));
    expect((await call('GET', '/api/admin/users/all', back.json().token)).json().code).toBe('second_factor_required');
  });
});

describe('your sessions', () => {
  it('lists the sessions with browser and network, signs out one or every other, and tells of a new browser', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const phone = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: donor.email, password: donor.password },
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
        },
        remoteAddress: '102.89.34.17',
      })
    ).json().token as string;
    await eventually(
      'the mail about a new browser',
      async () => mails().filter((m) => m.to === donor.email && /new sign-in/.test(m.subject)),
      (m) => m.length === 1 && m[0]!.text.includes('Chrome on Android') && m[0]!.text.includes('102.89.34.0/24'),
    );
    const laptop = (await login(donor.email, donor.password, 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0')).json()
      .token as string;
    const list = await call('GET', '/api/account/sessions', phone);
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: number; current: boolean; browser: string; networkPrefix: string | null }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)).toMatchObject({
      browser: 'Chrome on Android',
      networkPrefix: '102.89.34.0/24',
    });
    expect(sessions.map((s) => s.browser)).toContain('Firefox on Windows');

    // Another person's session is not theirs to end.
    const stranger = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const laptopId = sessions.find((s) => s.browser === 'Firefox on Windows')!.id;
    expect((await call('DELETE', `/api/account/sessions/${laptopId}`, stranger.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/account/sessions/${laptopId}`, phone)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', laptop)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/account/sessions', phone)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', donor.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', phone)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/sessions', phone)).json()).toHaveLength(1);
  });
});

describe('passkeys', () => {
  it('issues options bound to the site and refuses an answer the browser did not make', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const options = await call('POST', '/api/account/passkeys/options', donor.token);
    expect(options.statusCode).toBe(200);
    expect(options.json().options).toMatchObject({ rp: { id: 'localhost' }, challenge: expect.any(String) });
    const forged = await call('POST', '/api/account/passkeys', donor.token, {
      name: 'My phone',
      response: {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'AA' },
      },
    });
    expect(forged.statusCode).toBe(400);
    const signIn = await call('POST', '/api/auth/passkey', undefined, {
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('the hourly sweep', () => {
  it('removes challenges a day past their expiry and keeps the recent ones', async () => {
    const user = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const db = ctx.database.db;
    await db.execute(sql`insert into sign_in_challenges (user_id, token_hash, expires_at) values
      (${user.user.id}, ${`old-${user.user.id}`}, now() - interval '2 days'),
      (${user.user.id}, ${`new-${user.user.id}`}, now() - interval '5 minutes')`);
    await db.execute(sql`insert into passkey_challenges (challenge, purpose, user_id, expires_at) values
      (${`old-${user.user.id}`}, 'register', ${user.user.id}, now() - interval '2 days'),
      (${`new-${user.user.id}`}, 'register', ${user.user.id}, now() + interval '5 minutes')`);
    await removeExpiredChallenges(db);
    const left = await selectRows<{ token: string }>(
      db,
      sql`select token_hash as token from sign_in_challenges where user_id = ${user.user.id}
          union all select challenge from passkey_challenges where user_id = ${user.user.id}`,
    );
    expect(left.map((r) => r.token).sort()).toEqual([`new-${user.user.id}`, `new-${user.user.id}`]);
  });
});
