import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_FULL, MOVED_ONCE, NOT_READY_FOR_PICKUP, NO_CAMPAIGN_READY, lagosDay } from '@contract/collections';
import { HELP_LINE, fitsSms, smsLength } from '@contract/sms';
import { selectRows } from '../../db/client';
import { createOrganizationCampaign, createRecipientCampaign, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { startTestApp, stopTestApp, testConfig, type TestContext } from '../../test/harness';
import { sendCollectionReminders } from './reminders';
import { bookedNotice, missedNotice, reminderNotice, thankYouVideoNotice } from './words';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  // The reminder tests run the job themselves and read what it sent.
  ctx = await startTestApp({}, {}, { withoutSchedules: [JOB.collectionReminders] });
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const db = () => ctx.database.db;
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A slot written directly, at any time (past ones included), answering its id. */
async function slot(startsAt: string, capacity = 5): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db(),
    sql`insert into collection_slots (starts_at, capacity) values (${startsAt}, ${capacity}) returning id`,
  );
  return Number(row!.id);
}
async function readyRecipient() {
  const owner = await signUpUser(ctx.app, undefined, { role: 'recipient' });
  const id = await createRecipientCampaign(db(), { status: 'purchased', recipientId: owner.user.id });
  await db().execute(
    sql`update recipient_campaigns set status = 'ready_for_pickup', delivery_status = 'ready_for_pickup' where id = ${id}`,
  );
  return { ...owner, campaignId: id };
}
const notices = (userId: number) =>
  selectRows<{ message: string }>(db(), sql`select message from notifications where user_id = ${userId} order by id`);
const booking = async (campaignId: number) =>
  (
    await selectRows<{ id: number; slot_id: number; moves: number; status: string; reminded_at: string | null }>(
      db(),
      sql`select id, slot_id, moves, status, reminded_at from collection_bookings where recipient_campaign_id = ${campaignId} order by id desc limit 1`,
    )
  )[0];

describe('collection slots', () => {
  it('an admin publishes a time, sees it with its count, and withdraws it while nobody is booked', async () => {
    const startsAt = hoursFromNow(24 * 20);
    const res = await call(admin.token, 'POST', '/api/admin/collection-slots', { startsAt, capacity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().slot.id as number;
    const list = (await call(admin.token, 'GET', '/api/admin/collection-slots')).json();
    expect(list).toContainEqual({ id, startsAt, capacity: 3, booked: 0 });
    expect((await call(admin.token, 'DELETE', `/api/admin/collection-slots/${id}`)).statusCode).toBe(200);
    const [audited] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from admin_audit_log where entity_type = 'collection_slot' and entity_id = ${String(id)}`,
    );
    expect(audited!.n).toBe(2);
  });

  it('refuses a time in the past and a capacity out of range with sentences', async () => {
    const past = await call(admin.token, 'POST', '/api/admin/collection-slots', {
      startsAt: hoursFromNow(-1),
      capacity: 3,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/in the future/);
    const big = await call(admin.token, 'POST', '/api/admin/collection-slots', {
      startsAt: hoursFromNow(5),
      capacity: 0,
    });
    expect(big.statusCode).toBe(400);
  });
});

describe('booking a collection', () => {
  it('only once ready for pickup, only by the owner; books with mail and SMS words, moves once, then is told to call', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const other = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const id = await createRecipientCampaign(db(), { status: 'purchased', recipientId: owner.user.id });
    const first = await slot(hoursFromNow(48));
    const second = await slot(hoursFromNow(72));
    const third = await slot(hoursFromNow(96));

    const early = await call(owner.token, 'POST', `/api/campaigns/${id}/collection`, { slotId: first });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_READY_FOR_PICKUP);
    expect((await call(owner.token, 'GET', '/api/collection-slots')).json().message).toBe(NO_CAMPAIGN_READY);

    await db().execute(sql`update recipient_campaigns set status = 'ready_for_pickup' where id = ${id}`);
    const slots = (await call(owner.token, 'GET', '/api/collection-slots')).json() as { id: number }[];
    expect(slots.map((s) => s.id)).toEqual(expect.arrayContaining([first, second, third]));
    expect((await call(other.token, 'POST', `/api/campaigns/${id}/collection`, { slotId: first })).statusCode).toBe(
      404,
    );
    expect((await call(other.token, 'GET', `/api/campaigns/${id}/collection`)).statusCode).toBe(404);

    const booked = await call(owner.token, 'POST', `/api/campaigns/${id}/collection`, { slotId: first });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().booking).toMatchObject({ slotId: first, canMove: true });
    expect((await notices(owner.user.id)).at(-1)!.message).toMatch(
      /is booked for .* at the Gift of Independence Collection Centre/,
    );

    const moved = await call(owner.token, 'POST', `/api/campaigns/${id}/collection`, { slotId: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking).toMatchObject({ slotId: second, canMove: false });
    expect(moved.json().slots).toEqual([]);
    expect(await booking(id)).toMatchObject({ slot_id: second, moves: 1 });

    const again = await call(owner.token, 'POST', `/api/campaigns/${id}/collection`, { slotId: third });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MOVED_ONCE);
    expect(MOVED_ONCE).toContain(HELP_LINE);
  });

  it('two owners racing for the last place: exactly one wins, the other hears the time is full', async () => {
    const last = await slot(hoursFromNow(30), 1);
    const [a, b] = await Promise.all([readyRecipient(), readyRecipient()]);
    const results = await Promise.all(
      [a, b].map((o) => call(o.token, 'POST', `/api/campaigns/${o.campaignId}/collection`, { slotId: last })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(COLLECTION_FULL);
    const [count] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from collection_bookings where slot_id = ${last} and status = 'booked'`,
    );
    expect(count!.n).toBe(1);
    const open = (await call(a.token, 'GET', '/api/collection-slots')).json() as { id: number }[];
    expect(open.map((s) => s.id)).not.toContain(last);
  });

  it('an organization books for its units the same way', async () => {
    const org = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const id = await createOrganizationCampaign(db(), 4, { status: 'fulfilled', organizationId: org.user.id });
    await db().execute(sql`update organization_campaigns set status = 'ready_for_pickup' where id = ${id}`);
    const at = await slot(hoursFromNow(50));
    const res = await call(org.token, 'POST', `/api/campaigns/org-${id}/collection`, { slotId: at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.bring).toMatch(/letter/);
  });

  it("a caseworker books for a recipient they helped, and not for anyone else's", async () => {
    // Caseworkers are invited by an organization; here a signed-in account is made one directly.
    const helper = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const organization = await signUpUser(ctx.app, undefined, { role: 'organization' });
    await db().execute(
      sql`update users set role_id = (select id from roles where name = 'caseworker') where id = ${helper.user.id}`,
    );
    await db().execute(
      sql`insert into organization_members (user_id, organization_id, role, joined_at) values (${helper.user.id}, ${organization.user.id}, 'caseworker', now())`,
    );
    const helped = await readyRecipient();
    const stranger = await readyRecipient();
    await db().execute(
      sql`insert into assisted_applications (recipient_id, caseworker_id, consent_method, consent_given_on, witness_name)
          values (${helped.user.id}, ${helper.user.id}, 'spoken', current_date, 'Mrs Ade')`,
    );
    const at = await slot(hoursFromNow(52));
    expect(
      (await call(helper.token, 'POST', `/api/campaigns/${helped.campaignId}/collection`, { slotId: at })).statusCode,
    ).toBe(200);
    expect(
      (await call(helper.token, 'POST', `/api/campaigns/${stranger.campaignId}/collection`, { slotId: at })).statusCode,
    ).toBe(404);
    expect((await notices(helped.user.id)).at(-1)!.message).toMatch(/is booked for/);
    // Once the organization removes them, they book for nobody, even with a session of their own.
    await db().execute(sql`delete from organization_members where user_id = ${helper.user.id}`);
    expect(
      (await call(helper.token, 'POST', `/api/campaigns/${helped.campaignId}/collection`, { slotId: at })).statusCode,
    ).toBe(404);
  });
});

describe('the day-before reminder', () => {
  it('is queued once, however many times the job runs, even at once or after a crash mid-way', async () => {
    const owner = await readyRecipient();
    // Tomorrow at 10:00 in Lagos (UTC+1).
    const tomorrow = new Date(`${lagosDay(new Date(Date.now() + 24 * 3600_000))}T09:00:00Z`).toISOString();
    const at = await slot(tomorrow);
    await call(owner.token, 'POST', `/api/campaigns/${owner.campaignId}/collection`, { slotId: at });
    const before = (await notices(owner.user.id)).length;
    // The queue stands in: what counts is the notice written with reminded_at, in the same transaction.
    const queued: string[] = [];
    const jobs = {
      enqueue: async (_db: unknown, name: string) => {
        queued.push(name);
        return null;
      },
      wake: () => undefined,
    } as unknown as JobQueue;
    const deps = { db: db(), jobs, config: testConfig() };
    // A run that dies after setting reminded_at rolls back with it: the next run still sends.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`update collection_bookings set reminded_at = now() where recipient_campaign_id = ${owner.campaignId}`,
        );
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect((await booking(owner.campaignId))!.reminded_at).toBeNull();
    // Two instances at once, then a restart's run.
    const sent = await Promise.all([sendCollectionReminders(deps), sendCollectionReminders(deps)]);
    await sendCollectionReminders(deps);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const reminders = (await notices(owner.user.id)).slice(before).filter((n) => /reminder/i.test(n.message));
    expect(reminders).toHaveLength(1);
    expect((await booking(owner.campaignId))!.reminded_at).not.toBeNull();
  });

  it('a moved booking is reminded of its new time', async () => {
    const owner = await readyRecipient();
    const far = await slot(hoursFromNow(24 * 5));
    await call(owner.token, 'POST', `/api/campaigns/${owner.campaignId}/collection`, { slotId: far });
    await db().execute(
      sql`update collection_bookings set reminded_at = now() where recipient_campaign_id = ${owner.campaignId}`,
    );
    const other = await slot(hoursFromNow(24 * 6));
    await call(owner.token, 'POST', `/api/campaigns/${owner.campaignId}/collection`, { slotId: other });
    expect((await booking(owner.campaignId))!.reminded_at).toBeNull();
  });
});

describe("the admin's day", () => {
  it('lists the day in Lagos; collected marks the campaign delivered, audited, and asks for a video; missed asks to book again', async () => {
    const a = await readyRecipient();
    const b = await readyRecipient();
    const earlier = await slot(hoursFromNow(-1));
    for (const o of [a, b])
      await db().execute(
        sql`insert into collection_bookings (slot_id, recipient_campaign_id) values (${earlier}, ${o.campaignId})`,
      );
    const day = lagosDay(hoursFromNow(-1));
    const list = (await call(admin.token, 'GET', `/api/admin/collections?date=${day}`)).json();
    const [ba, bb] = [a, b].map((o) =>
      list.collections.find((c: { campaignId: string }) => c.campaignId === String(o.campaignId)),
    );
    expect(ba).toMatchObject({ status: 'booked', owner: 'Fixture Owner', what: 'Folding White Cane' });

    const collected = await call(admin.token, 'POST', `/api/admin/collections/${ba.id}/collected`);
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().collection.status).toBe('collected');
    const [campaign] = await selectRows<{ status: string; delivery_status: string }>(
      db(),
      sql`select status, delivery_status from recipient_campaigns where id = ${a.campaignId}`,
    );
    expect(campaign).toEqual({ status: 'delivered', delivery_status: 'delivered' });
    const told = (await notices(a.user.id)).map((n) => n.message);
    expect(told.some((m) => /marked as delivered/.test(m))).toBe(true);
    expect(told.at(-1)).toMatch(/thank-you video/);
    const actions = await selectRows<{ action: string }>(
      db(),
      sql`select action from admin_audit_log where admin_id = ${admin.user.id} order by id desc limit 2`,
    );
    expect(actions.map((r) => r.action).sort()).toEqual(['campaign.mark_delivered', 'collection.mark_collected']);
    expect((await call(admin.token, 'POST', `/api/admin/collections/${ba.id}/missed`)).statusCode).toBe(409);

    const missed = await call(admin.token, 'POST', `/api/admin/collections/${bb.id}/missed`);
    expect(missed.statusCode, missed.body).toBe(200);
    expect((await notices(b.user.id)).at(-1)!.message).toMatch(/was missed.*book another time/);
    // The owner books again.
    const again = await slot(hoursFromNow(40));
    expect(
      (await call(b.token, 'POST', `/api/campaigns/${b.campaignId}/collection`, { slotId: again })).statusCode,
    ).toBe(200);
  });

  it('refuses to mark missed before the time, and a bad date with a sentence', async () => {
    const o = await readyRecipient();
    const later = await slot(hoursFromNow(3));
    await call(o.token, 'POST', `/api/campaigns/${o.campaignId}/collection`, { slotId: later });
    const b = await booking(o.campaignId);
    const early = await call(admin.token, 'POST', `/api/admin/collections/${b!.id}/missed`);
    expect(early.statusCode).toBe(409);
    expect((await call(admin.token, 'GET', '/api/admin/collections?date=2026-02-30')).statusCode).toBe(400);
    expect((await call(admin.token, 'DELETE', `/api/admin/collection-slots/${later}`)).statusCode).toBe(409);
  });
});

describe('SMS texts', () => {
  it('fit in two GSM-7 segments, name the help line and what to bring', () => {
    const startsAt = '2026-12-01T09:00:00Z';
    const what = 'Talking Glucometer with Extra Long Name';
    const texts = [
      bookedNotice({ what, startsAt, bring: 'parentOrGuardian' }, '/', false).sms!,
      bookedNotice({ what, startsAt, bring: 'organization' }, '/', true).sms!,
      reminderNotice({ what, startsAt, bring: 'organization' }, '/').sms!,
      missedNotice({ what, startsAt }, '/').sms!,
      thankYouVideoNotice(what, '/').sms!,
    ];
    for (const text of texts) {
      expect(smsLength(text).encoding, text).toBe('GSM-7');
      expect(fitsSms(text), text).toBe(true);
      expect(text).toContain(HELP_LINE);
      expect(text.startsWith('Gift of Independence: ')).toBe(true);
    }
    expect(texts[0]).toContain('Tuesday, 1 December 2026 at 10:00');
    expect(texts[0]).toMatch(/parent or guardian/);
  });
});

describe('hostile input', () => {
  it('answers every bad id, body and date with a 4xx sentence', async () => {
    const owner = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const cases: Array<[string, 'GET' | 'POST' | 'DELETE', string, object | undefined]> = [
      [owner.token, 'POST', '/api/campaigns/abc/collection', { slotId: 1 }],
      [owner.token, 'POST', '/api/campaigns/org-x/collection', { slotId: 1 }],
      [owner.token, 'POST', '/api/campaigns/1/collection', { slotId: 'x' }],
      [owner.token, 'POST', '/api/campaigns/1/collection', { slotId: 99999999999 }],
      [owner.token, 'GET', '/api/campaigns/99999999999/collection', undefined],
      [admin.token, 'GET', '/api/admin/collections?date=0000-01-01', undefined],
      [admin.token, 'GET', '/api/admin/collections?date=9999-12-31', undefined],
      [admin.token, 'POST', '/api/admin/collection-slots', { startsAt: '2026-13-45T99:99', capacity: 2 }],
      [admin.token, 'POST', '/api/admin/collection-slots', { startsAt: '2099-01-01T10:00:00+99:00', capacity: 2 }],
      [admin.token, 'POST', '/api/admin/collections/abc/collected', undefined],
      [admin.token, 'POST', '/api/admin/collections/2147483647/missed', undefined],
      [admin.token, 'DELETE', '/api/admin/collection-slots/2147483647', undefined],
    ];
    for (const [token, method, url, payload] of cases) {
      const res = await call(token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(res.json().message, `${method} ${url}`).toEqual(expect.any(String));
    }
  });
});
