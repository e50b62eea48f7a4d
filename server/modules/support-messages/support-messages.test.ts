import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_DONOR,
  SUPPORT_MESSAGE_TOO_LONG,
  donorPublicName,
  type AdminSupportMessages,
  type PublicSupportMessages,
  type SupportMessageDecisionReply,
} from '@contract/support-messages';
import { selectRows } from '../../db/client';
import { createOrganizationCampaign, createRecipientCampaign, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  const admin = await signInNewAdmin(ctx.app, ctx.database.db);
  adminToken = admin.token;
  adminId = admin.user.id;
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const address = () => `10.47.${((ip += 1) >> 8) & 255}.${ip & 255}`;
let donors = 0;

async function checkout(cartItems: Array<{ campaignId: string; units?: number }>, extra: object = {}) {
  donors += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress: address(),
    payload: {
      donorEmail: `words.giver.${donors}@example.org`,
      donorFullName: 'Chiamaka Grace Okafor',
      cartItems: cartItems.map((i) => ({ units: 1, ...i })),
      ...extra,
    },
  });
}

async function give(cartItems: Array<{ campaignId: string; units?: number }>, extra: object = {}) {
  const started = await checkout(cartItems, extra);
  expect(started.statusCode, started.body).toBe(200);
  const { reference } = started.json<{ reference: string }>();
  const remoteAddress = address();
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/charge',
        remoteAddress,
        payload: { reference },
      })
    ).statusCode,
  ).toBe(200);
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode, fund.body).toBe(200);
  return reference;
}

async function messageOf(reference: string) {
  const [row] = await selectRows<{ id: number; body: string; anonymous: boolean; status: string }>(
    ctx.database.db,
    sql`select m.id, m.body, m.anonymous, m.status from support_messages m
          join donations d on d.id = m.donation_id where d.reference = ${reference}`,
  );
  return row;
}

const publicList = async (campaignId: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/messages` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicSupportMessages>();
};

const queue = async (status: string, token = adminToken) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/messages?status=${status}&limit=100`,
    headers: { authorization: `Bearer ${token}` },
  });

const decide = (id: number, decision: string, token = adminToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/messages/${id}/decision`,
    headers: { authorization: `Bearer ${token}` },
    payload: { decision },
  });

describe('words of support', () => {
  it('are kept with the checkout and shown on the campaign only once approved, hidden never', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const reference = await give([{ campaignId: cid }], { message: '  You have got this, keep going!  ' });
    const stored = await messageOf(reference);
    expect(stored).toMatchObject({
      body: 'You have got this, keep going!',
      anonymous: false,
      status: 'awaiting_review',
    });
    expect((await publicList(cid)).items).toEqual([]);

    const waiting = (await queue('awaiting_review')).json<AdminSupportMessages>();
    const item = waiting.items.find((i) => i.id === stored!.id);
    expect(item).toMatchObject({
      donorName: 'Chiamaka Grace Okafor',
      shownName: 'Chiamaka O.',
      anonymous: false,
      campaigns: [{ id: cid }],
    });
    expect(item!.campaigns[0]!.label).toContain('Folding White Cane');

    const approved = await decide(stored!.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<SupportMessageDecisionReply>().item.status).toBe('approved');
    const shown = await publicList(cid);
    expect(shown.items).toEqual([
      { id: stored!.id, body: 'You have got this, keep going!', name: 'Chiamaka O.', createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(shown)).not.toContain('Okafor');
    expect(JSON.stringify(shown)).not.toContain('@');

    expect((await decide(stored!.id, 'hide')).statusCode).toBe(200);
    expect((await publicList(cid)).items).toEqual([]);
    expect((await messageOf(reference))!.status).toBe('hidden');
  });

  it('records each decision in the audit log, and only changes', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const reference = await give([{ campaignId: cid }], { message: 'Audited words.' });
    const { id } = (await messageOf(reference))!;
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    expect((await decide(id, 'hide')).statusCode).toBe(200);
    const entries = await selectRows<{ action: string; admin_id: number; details: Record<string, unknown> }>(
      ctx.database.db,
      sql`select action, admin_id, details from admin_audit_log
           where entity_type = 'support_message' and entity_id = ${String(id)} order by id`,
    );
    expect(entries.map((e) => e.action)).toEqual(['support_message.approve', 'support_message.hide']);
    expect(entries[0]!.admin_id).toBe(adminId);
    expect(entries[1]!.details).toMatchObject({ from: 'approved', to: 'hidden' });
  });

  it('of a checkout never paid are never queued, decided or shown', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const started = await checkout([{ campaignId: cid }], { message: 'Unpaid words.' });
    expect(started.statusCode, started.body).toBe(200);
    const stored = await messageOf(started.json<{ reference: string }>().reference);
    expect(stored!.body).toBe('Unpaid words.');
    for (const status of ['awaiting_review', 'approved', 'hidden']) {
      const items = (await queue(status)).json<AdminSupportMessages>().items;
      expect(items.map((i) => i.id)).not.toContain(stored!.id);
    }
    const refused = await decide(stored!.id, 'approve');
    expect(refused.statusCode).toBe(404);
    expect((await publicList(cid)).items).toEqual([]);
  });

  it('of a payment that needs attention are never queued, decided or shown, though its units landed', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const reference = await give([{ campaignId: cid }], { message: 'Words of a payment in doubt.' });
    const stored = await messageOf(reference);
    expect((await decide(stored!.id, 'approve')).statusCode).toBe(200);
    expect((await publicList(cid)).items.map((i) => i.id)).toContain(stored!.id);

    await ctx.database.db.execute(sql`update donations set status = 'needs_attention' where reference = ${reference}`);
    const [item] = await selectRows<{ status: string }>(
      ctx.database.db,
      sql`select i.status from donation_items i join donations d on d.id = i.donation_id where d.reference = ${reference}`,
    );
    expect(item!.status).toBe('allocated');
    expect((await publicList(cid)).items).toEqual([]);
    for (const status of ['awaiting_review', 'approved', 'hidden']) {
      const items = (await queue(status)).json<AdminSupportMessages>().items;
      expect(items.map((i) => i.id)).not.toContain(stored!.id);
    }
    expect((await decide(stored!.id, 'hide')).statusCode).toBe(404);
  });

  it('show "Anonymous" and no part of the name when the donor chose it', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const reference = await give([{ campaignId: cid }], { message: 'From a friend.', anonymous: true });
    const { id } = (await messageOf(reference))!;
    const decided = await decide(id, 'approve');
    expect(decided.json<SupportMessageDecisionReply>().item).toMatchObject({
      anonymous: true,
      shownName: ANONYMOUS_DONOR,
    });
    const shown = await publicList(cid);
    expect(shown.items.map((i) => i.name)).toEqual([ANONYMOUS_DONOR]);
    expect(JSON.stringify(shown)).not.toMatch(/Chiamaka|Okafor|words\.giver/);
  });

  it('refuse 281 characters with a sentence, and keep an empty message as none', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const refused = await checkout([{ campaignId: cid }], { message: 'a'.repeat(281) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(SUPPORT_MESSAGE_TOO_LONG);
    const full = await checkout([{ campaignId: cid }], { message: 'b'.repeat(280) });
    expect(full.statusCode, full.body).toBe(200);
    const empty = await checkout([{ campaignId: String(await createRecipientCampaign(ctx.database.db)) }], {
      message: '   ',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await messageOf(empty.json<{ reference: string }>().reference)).toBeUndefined();
  });

  it('keep text that looks like markup as text', async () => {
    const cid = String(await createRecipientCampaign(ctx.database.db));
    const body = '<script>alert(1)</script> <b>We</b> <3 you & your family';
    const reference = await give([{ campaignId: cid }], { message: body });
    const { id } = (await messageOf(reference))!;
    await decide(id, 'approve');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${cid}/messages` });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json<PublicSupportMessages>().items[0]!.body).toBe(body);
  });

  it('show on every campaign the gift landed on, organization campaigns included', async () => {
    const rid = String(await createRecipientCampaign(ctx.database.db));
    const oid = `org-${await createOrganizationCampaign(ctx.database.db, 5)}`;
    const reference = await give([{ campaignId: rid }, { campaignId: oid, units: 2 }], { message: 'For both.' });
    const { id } = (await messageOf(reference))!;
    const item = (await decide(id, 'approve')).json<SupportMessageDecisionReply>().item;
    expect(item.campaigns.map((c) => c.id).sort()).toEqual([oid, rid].sort());
    expect((await publicList(rid)).items.map((i) => i.id)).toEqual([id]);
    expect((await publicList(oid)).items.map((i) => i.id)).toEqual([id]);
  });

  it('list newest first, a page at a time', async () => {
    const oid = `org-${await createOrganizationCampaign(ctx.database.db, 10)}`;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const { id } = (await messageOf(await give([{ campaignId: oid }], { message: `Words ${n}` })))!;
      await decide(id, 'approve');
      ids.push(id);
    }
    const first = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${oid}/messages?limit=2` });
    const page = first.json<PublicSupportMessages>();
    expect(page.items.map((i) => i.body)).toEqual(['Words 3', 'Words 2']);
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaigns/${oid}/messages?limit=2&cursor=${page.nextCursor}`,
    });
    expect(next.json<PublicSupportMessages>()).toMatchObject({ items: [{ body: 'Words 1' }], nextCursor: null });
  });

  it('are not listed for a campaign the public cannot see, or an id that is not one', async () => {
    const pending = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${pending}/messages` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/campaigns/org-999999/messages' })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/campaigns/abc/messages' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('org-12');
  });

  it('are decided only by admins', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    expect((await queue('awaiting_review', donor.token)).statusCode).toBe(403);
    expect((await decide(1, 'approve', donor.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
  });
});

describe('the name words of support are shown under', () => {
  it('is the first name and the last initial, or Anonymous', () => {
    expect(donorPublicName('Ada Obi', false)).toBe('Ada O.');
    expect(donorPublicName('  ada  ', false)).toBe('ada');
    expect(donorPublicName('Ada Obi', true)).toBe(ANONYMOUS_DONOR);
    expect(donorPublicName('   ', false)).toBe(ANONYMOUS_DONOR);
  });
});
