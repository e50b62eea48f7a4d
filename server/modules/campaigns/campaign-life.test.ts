import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACK_TO_PENDING_HELD,
  BACK_TO_PENDING_RAISED,
  DELIVERY_NOTHING_FUNDED,
  REASON_REQUIRED,
} from '@contract/admin';
import { STOPPED_CAMPAIGN_WORDS } from '@contract/stopped-campaign';
import { selectRows } from '../../db/client';
import type { MailMessage } from '../../providers/mail/mail';
import { ORGANIZATION_ACCOUNT_DELETED_NOTE } from '../accounts/admin-users-queries';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  createUser,
  payForCampaign,
  signInNewAdmin,
} from '../../test/fixtures';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { organizationOverview } from './requests';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
});
afterAll(() => stopTestApp(ctx));

let address = 0;
const nextAddress = () => `10.77.${(++address >> 8) & 255}.${address & 255}`;
const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin.token}` } });
const orgStatus = (id: number, body: object) => call('PATCH', `/api/admin/org-campaigns/${id}/status`, body);
const campaign = async (id: number) =>
  (
    await selectRows<{ status: string; units: number; raised: number; notes: string | null }>(
      ctx.database.db,
      sql`select status, units_fulfilled as units, amount_raised_kobo as raised, admin_notes as notes
            from organization_campaigns where id = ${id}`,
    )
  )[0]!;
const auditFor = (entity: string, id: number) =>
  selectRows<{ action: string; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select action, details from admin_audit_log where entity_type = ${entity} and entity_id = ${String(id)} order by id`,
  );
const notices = (userId: number) =>
  selectRows<{ message: string }>(
    ctx.database.db,
    sql`select message from notifications where user_id = ${userId} order by id`,
  );
const mails = () => (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;

async function checkout(ref: string, units = 1) {
  const remoteAddress = nextAddress();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    payload: {
      donorEmail: `life.${address}@example.org`,
      donorFullName: 'Life Giver',
      cartItems: [{ campaignId: ref, units }],
    },
  });
  return { res, remoteAddress };
}

async function pay(reference: string, remoteAddress: string) {
  await ctx.app.inject({ method: 'POST', url: '/api/payments/sandbox/charge', remoteAddress, payload: { reference } });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
}

async function owned(quantity: number, status: Parameters<typeof createOrganizationCampaign>[2] = {}) {
  const ownerId = await createUser(ctx.database.db, 'organization');
  const id = await createOrganizationCampaign(ctx.database.db, quantity, { ...status, organizationId: ownerId });
  return { id, ownerId };
}

describe('an organization campaign paused, resumed and closed', () => {
  it('asks for a reason to pause, close and move back to pending, in words; resume needs none', async () => {
    const { id } = await owned(4);
    for (const [to, sentence] of [
      ['paused', REASON_REQUIRED.paused],
      ['closed', REASON_REQUIRED.closed],
      ['pending', REASON_REQUIRED.pending],
    ] as const) {
      const res = await orgStatus(id, { status: to, adminNotes: '   ' });
      expect(res.statusCode, to).toBe(400);
      expect(res.json().message).toBe(sentence);
    }
    expect((await orgStatus(id, { status: 'paused', adminNotes: 'Checking the quote.' })).statusCode).toBe(200);
    const resumed = await orgStatus(id, { status: 'approved' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().campaign).toMatchObject({ status: 'approved' });
    const actions = (await auditFor('organization_campaign', id)).map((a) => a.action);
    expect(actions).toEqual(['campaign.pause', 'campaign.resume']);
  });

  it('pauses with a reason: the owner is told, checkout refuses it in words, the public page says it takes no gifts', async () => {
    const { id, ownerId } = await owned(4);
    const res = await orgStatus(id, { status: 'paused', adminNotes: 'The supplier changed the price.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      status: 'paused',
      actions: ['resume', 'close', 'recordDelivery', 'viewDonations'],
    });
    expect((await notices(ownerId)).at(-1)?.message).toMatch(/is paused/);
    const { res: refused } = await checkout(`org-${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOPPED_CAMPAIGN_WORDS.paused.checkout);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/org-campaigns/${id}` });
    expect(page.json()).toMatchObject({ status: 'paused', takes_gifts: false });
    const [entry] = await auditFor('organization_campaign', id);
    expect(entry).toMatchObject({ action: 'campaign.pause', details: { notes: 'The supplier changed the price.' } });
  });

  it('lands a gift held before the pause and keeps the campaign paused, and funds it when it is the last unit', async () => {
    const { id } = await owned(3);
    const first = await checkout(`org-${id}`, 1);
    const last = await checkout(`org-${id}`, 2);
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(last.res.statusCode, last.res.body).toBe(200);
    expect((await orgStatus(id, { status: 'paused', adminNotes: 'Pausing for a check.' })).statusCode).toBe(200);

    expect((await pay(first.res.json().reference, first.remoteAddress)).statusCode).toBe(200);
    expect(await campaign(id)).toMatchObject({ status: 'paused', units: 1 });
    expect((await pay(last.res.json().reference, last.remoteAddress)).statusCode).toBe(200);
    expect(await campaign(id)).toMatchObject({ status: 'fulfilled', units: 3 });
  });

  it('resumes a half-funded campaign as partly funded, and it takes gifts again', async () => {
    const { id } = await owned(4, { status: 'partially_fulfilled' });
    expect((await orgStatus(id, { status: 'paused', adminNotes: 'Pausing for a check.' })).statusCode).toBe(200);
    const res = await orgStatus(id, { status: 'approved' });
    expect(res.json().campaign).toMatchObject({ status: 'partially_fulfilled' });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/org-campaigns/${id}` });
    expect(page.json()).toMatchObject({ takes_gifts: true });
    expect((await checkout(`org-${id}`)).res.statusCode).toBe(200);
  });

  it('closes early keeping what was raised; checkout refuses it in words', async () => {
    const { id } = await owned(4, { status: 'partially_fulfilled' });
    const before = await campaign(id);
    const res = await orgStatus(id, { status: 'closed', adminNotes: 'The organization asked to stop.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await campaign(id)).toMatchObject({ status: 'closed', units: before.units, raised: before.raised });
    const { res: refused } = await checkout(`org-${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOPPED_CAMPAIGN_WORDS.closed.checkout);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/org-campaigns/${id}` });
    expect(page.json()).toMatchObject({ status: 'closed', takes_gifts: false });
  });

  it('refuses pause and close for a recipient campaign with the rule book in words', async () => {
    const id = await createRecipientCampaign(ctx.database.db, { status: 'approved' });
    for (const to of ['paused', 'closed']) {
      const res = await call('PATCH', `/api/admin/campaigns/${id}/status`, { status: to, adminNotes: 'A reason.' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`This campaign is approved, so it cannot be marked ${to}.`);
    }
  });
});

describe('back to pending', () => {
  it('moves an organization campaign with nothing raised or held back to pending', async () => {
    const { id } = await owned(2);
    const res = await orgStatus(id, { status: 'pending', adminNotes: 'The quantity needs another look.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await campaign(id)).toMatchObject({ status: 'pending', notes: 'The quantity needs another look.' });
  });

  it('refuses while a donor holds units at checkout, and once a gift is recorded', async () => {
    const { id } = await owned(2);
    const held = await checkout(`org-${id}`);
    expect(held.res.statusCode).toBe(200);
    let res = await orgStatus(id, { status: 'pending', adminNotes: 'Needs another look.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BACK_TO_PENDING_HELD);
    expect((await pay(held.res.json().reference, held.remoteAddress)).statusCode).toBe(200);
    // Partly funded has no move back; the rule that forbids it is the rule book's.
    res = await orgStatus(id, { status: 'pending', adminNotes: 'Needs another look.' });
    expect(res.statusCode).toBe(409);

    // Raised while still approved (a gift recorded by hand): refused in its own words.
    const { id: raised } = await owned(2);
    await ctx.database.db.execute(sql`update organization_campaigns set amount_raised_kobo = 100 where id = ${raised}`);
    res = await orgStatus(raised, { status: 'pending', adminNotes: 'Needs another look.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BACK_TO_PENDING_RAISED);
    expect(await campaign(raised)).toMatchObject({ status: 'approved' });
  });
});

describe('delivery', () => {
  it('marks a recipient campaign ready for pickup, tells the owner where to collect, then delivered', async () => {
    const ownerId = await createUser(ctx.database.db, 'recipient');
    const id = await createRecipientCampaign(ctx.database.db, { status: 'approved', recipientId: ownerId });
    await payForCampaign(ctx.app, id);
    let res = await call('PATCH', `/api/admin/campaigns/${id}/delivery`, { deliveryStatus: 'ready_for_pickup' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      status: 'ready_for_pickup',
      delivery_status: 'ready_for_pickup',
      actions: ['markDelivered'],
    });
    expect((await notices(ownerId)).at(-1)?.message).toMatch(/ready for pickup at our collection centre in Lagos/);
    const mail = await eventually(
      'the mail saying the device is ready for pickup',
      async () => mails().find((m) => m.subject === 'Your device is ready for pickup'),
      (m) => m !== undefined,
    );
    expect(mail.text).toMatch(/original of the ID/);
    res = await call('PATCH', `/api/admin/campaigns/${id}/delivery`, { deliveryStatus: 'ready_for_pickup' });
    expect(res.statusCode).toBe(409);
    res = await call('PATCH', `/api/admin/campaigns/${id}/delivery`, { deliveryStatus: 'delivered' });
    expect(res.json().campaign).toMatchObject({ status: 'delivered', delivery_status: 'delivered' });
    const actions = (await auditFor('recipient_campaign', id)).map((a) => a.action);
    expect(actions).toEqual(['campaign.mark_ready_for_pickup', 'campaign.mark_delivered']);
  });

  it('hands over an organization campaign fulfilled or closed with units funded, never one closed with nothing', async () => {
    const { id: fulfilled, ownerId } = await owned(3, { status: 'fulfilled' });
    let res = await call('PATCH', `/api/admin/org-campaigns/${fulfilled}/delivery`, {
      deliveryStatus: 'ready_for_pickup',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      status: 'ready_for_pickup',
      actions: ['markDelivered', 'recordDelivery', 'viewDonations'],
    });
    expect((await notices(ownerId)).at(-1)?.message).toMatch(/ready for pickup/);
    res = await call('PATCH', `/api/admin/org-campaigns/${fulfilled}/delivery`, { deliveryStatus: 'delivered' });
    expect(res.json().campaign).toMatchObject({ status: 'delivered' });
    expect((await auditFor('organization_campaign', fulfilled)).map((a) => a.action)).toEqual([
      'campaign.mark_ready_for_pickup',
      'campaign.mark_delivered',
    ]);

    const { id: closedEmpty } = await owned(3, { status: 'closed' });
    res = await call('PATCH', `/api/admin/org-campaigns/${closedEmpty}/delivery`, { deliveryStatus: 'delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DELIVERY_NOTHING_FUNDED);

    const { id: closedPart } = await owned(4, { status: 'closed', unitsFulfilled: 2 });
    res = await call('PATCH', `/api/admin/org-campaigns/${closedPart}/delivery`, { deliveryStatus: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);

    const { id: live } = await owned(4);
    res = await call('PATCH', `/api/admin/org-campaigns/${live}/delivery`, { deliveryStatus: 'delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This campaign is approved, so it cannot be marked delivered.');
  });

  it('counts Devices Received as the units of delivered campaigns only', async () => {
    const ownerId = await createUser(ctx.database.db, 'organization');
    await createOrganizationCampaign(ctx.database.db, 3, { status: 'fulfilled', organizationId: ownerId });
    await createOrganizationCampaign(ctx.database.db, 5, {
      status: 'delivered',
      unitsFulfilled: 5,
      organizationId: ownerId,
    });
    await createOrganizationCampaign(ctx.database.db, 4, {
      status: 'delivered',
      unitsFulfilled: 2,
      organizationId: ownerId,
    });
    expect((await organizationOverview(ctx.database.db, ownerId)).devicesReceived).toBe(7);
  });
});

describe("a deleted organization's campaigns", () => {
  it('closes the live ones and rejects the request under review, noting why, with an audit row each', async () => {
    const owners = await Promise.all([1, 2, 3].map(() => createUser(ctx.database.db, 'organization')));
    const [first, second, third] = owners as [number, number, number];
    const live = await createOrganizationCampaign(ctx.database.db, 4, {
      status: 'partially_fulfilled',
      organizationId: first,
    });
    const done = await createOrganizationCampaign(ctx.database.db, 2, { status: 'fulfilled', organizationId: first });
    const paused = await createOrganizationCampaign(ctx.database.db, 2, { status: 'paused', organizationId: second });
    const pending = await createOrganizationCampaign(ctx.database.db, 2, { status: 'pending', organizationId: third });
    for (const ownerId of owners) {
      const res = await call('DELETE', `/api/admin/users/${ownerId}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await campaign(live)).toMatchObject({ status: 'closed', notes: ORGANIZATION_ACCOUNT_DELETED_NOTE });
    expect(await campaign(paused)).toMatchObject({ status: 'closed', notes: ORGANIZATION_ACCOUNT_DELETED_NOTE });
    expect(await campaign(pending)).toMatchObject({ status: 'rejected', notes: ORGANIZATION_ACCOUNT_DELETED_NOTE });
    expect(await campaign(done)).toMatchObject({ status: 'fulfilled' });
    expect(await auditFor('organization_campaign', live)).toEqual([
      { action: 'campaign.close', details: { from: 'partially_fulfilled', to: 'closed', notes: 'Account deleted.' } },
    ]);
    expect((await auditFor('organization_campaign', pending)).map((a) => a.action)).toEqual(['campaign.reject']);
  });
});
