import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosWhen } from '@contract/collections';
import { fitsSms, smsLength } from '@contract/sms';
import { VOICE_PIN_INVALID } from '@contract/voice';
import { selectRows } from '../../db/client';
import { DEMO_VOICE_PIN, demoAccounts } from '../../db/seed/demo-data';
import { createRecipientCampaign, createUser, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { eventually, smsInboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { readVoiceXml, startVoiceCall } from '../../test/voice-stand-in';
import { callbackDoneSms } from './callbacks';
import { nairaWords } from './naira-words';
import { voicePinSms } from './voice-pin';
import * as words from './voice-words';
import { hashSecret, secretMatches } from '../accounts/secret-hash';

let ctx: TestContext;
let callbackUrl: string;
let admin: { token: string; user: { id: number } };
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await startTestApp({ host: '127.0.0.1' });
  // The stand-in reaches the app over real HTTP, as the provider does.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  callbackUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/voice/calls?key=${ctx.app.voice.callbackKey}`;
  admin = await signInNewAdmin(ctx.app, db());
});
afterAll(() => stopTestApp(ctx));

let numberSeq = Math.floor(Math.random() * 1_000_000);
const freshNumber = () => `+234809${String(numberSeq++ % 10_000_000).padStart(7, '0')}`;

/** A recipient with a phone number, a PIN when given, and a campaign in `status` when given. */
async function recipient(options: { pin?: string; status?: 'approved' | 'purchased' | 'ready_for_pickup' } = {}) {
  const id = await createUser(db(), 'recipient', { firstName: 'Caller' });
  const phone = freshNumber();
  await db().execute(sql`update users set phone_number = ${phone} where id = ${id}`);
  if (options.pin) {
    const hash = await hashSecret(options.pin);
    await db().execute(sql`insert into voice_pins (user_id, pin_hash) values (${id}, ${hash})`);
  }
  let campaignId: number | null = null;
  if (options.status) {
    campaignId = await createRecipientCampaign(db(), {
      recipientId: id,
      status: options.status === 'ready_for_pickup' ? 'purchased' : options.status,
    });
    if (options.status === 'ready_for_pickup')
      await db().execute(
        sql`update recipient_campaigns set status = 'ready_for_pickup', delivery_status = 'ready_for_pickup' where id = ${campaignId}`,
      );
  }
  return { id, phone, campaignId };
}

async function signedInCall(phone: string, pin: string) {
  const call = startVoiceCall({ callbackUrl, callerNumber: phone });
  expect(await call.dial()).toEqual([words.GREETING, words.ASK_PIN]);
  expect(call.waitingFor).toEqual({ numDigits: 4, finishOnKey: '#' });
  expect(await call.press(pin)).toEqual(words.MENU);
  return call;
}

const callRow = async (sessionId: string) =>
  (
    await selectRows<{
      stage: string;
      user_id: number | null;
      signed_in_at: string | null;
      ended_at: string | null;
      duration_seconds: number | null;
    }>(
      db(),
      sql`select stage, user_id, signed_in_at, ended_at, duration_seconds from voice_calls where session_id = ${sessionId}`,
    )
  )[0];

async function slot(hoursAhead: number, capacity = 5): Promise<{ id: number; startsAt: string }> {
  const startsAt = new Date(Date.now() + hoursAhead * 3600_000).toISOString();
  const [row] = await selectRows<{ id: number }>(
    db(),
    sql`insert into collection_slots (starts_at, capacity) values (${startsAt}, ${capacity}) returning id`,
  );
  return { id: Number(row!.id), startsAt };
}

describe('naira in words', () => {
  it('reads kobo as a listener hears money', () => {
    expect(nairaWords(12_000_000)).toBe('one hundred and twenty thousand naira');
    expect(nairaWords(0)).toBe('zero naira');
    expect(nairaWords(550)).toBe('five naira and fifty kobo');
    expect(nairaWords(250_005_000)).toBe('two million five hundred thousand and fifty naira');
    expect(nairaWords(100_100)).toBe('one thousand and one naira');
    expect(nairaWords(4_567_800)).toBe('forty-five thousand six hundred and seventy-eight naira');
  });
});

describe('the texts the line sends', () => {
  it('are plain GSM-7 and fit the SMS limit', () => {
    for (const { text } of [voicePinSms('+2348029876543', '0420'), callbackDoneSms('+2348029876543')]) {
      expect(smsLength(text).encoding, text).toBe('GSM-7');
      expect(fitsSms(text), text).toBe(true);
    }
  });
});

describe('the provider wire format', () => {
  it("answers Say inside GetDigits with a Redirect for silence, as Africa's Talking reads it", async () => {
    const res = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sessionId: 'wire-1',
        isActive: '1',
        callerNumber: '+2348000000001',
        direction: 'Inbound',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Response><GetDigits timeout="10" numDigits="1" callbackUrl="http:\/\/[^"]+\/api\/voice\/calls\?key=[^"]+"><Say voice="en-US-Standard-C" playBeep="false"><speak><prosody rate="slow">/,
    );
    const actions = readVoiceXml(xml);
    expect(actions.map((a) => a.kind)).toEqual(['getDigits', 'redirect']);
  });

  it('a wrong or missing key gets 404, as if the route did not exist', async () => {
    for (const url of [
      callbackUrl.replace(/key=.*/, 'key=wrong-key-of-some-length'),
      callbackUrl.replace(/\?key=.*/, ''),
    ]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'sessionId=x&isActive=1&callerNumber=%2B2348000000001',
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    const rows = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from voice_calls where session_id = 'x'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('parses form bodies on the voice callback only: other routes still refuse them', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('records the end of a call quietly (isActive=0)', async () => {
    const call = startVoiceCall({ callbackUrl, callerNumber: '+2348000000002' });
    await call.dial();
    await call.hangUp();
    const row = await callRow(call.sessionId);
    expect(row).toMatchObject({ stage: 'ended' });
    expect(row!.ended_at).not.toBeNull();
    expect(row!.duration_seconds).toBeGreaterThanOrEqual(1);
  });
});

describe('the voice menu', () => {
  it('an unknown number hears what the charity does and may ask for a call back', async () => {
    const number = freshNumber();
    const call = startVoiceCall({ callbackUrl, callerNumber: number });
    const heard = await call.dial();
    expect(heard).toEqual([words.GREETING, ...words.ABOUT_US, words.CALL_BACK_OFFER, words.REPEAT_OFFER]);
    expect(await call.press('0')).toEqual([words.CALL_BACK_TAKEN]);
    expect(call.ended).toBe(true);
    const [request] = await selectRows<{ user_id: number | null; done_at: string | null }>(
      db(),
      sql`select user_id, done_at from callback_requests where phone_number = ${number}`,
    );
    expect(request).toEqual({ user_id: null, done_at: null });
  });

  it("says nothing personal before the PIN, then speaks the status in the status page's words with naira in words", async () => {
    const who = await recipient({ pin: '1357', status: 'approved' });
    await db().execute(sql`update recipient_campaigns set amount_raised_kobo = 1200000 where id = ${who.campaignId}`);
    const [campaign] = await selectRows<{ price_kobo: number; name: string }>(
      db(),
      sql`select c.price_kobo, p.name from recipient_campaigns c join products p on p.id = c.product_id where c.id = ${who.campaignId}`,
    );
    const call = startVoiceCall({ callbackUrl, callerNumber: who.phone });
    const first = await call.dial();
    expect(first.join(' ')).not.toMatch(/Caller|Cane|status/i);
    await call.press('1357');
    const heard = await call.press('1');
    expect(heard.slice(0, 4)).toEqual([
      `Your request is for: ${campaign!.name}.`,
      'Its status is: Approved.',
      'Your campaign is live for donors. Share its page with people who may want to help.',
      `So far, twelve thousand naira has been raised, of ${nairaWords(Number(campaign!.price_kobo))}.`,
    ]);
    expect(heard.slice(4)).toEqual(words.MENU);
    expect((await callRow(call.sessionId))!.signed_in_at).not.toBeNull();
  });

  it('the demo recipient signs in with the demo PIN', async () => {
    const call = startVoiceCall({ callbackUrl, callerNumber: demoAccounts.recipient.phone });
    await call.dial();
    expect(await call.press(DEMO_VOICE_PIN)).toEqual(words.MENU);
  });

  it('tells a booked collection: the time and the place', async () => {
    const who = await recipient({ pin: '2222', status: 'ready_for_pickup' });
    const time = await slot(24 * 9);
    const owner = await db().execute(
      sql`insert into collection_bookings (slot_id, recipient_campaign_id, booked_by) values (${time.id}, ${who.campaignId}, ${who.id})`,
    );
    expect(owner).toBeDefined();
    const call = await signedInCall(who.phone, '2222');
    const heard = await call.press('2');
    expect(heard.slice(0, 2)).toEqual([
      `Your collection is booked for ${lagosWhen(time.startsAt)}.`,
      'The place is Gift of Independence Collection Centre, 12 Herbert Macaulay Way, Yaba, Lagos.',
    ]);
    expect(heard.slice(3)).toEqual(words.MENU);
  });

  it('reads the open times and books the one pressed, by the collections rules', async () => {
    const who = await recipient({ pin: '3333', status: 'ready_for_pickup' });
    // Sooner than any other test's times, so these are the ones read out first.
    const first = await slot(1.5);
    const second = await slot(1.6);
    const call = await signedInCall(who.phone, '3333');
    const heard = await call.press('2');
    expect(heard[0]).toBe('These collection times are open.');
    expect(heard).toContain(`For ${lagosWhen(first.startsAt)}, press 1.`);
    expect(heard).toContain(`For ${lagosWhen(second.startsAt)}, press 2.`);
    const booked = await call.press('2');
    expect(booked[0]).toBe('Your collection is booked. We have sent you the details.');
    expect(booked[1]).toBe(`Your collection is booked for ${lagosWhen(second.startsAt)}.`);
    const [row] = await selectRows<{ slot_id: number; booked_by: number }>(
      db(),
      sql`select slot_id, booked_by from collection_bookings where recipient_campaign_id = ${who.campaignId} and status = 'booked'`,
    );
    expect(row).toEqual({ slot_id: second.id, booked_by: who.id });
    // The same notice as a booking on the web: the owner is told in the app.
    const notices = await selectRows<{ message: string }>(
      db(),
      sql`select message from notifications where user_id = ${who.id}`,
    );
    expect(notices.length).toBe(1);
  });

  it('a collection not ready yet is said so', async () => {
    const who = await recipient({ pin: '4444', status: 'approved' });
    const call = await signedInCall(who.phone, '4444');
    expect((await call.press('2'))[0]).toBe(words.NOT_READY_YET);
    // Nothing raised yet is said in words, not as zero naira.
    expect((await call.press('1')).find((said) => said.startsWith('Nothing has been raised yet.'))).toMatch(
      /^Nothing has been raised yet\. The device costs [a-z -]+ naira\.$/,
    );
  });

  it('reads the latest update and the delivery', async () => {
    const who = await recipient({ pin: '5555', status: 'purchased' });
    await db().execute(
      sql`insert into campaign_updates (recipient_campaign_id, author_role, body, status, created_at)
          values (${who.campaignId}, 'admin', 'Your cane has arrived at our centre and is being checked.', 'approved', now())`,
    );
    const call = await signedInCall(who.phone, '5555');
    const heard = await call.press('3');
    expect(heard[1]).toBe('Your cane has arrived at our centre and is being checked.');
    expect(heard[0]).toMatch(/^The latest update, from .+, says:$/);
    expect(heard[2]).toBe('Delivery: Being prepared for collection.');
  });

  it('a signed-in caller asks for a call back: the person and the last key are kept', async () => {
    const who = await recipient({ pin: '6666', status: 'approved' });
    const call = await signedInCall(who.phone, '6666');
    await call.press('3');
    expect(await call.press('0')).toEqual([words.CALL_BACK_TAKEN]);
    const [request] = await selectRows<{ user_id: number; last_key: string }>(
      db(),
      sql`select user_id, last_key from callback_requests where phone_number = ${who.phone}`,
    );
    expect(request).toEqual({ user_id: who.id, last_key: '3' });
  });

  it('a wrong key repeats the menu, and 9 repeats it', async () => {
    const who = await recipient({ pin: '7777' });
    const call = await signedInCall(who.phone, '7777');
    expect(await call.press('7')).toEqual([words.NOT_ON_MENU, ...words.MENU]);
    expect(await call.press('9')).toEqual(words.MENU);
  });

  it('silence twice ends the call politely', async () => {
    const who = await recipient({ pin: '8888' });
    const call = await signedInCall(who.phone, '8888');
    expect(await call.silence()).toEqual([words.DID_NOT_HEAR, ...words.MENU]);
    expect(await call.silence()).toEqual([words.SILENT_GOODBYE]);
    expect(call.ended).toBe(true);
    expect((await callRow(call.sessionId))!.stage).toBe('ended');
  });

  it('three wrong PINs end the call and lock voice sign-in for the number', async () => {
    const who = await recipient({ pin: '1212', status: 'approved' });
    const call = startVoiceCall({ callbackUrl, callerNumber: who.phone });
    await call.dial();
    expect(await call.press('0000')).toEqual([words.WRONG_PIN, words.ASK_PIN]);
    expect(await call.press('1111')).toEqual([words.WRONG_PIN, words.ASK_PIN]);
    expect(await call.press('9999')).toEqual([words.PIN_LOCKED_NOW]);
    expect(call.ended).toBe(true);
    // Even the right PIN is not asked for while locked: the next call hears the lock.
    const again = startVoiceCall({ callbackUrl, callerNumber: who.phone });
    const heard = await again.dial();
    expect(heard.slice(0, 2)).toEqual([words.GREETING, words.PIN_LOCKED_BEFORE]);
    expect(again.waitingFor).toEqual({ numDigits: 1, finishOnKey: null });
    expect((await callRow(again.sessionId))!.signed_in_at).toBeNull();
  });

  it('a recipient without a PIN gets one by SMS, and it works', async () => {
    const who = await recipient({ status: 'approved' });
    const call = startVoiceCall({ callbackUrl, callerNumber: who.phone });
    const heard = await call.dial();
    expect(heard).toContain(words.PIN_BY_SMS_OFFER);
    expect(await call.press('1')).toEqual([words.PIN_SMS_COMING]);
    const text = await eventually(
      'the PIN by SMS',
      async () => smsInboxOf(ctx.app).to(who.phone)[0],
      (t) => Boolean(t),
    );
    const pin = /PIN is ([0-9]{4})\./.exec(text!)![1]!;
    expect(await (await signedInCall(who.phone, pin)).press('9')).toEqual(words.MENU);
  });

  it("a PIN by SMS counts against the number's share of codes by SMS, as sign-in codes do", async () => {
    let address = 0;
    const askSignInCode = (phoneNumber: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/phone/code',
        payload: { phoneNumber },
        remoteAddress: `10.72.0.${++address}`,
      });
    // A number that had its five codes this hour is sent no PIN.
    const texted = await recipient({ status: 'approved' });
    for (let i = 0; i < 5; i++) expect((await askSignInCode(texted.phone)).statusCode).toBe(202);
    const call = startVoiceCall({ callbackUrl, callerNumber: texted.phone });
    expect(await call.dial()).toContain(words.PIN_BY_SMS_OFFER);
    expect(await call.press('1')).toEqual([words.PIN_SMS_SENT_RECENTLY]);
    expect(await selectRows(db(), sql`select user_id from voice_pins where user_id = ${texted.id}`)).toEqual([]);
    // A PIN sent leaves the number four more codes.
    const caller = await recipient({ status: 'approved' });
    const first = startVoiceCall({ callbackUrl, callerNumber: caller.phone });
    await first.dial();
    expect(await first.press('1')).toEqual([words.PIN_SMS_COMING]);
    for (let i = 0; i < 4; i++) expect((await askSignInCode(caller.phone)).statusCode).toBe(202);
    expect((await askSignInCode(caller.phone)).statusCode).toBe(429);
  });

  it('an organization account hears the sentence for everyone else, never a PIN question', async () => {
    const id = await createUser(db(), 'organization');
    const phone = freshNumber();
    await db().execute(sql`update users set phone_number = ${phone} where id = ${id}`);
    const call = startVoiceCall({ callbackUrl, callerNumber: phone });
    expect(await call.dial()).toEqual([words.GREETING, ...words.ABOUT_US, words.CALL_BACK_OFFER, words.REPEAT_OFFER]);
  });

  it('a number a family shares reaches the recipient on it, not an older account with the same number', async () => {
    const older = await createUser(db(), 'organization');
    const { phone } = await recipient({ pin: '4826' });
    await db().execute(sql`update users set phone_number = ${phone} where id = ${older}`);
    const call = startVoiceCall({ callbackUrl, callerNumber: phone });
    expect(await call.dial()).toEqual([words.GREETING, words.ASK_PIN]);
  });
});

describe('the voice PIN in settings', () => {
  it('takes exactly four digits, and refuses anything else with a sentence', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const put = (pin: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/account/voice-pin',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { pin },
      });
    for (const bad of ['123', '12345', 'abcd', '12 4', '', 1234, null]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe(VOICE_PIN_INVALID);
    }
    const ok = await put('0420');
    expect(ok.statusCode).toBe(200);
    const [row] = await selectRows<{ pin_hash: string }>(
      db(),
      sql`select pin_hash from voice_pins where user_id = ${owner.user.id}`,
    );
    expect(row!.pin_hash).not.toContain('0420');
    expect(await secretMatches(row!.pin_hash, '0420')).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/account/voice-pin', payload: { pin: '1234' } })).statusCode,
    ).toBe(401);
  });
});

describe('the call-back queue', () => {
  it('lists open call backs first; done is audited and the person is told by SMS', async () => {
    const number = freshNumber();
    const call = startVoiceCall({ callbackUrl, callerNumber: number });
    await call.dial();
    await call.press('0');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/callbacks?limit=100',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as Array<{ id: number; phoneNumber: string; doneAt: string | null }>;
    const mine = items.find((i) => i.phoneNumber === number)!;
    expect(mine.doneAt).toBeNull();
    const firstDone = items.findIndex((i) => i.doneAt !== null);
    if (firstDone >= 0) expect(items.slice(firstDone).every((i) => i.doneAt !== null)).toBe(true);

    const done = (note: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/callbacks/${mine.id}/done`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { note },
      });
    expect((await done('   ')).statusCode).toBe(400);
    const res = await done('Called back; she wanted to know when her cane arrives.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().callback).toMatchObject({
      id: mine.id,
      note: 'Called back; she wanted to know when her cane arrives.',
    });
    expect(res.json().callback.doneAt).not.toBeNull();
    expect((await done('again')).statusCode).toBe(409);
    const [audited] = await selectRows<{ admin_id: number; action: string }>(
      db(),
      sql`select admin_id, action from admin_audit_log where entity_type = 'callback_request' and entity_id = ${String(mine.id)}`,
    );
    expect(audited).toEqual({ admin_id: admin.user.id, action: 'callback.done' });
    const text = await eventually(
      'the SMS',
      async () => smsInboxOf(ctx.app).to(number)[0],
      (t) => Boolean(t),
    );
    expect(text).toMatch(/^Gift of Independence: we have dealt with the call back/);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/callbacks/99999999/done',
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { note: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('pages through the list with its cursor', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/callbacks?limit=1',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const body = page.json();
    expect(body.items.length).toBe(1);
    expect(body.total).toBeGreaterThan(1);
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/callbacks?limit=1&cursor=${body.nextCursor}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(next.json().items[0].id).not.toBe(body.items[0].id);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/callbacks?cursor=abc',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});
