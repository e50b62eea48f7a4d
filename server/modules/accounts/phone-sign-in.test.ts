import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsSms } from '@contract/sms';
import { selectRows } from '../../db/client';
import { onboard, signInNewAdmin } from '../../test/fixtures';
import { eventually, smsInboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { signInCodeSms } from './phone-code-sms';
import { NEEDS_NAME, NO_CODE_WAITING, PHONE_CODE_REPLY } from './phone-sign-in';
import { NO_EMAIL_FOR_MAIL } from './preferences';
import { NUMBER_TAKEN } from './request-phone-change';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

const db = () => ctx.database.db;
const texts = () => smsInboxOf(ctx.app);
let ip = 0;
const nextIp = () => `10.66.${(++ip >> 8) & 255}.${ip & 255}`;
let n = 0;
/** A fresh number each time, so codes and limits of different tests never mix. */
const newNumber = () => `+2348077${String(++n).padStart(6, '0')}`;
/** The same number as a person types it: 0807... */
const typed = (e164: string) => `0${e164.slice(4)}`;

const post = (url: string, payload: object, { token, address }: { token?: string; address?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: address ?? nextIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` }, remoteAddress: nextIp() });

const askCode = (phoneNumber: string, address?: string) => post('/api/auth/phone/code', { phoneNumber }, { address });
const verify = (payload: object) => post('/api/auth/phone/verify', payload);
const SIGN_UP = { firstName: 'Amina', lastName: 'Bello', role: 'recipient' };

/** The newest code texted to `to`, once at least `after` texts have reached it. */
async function codeFor(to: string, after = 0): Promise<string> {
  const text = await eventually(
    `a sign-in code texted to ${to}`,
    async () => texts().to(to),
    (all) => all.length > after,
  );
  const code = /code is (\d{6})\./.exec(text.at(-1)!)?.[1];
  if (!code) throw new Error(`no code in ${text.at(-1)}`);
  return code;
}

async function signUpByPhone(phone = newNumber()) {
  expect((await askCode(typed(phone))).statusCode).toBe(202);
  const code = await codeFor(phone);
  const res = await verify({ phoneNumber: typed(phone), code, ...SIGN_UP });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...(res.json() as { token: string; user: { id: number; email: string | null; phoneNumber: string } }),
    phone,
  };
}

describe('an account with only a phone number', () => {
  it('signs up by code, onboards, requests a device, is told of approval by SMS, books a collection, and signs in again by code', async () => {
    const phone = newNumber();
    const asked = await askCode(typed(phone));
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: PHONE_CODE_REPLY });
    const code = await codeFor(phone);

    // The code alone, for a number with no account: the name is asked for, and the code still works.
    const nameless = await verify({ phoneNumber: typed(phone), code });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(NEEDS_NAME);

    const made = await verify({ phoneNumber: `+234 ${typed(phone).slice(1)}`, code, ...SIGN_UP });
    expect(made.statusCode, made.body).toBe(200);
    const { token, user } = made.json() as { token: string; user: Record<string, unknown> };
    expect(user).toMatchObject({ email: null, phoneNumber: phone, role: 'recipient', isOnboardingComplete: false });
    const [row] = await selectRows<{ notify_by: string; password_hash: string | null }>(
      db(),
      sql`select notify_by, password_hash from users where id = ${user.id as number}`,
    );
    expect(row).toMatchObject({ notify_by: 'sms', password_hash: null });
    // With no email, mail cannot be chosen: every notice goes by SMS.
    const choice = await call(token, 'PATCH', '/api/account/preferences', { notifyBy: 'both' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().message).toBe(NO_EMAIL_FOR_MAIL);
    // The code was used: it signs in nobody a second time.
    expect((await verify({ phoneNumber: typed(phone), code })).json().message).toBe(NO_CODE_WAITING);

    // The wizard's mail choices are refused on their own field; its SMS default is taken.
    await expect(onboard(ctx.app, token, 'recipient', { notifyBy: 'both' })).rejects.toThrow(
      'Your account has no email: choose SMS or WhatsApp.',
    );
    await onboard(ctx.app, token, 'recipient', { notifyBy: 'sms' });
    const me = (await call(token, 'GET', '/api/auth/me')).json();
    expect(me).toMatchObject({ isOnboardingComplete: true, canCreateCampaign: true, email: null });

    const [product] = await selectRows<{ id: number; name: string }>(
      db(),
      sql`select id, name from products where withdrawn_at is null order by id limit 1`,
    );
    const request = await call(token, 'POST', '/api/campaigns', {
      productId: Number(product!.id),
      reason: 'I teach braille to thirty children and need this to prepare lessons.',
    });
    expect(request.statusCode, request.body).toBe(201);
    const campaignId = request.json().id as number;

    const admin = await signInNewAdmin(ctx.app, db());
    const before = texts().to(phone).length;
    const approved = await call(admin.token, 'PATCH', `/api/admin/campaigns/${campaignId}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const approval = await eventually(
      'the approval texted',
      async () => texts().to(phone),
      (all) => all.length > before,
    );
    expect(approval.at(-1)).toMatch(/is approved\. Your campaign is now live for donors\./);

    await db().execute(
      sql`update recipient_campaigns set status = 'ready_for_pickup', delivery_status = 'ready_for_pickup' where id = ${campaignId}`,
    );
    const [slot] = await selectRows<{ id: number }>(
      db(),
      sql`insert into collection_slots (starts_at, capacity) values (now() + interval '2 days', 5) returning id`,
    );
    const beforeBooking = texts().to(phone).length;
    const booked = await call(token, 'POST', `/api/campaigns/${campaignId}/collection`, { slotId: Number(slot!.id) });
    expect(booked.statusCode, booked.body).toBe(200);
    const booking = await eventually(
      'the booking texted',
      async () => texts().to(phone),
      (all) => all.length > beforeBooking,
    );
    expect(booking.at(-1)).toMatch(/booked/);

    // Signed out, the same number signs in to the same account with a new code.
    expect((await call(token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    const sent = texts().to(phone).length;
    expect((await askCode(phone)).statusCode).toBe(202);
    const again = await verify({ phoneNumber: typed(phone), code: await codeFor(phone, sent) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toMatchObject({ id: user.id, first_name: 'Amina' });
  });

  it('answers the same for a number with or without an account, and the SMS is short and complete', async () => {
    const { phone } = await signUpByPhone();
    const unknown = newNumber();
    const a = await askCode(phone);
    const b = await askCode(unknown);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual(b.json());
    const text = signInCodeSms(phone, '123456').text;
    expect(fitsSms(text)).toBe(true);
    expect(text).toMatch(/Gift of Independence: your sign-in code is 123456\. It expires in 10 minutes\./);
    // The job table holds no readable code: it is made when the SMS is sent.
    const jobs = await selectRows<{ data: string }>(
      db(),
      sql`select data::text from pgboss.job where name = 'accounts.phone-sign-in-code'`,
    ).catch(() => []);
    for (const job of jobs) expect(job.data).not.toMatch(/\d{6}/);
  });

  it('refuses a wrong code with the tries left, and after five wrong tries even the right code', async () => {
    const phone = newNumber();
    await askCode(phone);
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const left: string[] = [];
    for (let i = 0; i < 5; i++)
      left.push((await verify({ phoneNumber: phone, code: wrong, ...SIGN_UP })).json().message);
    expect(left.slice(0, 4)).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
    ]);
    expect(left[4]).toBe('Too many wrong tries. Ask for a new code.');
    const right = await verify({ phoneNumber: phone, code, ...SIGN_UP });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong tries. Ask for a new code.');
    const [account] = await selectRows(db(), sql`select id from users where phone_number = ${phone}`);
    expect(account).toBeUndefined();
  });

  it('refuses an expired code, a code never asked for, and a malformed one with sentences', async () => {
    const phone = newNumber();
    await askCode(phone);
    const code = await codeFor(phone);
    await db().execute(
      sql`update phone_sign_in_codes set expires_at = now() - interval '1 second' where phone_number = ${phone}`,
    );
    const expired = await verify({ phoneNumber: phone, code, ...SIGN_UP });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('That code has expired. Ask for a new code.');

    const never = await verify({ phoneNumber: newNumber(), code: '123456' });
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toBe(NO_CODE_WAITING);

    const bad = await verify({ phoneNumber: '12', code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      phoneNumber: ['Enter a Nigerian phone number, for example 803 123 4567.'],
      code: ['Enter the 6-digit code from the text message.'],
    });
    const donor = await verify({
      phoneNumber: newNumber(),
      code: '123456',
      firstName: 'A',
      lastName: 'B',
      role: 'donor',
    });
    expect(donor.statusCode).toBe(400);
    expect(donor.json().fieldErrors.role).toEqual(['Only a recipient can sign up with a phone number.']);
  });

  it('limits codes per number and per client address', async () => {
    const phone = newNumber();
    const address = nextIp();
    for (let i = 0; i < 5; i++) expect((await askCode(phone, address)).statusCode).toBe(202);
    const sixth = await askCode(phone, nextIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many codes asked for this number/);

    const busy = nextIp();
    const replies: number[] = [];
    for (let i = 0; i < 21; i++) replies.push((await askCode(newNumber(), busy)).statusCode);
    expect(replies.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(replies[20]).toBe(429);
  });

  it('reaches only an account with no email: an email account sharing the number signs in by email', async () => {
    const phone = newNumber();
    const admin = await signInNewAdmin(ctx.app, db());
    await db().execute(sql`update users set phone_number = ${phone} where id = ${admin.user.id}`);
    await askCode(phone);
    const code = await codeFor(phone);
    const res = await verify({ phoneNumber: phone, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NEEDS_NAME);
    // A family member without an email may still have an account on the shared number.
    const made = await verify({ phoneNumber: phone, code, ...SIGN_UP });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().user).toMatchObject({ role: 'recipient', email: null });
    expect(made.json().user.id).not.toBe(admin.user.id);
  });
});

/** The constraint that refused a statement, or '' when it went through. */
const refusedBy = (statement: Promise<unknown>) =>
  statement.then(
    () => '',
    (e: { cause?: { constraint?: string; message?: string } }) =>
      e.cause?.constraint ?? /"([a-z_]+)"$/.exec(e.cause?.message ?? '')?.[1] ?? String(e),
  );

describe('the database holds the rule', () => {
  it('an account has an email or a phone number, and a number belongs to one live account with no email', async () => {
    const role = sql`(select id from roles where name = 'recipient')`;
    expect(
      await refusedBy(
        db().execute(
          sql`insert into users (email, phone_number, first_name, role_id) values (null, null, 'Nobody', ${role})`,
        ),
      ),
    ).toBe('users_email_or_phone');
    const phone = newNumber();
    await db().execute(
      sql`insert into users (email, phone_number, first_name, role_id) values (null, ${phone}, 'One', ${role})`,
    );
    expect(
      await refusedBy(
        db().execute(
          sql`insert into users (email, phone_number, first_name, role_id) values (null, ${phone}, 'Two', ${role})`,
        ),
      ),
    ).toBe('users_phone_only_key');
    // An account with an email may share it (a family's phone), and a deleted account no longer holds it.
    await db().execute(
      sql`insert into users (email, phone_number, first_name, role_id) values (${`shared.${n}@example.org`}, ${phone}, 'Four', ${role})`,
    );
    await db().execute(sql`update users set deleted_at = now() where phone_number = ${phone}`);
    await db().execute(
      sql`insert into users (email, phone_number, first_name, role_id) values (null, ${phone}, 'Three', ${role})`,
    );
  });

  it('a phone-only account cannot move to a number another phone-only account holds', async () => {
    const first = await signUpByPhone();
    const second = await signUpByPhone();
    const res = await call(second.token, 'POST', '/api/account/phone', { phoneNumber: first.phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NUMBER_TAKEN);
  });
});

describe('erasing an account with only a phone', () => {
  it('texts the link, erases the account, frees the number, and the old account can no longer sign in', async () => {
    const { token, user, phone } = await signUpByPhone();
    // What the phone ways keep of the person: a voice PIN, a call, a call back, a WhatsApp message waiting.
    await db().execute(sql`insert into voice_pins (user_id, pin_hash) values (${user.id}, 'x')`);
    await db().execute(
      sql`insert into voice_calls (session_id, caller_number, user_id, stage) values (${`erase-${user.id}`}, ${phone}, ${user.id}, 'menu')`,
    );
    await db().execute(sql`insert into callback_requests (phone_number, user_id) values (${phone}, ${user.id})`);
    await db().execute(
      sql`insert into whatsapp_pending_messages (provider_message_id, job_id, phone, text) values (${`wamid.erase-${user.id}`}, 'job', ${phone}, 'A notice')`,
    );
    const before = texts().to(phone).length;
    const asked = await call(token, 'POST', '/api/account/erasure');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(
      `We sent a link by SMS to ${phone}. Open it within 24 hours to erase your account.`,
    );
    const sms = await eventually(
      'the erasure link texted',
      async () => texts().to(phone),
      (all) => all.length > before,
    );
    expect(fitsSms(sms.at(-1)!)).toBe(true);
    const link = /\/account\/erase\/([\w-]+)/.exec(sms.at(-1)!)![1]!;
    const erased = await post('/api/account/erasure/confirm', { token: link }, { token });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await selectRows<{ phone_number: string | null; deleted: boolean }>(
      db(),
      sql`select phone_number, deleted_at is not null as deleted from users where id = ${user.id}`,
    );
    expect(row).toMatchObject({ phone_number: null, deleted: true });
    expect((await call(token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const [left] = await selectRows<{ n: number }>(
      db(),
      sql`select (select count(*) from voice_pins where user_id = ${user.id})
               + (select count(*) from voice_calls where user_id = ${user.id})
               + (select count(*) from callback_requests where user_id = ${user.id} or phone_number = ${phone})
               + (select count(*) from phone_sign_in_codes where phone_number = ${phone})
               + (select count(*) from whatsapp_pending_messages where phone = ${phone}) as n`,
    );
    expect(Number(left!.n)).toBe(0);

    // The number is free: a code for it reaches no old account; it would make a new one.
    const sent = texts().to(phone).length;
    await askCode(phone);
    const res = await verify({ phoneNumber: phone, code: await codeFor(phone, sent) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NEEDS_NAME);
  });
});

describe('a caseworker applies for a person with no email', () => {
  it('makes a phone-only account that is texted and signs in by code', async () => {
    const [cw] = await selectRows<{ email: string }>(
      db(),
      sql`select u.email from users u join roles r on r.id = u.role_id where r.name = 'caseworker' order by u.id limit 1`,
    );
    const { DEMO_PASSWORD } = await import('../../db/seed/demo-data');
    const login = await post('/api/auth/login', { email: cw!.email, password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const cwToken = login.json().token as string;
    const { uploadFile } = await import('../../test/fixtures');
    const { pdfFile } = await import('../../test/files');
    const document = await uploadFile(ctx.app, cwToken, {
      purpose: 'idDocument',
      fileName: 'nin.pdf',
      type: 'application/pdf',
      bytes: pdfFile(),
    });
    const [product] = await selectRows<{ id: number }>(
      db(),
      sql`select id from products where withdrawn_at is null order by id limit 1`,
    );
    const phone = newNumber();
    const applied = await call(cwToken, 'POST', '/api/caseworker/recipients', {
      firstName: 'Bisi',
      lastName: 'Adeyemi',
      phoneNumber: typed(phone),
      email: '',
      gender: 'Female',
      age: 34,
      stateOfOrigin: 'Oyo',
      recipientBio: 'Bisi lost her sight three years ago and sells fabric at Bodija market.',
      employmentStatus: 'Self-employed',
      idType: 'NIN',
      idDocumentKey: document.key,
      consent: { method: 'spoken', givenOn: '2026-01-05', witnessName: 'Mrs Funke Ojo' },
      productId: Number(product!.id),
      reason: 'A talking phone would let Bisi take orders from her customers herself.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().recipient).toMatchObject({ email: null, phone });
    const told = await eventually(
      'the application texted',
      async () => texts().to(phone),
      (all) => all.length > 0,
    );
    expect(told[0]).toMatch(/Sign in with a code sent to this number\./);
    expect(fitsSms(told[0]!)).toBe(true);
    const [row] = await selectRows<{ email: string | null; notify_by: string }>(
      db(),
      sql`select email, notify_by from users where phone_number = ${phone}`,
    );
    expect(row).toEqual({ email: null, notify_by: 'sms' });

    await askCode(phone);
    const res = await verify({ phoneNumber: phone, code: await codeFor(phone, 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Bisi', isOnboardingComplete: true, email: null });
  });
});
