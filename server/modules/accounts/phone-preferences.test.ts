import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsSms } from '@contract/sms';
import { selectRows } from '../../db/client';
import type { SmsMessage, SmsSender } from '../../providers/sms/sms';
import { createMailbox } from '../../test/mailbox';
import { onboard, signUpUser } from '../../test/fixtures';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { phoneCodeSms } from './phone-code-sms';
import { NO_PHONE_FOR_SMS } from './preferences';

let ctx: TestContext;
const texts: SmsMessage[] = [];
const sms: SmsSender = {
  description: 'memory',
  async send(message) {
    texts.push(message);
  },
};
const mailbox = createMailbox();
beforeAll(async () => {
  ctx = await startTestApp({}, { sms, mailer: mailbox });
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const nextIp = () => `10.62.${(++ip >> 8) & 255}.${ip & 255}`;
const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` }, remoteAddress: nextIp() });

let n = 0;
/** A fresh number each time, so codes of different tests never mix. */
const newNumber = () => `+2348090${String(++n).padStart(6, '0')}`;
const codeFor = async (to: string) => {
  const found = await eventually(
    `a code texted to ${to}`,
    async () => texts.filter((t) => t.to === to).at(-1),
    (t) => t !== undefined,
  );
  const code = /is (\d{6})\./.exec(found.text)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
};
const phoneOf = async (userId: number) =>
  (
    await selectRows<{ phone_number: string | null }>(
      ctx.database.db,
      sql`select phone_number from users where id = ${userId}`,
    )
  )[0]!.phone_number;
const signUp = async (role: 'recipient' | 'organization' = 'recipient') => {
  const made = await signUpUser(ctx.app, mailbox, { role });
  return { ...made, userId: made.user.id };
};

describe('how a person is told', () => {
  it('a new recipient is told by email and SMS, an organization by email', async () => {
    const recipient = await signUp('recipient');
    const organization = await signUp('organization');
    const mine = await call(recipient.token, 'GET', '/api/account/preferences');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ notifyBy: 'both', phoneNumber: expect.stringMatching(/^\+234/) });
    expect((await call(organization.token, 'GET', '/api/account/preferences')).json().notifyBy).toBe('email');
  });

  it('saves the choice, and refuses SMS without a phone number', async () => {
    const recipient = await signUp();
    const saved = await call(recipient.token, 'PATCH', '/api/account/preferences', { notifyBy: 'sms' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ notifyBy: 'sms', message: expect.stringMatching(/by SMS\.$/) });
    expect((await call(recipient.token, 'GET', '/api/account/preferences')).json().notifyBy).toBe('sms');

    await selectRows(
      ctx.database.db,
      sql`update users set phone_number = null, notify_by = 'email' where id = ${recipient.userId}`,
    );
    const refused = await call(recipient.token, 'PATCH', '/api/account/preferences', { notifyBy: 'both' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NO_PHONE_FOR_SMS);
    expect((await call(recipient.token, 'PATCH', '/api/account/preferences', { notifyBy: 'email' })).statusCode).toBe(
      200,
    );

    const bad = await call(recipient.token, 'PATCH', '/api/account/preferences', { notifyBy: 'pigeon' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('choosing at onboarding', () => {
  it('an organization chooses at onboarding; the choice is kept on the account, not in the answers', async () => {
    const organization = await signUp('organization');
    await onboard(ctx.app, organization.token, 'organization', { notifyBy: 'both' });
    expect((await call(organization.token, 'GET', '/api/account/preferences')).json().notifyBy).toBe('both');
    const [row] = await selectRows<{ answers: Record<string, unknown> }>(
      ctx.database.db,
      sql`select answers from onboarding_submissions where user_id = ${organization.userId}`,
    );
    expect(row!.answers).not.toHaveProperty('notifyBy');
  });
});

describe('changing the phone number', () => {
  it('the code text fits two segments', () => {
    expect(fitsSms(phoneCodeSms('+2348031234567', '123456').text)).toBe(true);
  });

  it('changes the number only after the right code, and tells the person', async () => {
    const person = await signUp();
    const before = await phoneOf(person.userId);
    const to = newNumber();
    const asked = await call(person.token, 'POST', '/api/account/phone', { phoneNumber: to });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toContain(to);
    const code = await codeFor(to);
    expect(await phoneOf(person.userId)).toBe(before);
    // No readable code waits in the job table.
    const jobs = await selectRows<{ data: unknown }>(
      ctx.database.db,
      sql`select data from pgboss.job where name = 'accounts.phone-code'`,
    );
    expect(JSON.stringify(jobs)).not.toContain(code);

    const confirmed = await call(person.token, 'POST', '/api/account/phone/confirm', { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: `Your phone number is now ${to}.`, phoneNumber: to });
    expect(await phoneOf(person.userId)).toBe(to);
    // Told in the app, by mail and, since a recipient takes SMS too, at the old number.
    const notices = (await call(person.token, 'GET', '/api/notifications')).json() as Array<{ message: string }>;
    expect(notices.some((x) => x.message.includes(`changed to ${to}`))).toBe(true);
    await eventually(
      'the mail saying the phone number changed',
      async () => mailbox.messages.some((m) => m.to === person.email && m.subject === 'Your phone number was changed'),
      Boolean,
    );
    await eventually(
      'the text to the old number saying it changed',
      async () => texts.some((t) => t.to === before && t.text.includes(`changed to ${to}`)),
      Boolean,
    );

    const again = await call(person.token, 'POST', '/api/account/phone/confirm', { code });
    expect(again.statusCode).toBe(400);
  });

  it('counts wrong codes and stops after five', async () => {
    const person = await signUp('organization');
    const before = await phoneOf(person.userId);
    const to = newNumber();
    await call(person.token, 'POST', '/api/account/phone', { phoneNumber: to });
    const code = await codeFor(to);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await call(person.token, 'POST', '/api/account/phone/confirm', { code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('That code is not right. 4 tries left.');
    for (let i = 0; i < 4; i++) await call(person.token, 'POST', '/api/account/phone/confirm', { code: wrong });
    const late = await call(person.token, 'POST', '/api/account/phone/confirm', { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Too many wrong tries. Ask for a new code.');
    expect(await phoneOf(person.userId)).toBe(before);
  });

  it('refuses an expired code', async () => {
    const person = await signUp();
    const to = newNumber();
    await call(person.token, 'POST', '/api/account/phone', { phoneNumber: to });
    const code = await codeFor(to);
    await selectRows(
      ctx.database.db,
      sql`update phone_changes set expires_at = now() - interval '1 second' where user_id = ${person.userId}`,
    );
    const reply = await call(person.token, 'POST', '/api/account/phone/confirm', { code });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('That code has expired. Ask for a new code.');
    expect(await phoneOf(person.userId)).not.toBe(to);
  });

  it("never uses another person's change", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const to = newNumber();
    await call(owner.token, 'POST', '/api/account/phone', { phoneNumber: to });
    const code = await codeFor(to);
    const reply = await call(stranger.token, 'POST', '/api/account/phone/confirm', { code });
    expect(reply.statusCode).toBe(400);
    expect(await phoneOf(stranger.userId)).not.toBe(to);
    expect(await phoneOf(owner.userId)).not.toBe(to);
    // The owner's code still works: the stranger's try did not count against it.
    expect((await call(owner.token, 'POST', '/api/account/phone/confirm', { code })).statusCode).toBe(200);
  });

  it('a newer request replaces the older; asking again at once must wait', async () => {
    const person = await signUp();
    const first = newNumber();
    await call(person.token, 'POST', '/api/account/phone', { phoneNumber: first });
    const firstCode = await codeFor(first);
    const soon = await call(person.token, 'POST', '/api/account/phone', { phoneNumber: newNumber() });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);

    await selectRows(
      ctx.database.db,
      sql`update phone_changes set created_at = created_at - interval '2 minutes' where user_id = ${person.userId}`,
    );
    const second = newNumber();
    expect((await call(person.token, 'POST', '/api/account/phone', { phoneNumber: second })).statusCode).toBe(200);
    const secondCode = await codeFor(second);
    if (firstCode !== secondCode) {
      expect((await call(person.token, 'POST', '/api/account/phone/confirm', { code: firstCode })).statusCode).toBe(
        400,
      );
    }
    expect((await call(person.token, 'POST', '/api/account/phone/confirm', { code: secondCode })).json()).toMatchObject(
      { phoneNumber: second },
    );
  });

  it('refuses the number already on the account, and a number that is not Nigerian', async () => {
    const person = await signUp();
    const same = await call(person.token, 'POST', '/api/account/phone', { phoneNumber: await phoneOf(person.userId) });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('That is already the phone number on your account.');
    const foreign = await call(person.token, 'POST', '/api/account/phone', { phoneNumber: '+44 20 7946 0958' });
    expect(foreign.statusCode).toBe(400);
  });
});
