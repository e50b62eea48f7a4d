import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_PASSWORD } from '@contract/auth';
import { signUpUser } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { WRONG_CURRENT_PASSWORD } from './change-password';
import { COMMON_PASSWORD } from './password-policy';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const nextIp = () => `10.61.${(++ip >> 8) & 255}.${ip & 255}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const change = (token: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: nextIp(),
  });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextIp() });

describe('POST /api/auth/change-password', () => {
  it('changes the password, keeps this session and signs out every other one', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const other = (await login(owner.email, owner.password)).json().token as string;
    expect((await me(other)).statusCode).toBe(200);

    const reply = await change(owner.token, {
      currentPassword: owner.password,
      newPassword: 'a brand new passphrase 42',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toMatch(/has been changed/);

    expect((await me(owner.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);
    expect((await login(owner.email, 'a brand new passphrase 42')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, the same password, a common one and a signed-out caller, in words', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const wrong = await change(owner.token, {
      currentPassword: 'not my password at all',
      newPassword: 'a brand new passphrase 42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toEqual([WRONG_CURRENT_PASSWORD]);

    const same = await change(owner.token, { currentPassword: owner.password, newPassword: owner.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.newPassword).toEqual([SAME_PASSWORD]);

    const common = await change(owner.token, { currentPassword: owner.password, newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD);

    expect(
      (await change(undefined, { currentPassword: owner.password, newPassword: 'a brand new passphrase 42' }))
        .statusCode,
    ).toBe(401);
    // Nothing above changed it.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('limits guesses of the current password per account, counted before the check, even in parallel', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        change(owner.token, { currentPassword: `guess number ${i}`, newPassword: 'a brand new passphrase 42' }),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const limited = replies.find((r) => r.statusCode === 429)!;
    expect(limited.headers['retry-after']).toBeTruthy();
    // Even the right password waits now.
    expect(
      (await change(owner.token, { currentPassword: owner.password, newPassword: 'a brand new passphrase 42' }))
        .statusCode,
    ).toBe(429);
  });
});
