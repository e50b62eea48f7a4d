import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WORDS } from '@contract/auth';
import { selectRows } from '../../db/client';
import { signUpUser } from '../../test/fixtures';
import { eventually, smsInboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { NO_PASSWORD_YET } from './change-password';
import { COMMON_PASSWORD } from './password-policy';
import { WRONG_PHONE_CREDENTIALS } from './sign-in';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const nextIp = () => `10.67.${(++ip >> 8) & 255}.${ip & 255}`;
let n = 0;
/** A fresh number each time, so codes and limits of different tests never mix. */
const newNumber = () => `+2348078${String(++n).padStart(6, '0')}`;
const typed = (e164: string) => `0${e164.slice(4)}`;

const post = (url: string, payload: object, { token, address }: { token?: string; address?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: address ?? nextIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const phoneLogin = (phoneNumber: string, password: string, address?: string) =>
  post('/api/auth/phone/login', { phoneNumber, password }, { address });
const setPassword = (token: string, payload: object) => post('/api/auth/change-password', payload, { token });

async function signUpByPhone(phone = newNumber()) {
  const before = smsInboxOf(ctx.app).to(phone).length;
  expect((await post('/api/auth/phone/code', { phoneNumber: phone })).statusCode).toBe(202);
  const texts = await eventually(
    `a code texted to ${phone}`,
    async () => smsInboxOf(ctx.app).to(phone),
    (all) => all.length > before,
  );
  const code = /code is (\d{6})\./.exec(texts.at(-1)!)![1]!;
  const res = await post('/api/auth/phone/verify', {
    phoneNumber: phone,
    code,
    firstName: 'Amina',
    lastName: 'Bello',
    role: 'recipient',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().token as string, phone, code };
}

describe('a phone-only account sets its first password', () => {
  it('without a current password, under the same policy, signing out its other sessions', async () => {
    const person = await signUpByPhone();
    expect((await me(person.token)).json()).toMatchObject({ email: null, hasPassword: false });
    // A second device, signed in by a new code.
    const other = await signUpByPhone(person.phone);
    expect((await me(other.token)).statusCode).toBe(200);

    const common = await setPassword(person.token, { newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD);
    const short = await setPassword(person.token, { newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toBeDefined();

    const set = await setPassword(person.token, { newPassword: 'amina reads braille daily' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toMatch(/has been set\. Any other device/);
    expect((await me(person.token)).json()).toMatchObject({ hasPassword: true });
    expect((await me(other.token)).statusCode).toBe(401);

    // Now it has one: a change must prove it.
    const bare = await setPassword(person.token, { newPassword: 'someone else took over' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors.currentPassword).toEqual([CURRENT_PASSWORD_WORDS]);
    const proved = await setPassword(person.token, {
      currentPassword: 'amina reads braille daily',
      newPassword: 'amina reads braille nightly',
    });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await phoneLogin(typed(person.phone), 'amina reads braille nightly')).statusCode).toBe(200);
  });

  it('an account with an email and a password must give the current one; one with no password cannot set one here', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const bare = await setPassword(owner.token, { newPassword: 'a brand new passphrase 42' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors.currentPassword).toEqual([CURRENT_PASSWORD_WORDS]);
    await ctx.database.db.execute(sql`update users set password_hash = null where id = ${owner.user.id}`);
    const google = await setPassword(owner.token, { newPassword: 'a brand new passphrase 42' });
    expect(google.statusCode).toBe(400);
    expect(google.json().message).toBe(NO_PASSWORD_YET);
  });
});

describe('POST /api/auth/phone/login', () => {
  it('signs in with the number in any accepted form and the right password, and refuses alike a wrong password, an unknown number and no password yet', async () => {
    const person = await signUpByPhone();
    const noPasswordYet = await phoneLogin(person.phone, 'anything at all');
    expect(noPasswordYet.statusCode).toBe(401);
    expect(noPasswordYet.json().message).toBe(WRONG_PHONE_CREDENTIALS);

    expect((await setPassword(person.token, { newPassword: 'amina reads braille daily' })).statusCode).toBe(200);
    for (const form of [person.phone, typed(person.phone), `+234 ${typed(person.phone).slice(1)}`]) {
      const right = await phoneLogin(form, 'amina reads braille daily');
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json().user).toMatchObject({ email: null, phoneNumber: person.phone, hasPassword: true });
    }

    const wrong = await phoneLogin(person.phone, 'not the password');
    const unknown = await phoneLogin(newNumber(), 'amina reads braille daily');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(wrong.json().message).toBe(WRONG_PHONE_CREDENTIALS);

    const malformed = await phoneLogin('12', 'x');
    expect(malformed.statusCode).toBe(400);
  });

  it('never signs in an account with an email that shares the number, nor a deleted account', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const [row] = await selectRows<{ phone_number: string }>(
      ctx.database.db,
      sql`select phone_number from users where id = ${owner.user.id}`,
    );
    const shared = await phoneLogin(row!.phone_number, owner.password);
    expect(shared.statusCode).toBe(401);
    expect(shared.json().message).toBe(WRONG_PHONE_CREDENTIALS);

    const person = await signUpByPhone();
    expect((await setPassword(person.token, { newPassword: 'amina reads braille daily' })).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update users set deleted_at = now() where phone_number = ${person.phone} and email is null`,
    );
    expect((await phoneLogin(person.phone, 'amina reads braille daily')).statusCode).toBe(401);
  });

  it('shares the password sign-in limits: guesses at one number are cut off per address', async () => {
    const person = await signUpByPhone();
    expect((await setPassword(person.token, { newPassword: 'amina reads braille daily' })).statusCode).toBe(200);
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await phoneLogin(person.phone, `guess ${i} wrong`, address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The right password from that address is cut off too, but not from another one.
    expect((await phoneLogin(person.phone, 'amina reads braille daily', address)).statusCode).toBe(429);
    expect((await phoneLogin(person.phone, 'amina reads braille daily')).statusCode).toBe(200);
  });
});
