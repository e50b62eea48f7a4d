import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createMailbox } from '../../test/mailbox';
import { onboard, signUpUser } from '../../test/fixtures';
import { eventually, smsInboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { NO_PHONE_FOR_WHATSAPP } from './preferences';

let ctx: TestContext;
const mailbox = createMailbox();
beforeAll(async () => {
  ctx = await startTestApp({}, { mailer: mailbox });
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const nextIp = () => `10.69.${(++ip >> 8) & 255}.${ip & 255}`;
const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` }, remoteAddress: nextIp() });
const signUp = async (role: 'recipient' | 'organization' = 'recipient') => {
  const made = await signUpUser(ctx.app, mailbox, { role });
  return { ...made, userId: made.user.id };
};
const notifyByOf = async (userId: number) =>
  (await selectRows<{ n: string }>(ctx.database.db, sql`select notify_by as n from users where id = ${userId}`))[0]!.n;

describe('choosing WhatsApp', () => {
  it('saves WhatsApp for a person with a phone number, and refuses it without one', async () => {
    const recipient = await signUp();
    const saved = await call(recipient.token, 'PATCH', '/api/account/preferences', { notifyBy: 'whatsapp' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      notifyBy: 'whatsapp',
      message: 'Saved. We will tell you about your request by WhatsApp, or by SMS when WhatsApp cannot deliver.',
    });
    expect((await call(recipient.token, 'GET', '/api/account/preferences')).json().notifyBy).toBe('whatsapp');

    await selectRows(
      ctx.database.db,
      sql`update users set phone_number = null, notify_by = 'email' where id = ${recipient.userId}`,
    );
    const refused = await call(recipient.token, 'PATCH', '/api/account/preferences', { notifyBy: 'whatsapp' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NO_PHONE_FOR_WHATSAPP);
    expect(await notifyByOf(recipient.userId)).toBe('email');
  });

  it('the database refuses a choice the code does not know', async () => {
    const recipient = await signUp();
    await expect(
      ctx.database.db.execute(sql`update users set notify_by = 'telegram' where id = ${recipient.userId}`),
    ).rejects.toThrow();
    await ctx.database.db.execute(sql`update users set notify_by = 'whatsapp' where id = ${recipient.userId}`);
    expect(await notifyByOf(recipient.userId)).toBe('whatsapp');
  });

  it('an organization without a phone number is refused WhatsApp at onboarding, on the field', async () => {
    const organization = await signUp('organization');
    await selectRows(ctx.database.db, sql`update users set phone_number = null where id = ${organization.userId}`);
    const refused = await onboard(ctx.app, organization.token, 'organization', { notifyBy: 'whatsapp' }).catch(
      (e: Error) => e,
    );
    expect(String(refused)).toMatch(/no phone number yet/);
    expect(await notifyByOf(organization.userId)).toBe('email');
  });

  it('word of a changed phone number reaches the old number by SMS, also for a person who chose WhatsApp', async () => {
    const person = await signUp();
    await call(person.token, 'PATCH', '/api/account/preferences', { notifyBy: 'whatsapp' });
    const before = (
      await selectRows<{ p: string }>(
        ctx.database.db,
        sql`select phone_number as p from users where id = ${person.userId}`,
      )
    )[0]!.p;
    const to = `+2348069${String(process.pid % 1000).padStart(3, '0')}123`;
    expect((await call(person.token, 'POST', '/api/account/phone', { phoneNumber: to })).statusCode).toBe(200);
    const text = await eventually(
      'the code by SMS',
      async () => smsInboxOf(ctx.app).to(to).at(-1),
      (t) => t !== undefined,
    );
    const code = /is (\d{6})\./.exec(text!)![1]!;
    expect((await call(person.token, 'POST', '/api/account/phone/confirm', { code })).statusCode).toBe(200);
    await eventually(
      'the text to the old number saying it changed',
      async () =>
        smsInboxOf(ctx.app)
          .to(before)
          .some((t) => t.includes(`changed to ${to}`)),
      Boolean,
    );
  });
});
