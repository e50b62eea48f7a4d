import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVED_NOTE,
  BACK_TO_PENDING_NOTE,
  ORGANIZATION_APPROVED_NOTE,
  REASON_CHANGED_MEANWHILE,
  REJECT_NOTES_REQUIRED,
} from '@contract/admin';
import { selectRows } from '../../db/client';
import type { MailMessage } from '../../providers/mail/mail';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  createUser,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
let other: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
  other = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object, token = admin.token) =>
  ctx.app.inject({ method, url, payload, headers: auth(token) });
const status = (id: number | string, body: object, token = admin.token) =>
  call('PATCH', `/api/admin/campaigns/${id}/status`, body, token);
const mails = () => (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;
const auditFor = (entity: string, id: number) =>
  selectRows<{ admin_id: number; action: string; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select admin_id, action, details from admin_audit_log where entity_type = ${entity} and entity_id = ${String(id)} order by id`,
  );
const notices = (userId: number) =>
  selectRows<{ message: string; link_to: string }>(
    ctx.database.db,
    sql`select message, link_to from notifications where user_id = ${userId} order by id`,
  );

async function ownedPending() {
  const email = `owner.${Math.random().toString(36).slice(2)}@example.org`;
  const ownerId = await createUser(ctx.database.db, 'recipient', { email });
  const id = await createRecipientCampaign(ctx.database.db, { status: 'pending', recipientId: ownerId });
  return { id, ownerId, email };
}

describe('admin: recipient campaign transitions', () => {
  it('approves a pending campaign with the standard note, audits it, tells the owner, and it goes live', async () => {
    const { id, ownerId, email } = await ownedPending();
    const res = await status(id, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const { campaign, message } = res.json();
    expect(message).toMatch(/approved/);
    expect(campaign).toMatchObject({ id, status: 'approved', admin_notes: APPROVED_NOTE, public_id: String(id) });
    expect(campaign.actions).toEqual(['backToPending', 'feature', 'editReason']);
    expect(campaign.recipient).toMatchObject({ id: ownerId, email });
    expect(await auditFor('recipient_campaign', id)).toEqual([
      {
        admin_id: admin.user.id,
        action: 'campaign.approve',
        details: { from: 'pending', to: 'approved', notes: APPROVED_NOTE },
      },
    ]);
    expect((await notices(ownerId)).at(-1)).toMatchObject({
      message: expect.stringContaining('has been approved'),
      link_to: '/recipient/status',
    });
    await eventually(
      'the approval mail',
      async () => mails().filter((m) => m.to === email),
      (list) => list.length > 0,
    );
    expect((await call('GET', `/api/campaigns/${id}`, undefined, '')).statusCode).toBe(200);
  });

  it('requires trimmed notes to reject, and the recipient gets the reason in the app and by mail, then may request again', async () => {
    const { id, ownerId, email } = await ownedPending();
    for (const adminNotes of [undefined, '', '    ']) {
      const res = await status(id, { status: 'rejected', adminNotes });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: REJECT_NOTES_REQUIRED,
        fieldErrors: { adminNotes: [REJECT_NOTES_REQUIRED] },
      });
    }
    const res = await status(id, { status: 'rejected', adminNotes: '  Please upload a clearer photo of your ID.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().campaign).toMatchObject({
      status: 'rejected',
      admin_notes: 'Please upload a clearer photo of your ID.',
      actions: [],
    });
    expect((await notices(ownerId)).at(-1)!.message).toContain('was not approved');
    const mail = await eventually(
      'the mail asking for a clearer ID photo',
      async () => mails().find((m) => m.to === email),
      (m) => Boolean(m),
    );
    expect(mail!.text).toContain('Please upload a clearer photo of your ID.');
    const [row] = await selectRows<{ can: boolean }>(
      ctx.database.db,
      sql`select not exists (select 1 from recipient_campaigns where recipient_id = ${ownerId} and status in ('pending','approved')) as can`,
    );
    expect(row!.can).toBe(true);
  });

  it('moves approved back to pending (unfeaturing it), features and unfeatures approved ones only', async () => {
    const { id } = await ownedPending();
    expect((await status(id, { status: 'approved' })).statusCode).toBe(200);
    let res = await call('POST', '/api/admin/campaigns/feature', { campaignId: id });
    expect(res.json().campaign).toMatchObject({
      is_featured: true,
      actions: ['backToPending', 'unfeature', 'editReason'],
    });
    res = await call('POST', '/api/admin/campaigns/feature', { campaignId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This campaign is already featured.');
    res = await status(id, { status: 'pending' });
    expect(res.json().campaign).toMatchObject({
      status: 'pending',
      is_featured: false,
      admin_notes: BACK_TO_PENDING_NOTE,
    });
    res = await call('POST', '/api/admin/campaigns/unfeature', { campaignId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not featured/);
    res = await call('POST', '/api/admin/campaigns/feature', { campaignId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Only approved campaigns can be featured/);
    const actions = (await auditFor('recipient_campaign', id)).map((a) => a.action);
    expect(actions).toEqual(['campaign.approve', 'campaign.feature', 'campaign.backToPending']);
  });

  it('refuses every move the table does not allow, in words, without touching money', async () => {
    const purchased = await createRecipientCampaign(ctx.database.db, { status: 'purchased' });
    const delivered = await createRecipientCampaign(ctx.database.db, { status: 'delivered' });
    const rejected = await createRecipientCampaign(ctx.database.db, { status: 'rejected' });
    const before = await selectRows<{ id: number; amount: number }>(
      ctx.database.db,
      sql`select id, amount_raised_kobo as amount from recipient_campaigns where id in (${purchased}, ${delivered}, ${rejected}) order by id`,
    );
    const refused = [
      await status(purchased, { status: 'approved' }),
      await status(purchased, { status: 'pending' }),
      await status(delivered, { status: 'rejected', adminNotes: 'Too late for that.' }),
      await status(rejected, { status: 'approved' }),
      await call('PUT', `/api/admin/campaigns/${purchased}/reason`, {
        reason: 'A perfectly long enough new reason here.',
      }),
      await call('PATCH', `/api/admin/campaigns/${delivered}/delivery`, { deliveryStatus: 'delivered' }),
      await call('POST', `/api/admin/campaigns/${purchased}/video`, { videoUrl: 'https://vimeo.com/76979871' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/[a-z]/);
    }
    const after = await selectRows<{ id: number; amount: number }>(
      ctx.database.db,
      sql`select id, amount_raised_kobo as amount from recipient_campaigns where id in (${purchased}, ${delivered}, ${rejected}) order by id`,
    );
    expect(after).toEqual(before);
    expect((await status(999999, { status: 'approved' })).statusCode).toBe(404);
    expect((await status('abc', { status: 'approved' })).statusCode).toBe(400);
  });

  it('edits the reason (not empty), marks a funded campaign delivered and adds a video its donors hear of', async () => {
    const { id, ownerId, email } = await ownedPending();
    let res = await call('PUT', `/api/admin/campaigns/${id}/reason`, { reason: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Reason cannot be empty.');
    res = await call('PUT', `/api/admin/campaigns/${id}/reason`, {
      reason: 'I need it to read my course books on my own.',
    });
    expect(res.json().campaign.reason).toBe('I need it to read my course books on my own.');
    expect((await auditFor('recipient_campaign', id)).at(-1)!.details).toMatchObject({
      after: { reason: 'I need it to read my course books on my own.' },
    });

    await status(id, { status: 'approved' });
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    await payForCampaign(ctx.app, id, 1, { donorEmail: donor.email });
    // The purchase reaches the recipient in the app and by mail.
    expect((await notices(ownerId)).at(-1)!.message).toContain('a donor has funded your');
    await eventually(
      'the mail saying the device was funded',
      async () => mails().filter((m) => m.to === email && m.subject === 'Your device has been funded'),
      (l) => l.length === 1,
    );
    const guest = 'guest.giver@example.org';
    res = await call('POST', `/api/admin/campaigns/${id}/video`, { videoUrl: 'https://vimeo.com/76979871' });
    expect(res.statusCode).toBe(409);

    res = await call('PATCH', `/api/admin/campaigns/${id}/delivery`, { deliveryStatus: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      status: 'delivered',
      delivery_status: 'delivered',
      actions: ['addVideo'],
    });
    expect((await notices(ownerId)).at(-1)!.message).toContain('marked as delivered');

    for (const bad of ['not a url', 'http://vimeo.com/1', 'javascript:alert(1)']) {
      expect((await call('POST', `/api/admin/campaigns/${id}/video`, { videoUrl: bad })).statusCode).toBe(400);
    }
    res = await call('POST', `/api/admin/campaigns/${id}/video`, { videoUrl: 'https://vimeo.com/76979871' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign.appreciation_video_url).toBe('https://vimeo.com/76979871');
    expect((await notices(donor.user.id)).at(-1)).toMatchObject({
      message: expect.stringContaining('thank-you video'),
      link_to: '/donor/gifts',
    });
    await eventually(
      "the donor's mail about the thank-you video",
      async () => mails().filter((m) => m.to === donor.email && /thank-you video/.test(m.subject)),
      (l) => l.length === 1,
    );
    const gifts = await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: auth(donor.token) });
    expect(gifts.json().givingHistory[0]).toMatchObject({ appreciation_video_url: 'https://vimeo.com/76979871' });
    expect(mails().some((m) => m.to === guest)).toBe(false);
  });

  it('refuses a reason edit made from a reason another admin has since changed', async () => {
    const { id } = await ownedPending();
    const seen = 'I need this device to travel to work and school on my own.';
    const first = await call('PUT', `/api/admin/campaigns/${id}/reason`, {
      reason: 'I need this cane to travel to work and to school on my own.',
      previousReason: seen,
    });
    expect(first.statusCode).toBe(200);
    const second = await call(
      'PUT',
      `/api/admin/campaigns/${id}/reason`,
      { reason: 'A different edit made from the old text of the reason.', previousReason: seen },
      other.token,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(REASON_CHANGED_MEANWHILE);
    const [row] = await selectRows<{ reason: string }>(
      ctx.database.db,
      sql`select reason from recipient_campaigns where id = ${id}`,
    );
    expect(row!.reason).toBe('I need this cane to travel to work and to school on my own.');
  });

  it('lets one of two admins acting at once win; the other gets a clear 409', async () => {
    const { id } = await ownedPending();
    const [a, b] = await Promise.all([
      status(id, { status: 'approved' }),
      status(id, { status: 'rejected', adminNotes: 'Not eligible.' }, other.token),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/already|cannot|changed/);
    expect(await auditFor('recipient_campaign', id)).toHaveLength(1);
  });
});

describe('admin: organization campaigns', () => {
  it('approves with the note and rejects with required notes, through both calls, telling the organization', async () => {
    const orgId = await createUser(ctx.database.db, 'organization');
    const first = await createOrganizationCampaign(ctx.database.db, 5, { status: 'pending', organizationId: orgId });
    let res = await call('PATCH', `/api/admin/org-campaigns/${first}/status`, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      campaign_id: `org-${first}`,
      status: 'approved',
      admin_notes: ORGANIZATION_APPROVED_NOTE,
      actions: ['pause', 'close', 'backToPending', 'viewDonations'],
    });
    expect((await notices(orgId)).at(-1)!.message).toContain('has been approved');

    const second = await createOrganizationCampaign(ctx.database.db, 2, { status: 'pending' });
    res = await status(`org-${second}`, { status: 'rejected' });
    expect(res.statusCode).toBe(400);
    res = await status(`org-${second}`, { status: 'rejected', adminNotes: 'Please send your CAC certificate.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({ status: 'rejected', admin_notes: 'Please send your CAC certificate.' });
    // The shared call never confuses the kinds: a recipient campaign with the same number is untouched.
    expect((await status(`org-${second}`, { status: 'pending' })).statusCode).toBe(409);
    expect((await auditFor('organization_campaign', second)).map((a) => a.action)).toEqual(['campaign.reject']);

    const pending = (await call('GET', '/api/admin/org-campaigns/pending')).json() as { id: number }[];
    expect(pending.some((c) => c.id === second)).toBe(false);
    const active = (await call('GET', `/api/admin/organization/campaigns/approved?organizationId=${orgId}`)).json() as {
      id: number;
      organization: { id: number };
    }[];
    expect(active.map((c) => c.id)).toEqual([first]);
  });
  it('lets one of two admins approving the same organization request at once win; the other gets a clear 409', async () => {
    const orgId = await createUser(ctx.database.db, 'organization');
    const id = await createOrganizationCampaign(ctx.database.db, 3, { status: 'pending', organizationId: orgId });
    const [a, b] = await Promise.all([
      call('PATCH', `/api/admin/org-campaigns/${id}/status`, { status: 'approved' }),
      call('PATCH', `/api/admin/org-campaigns/${id}/status`, { status: 'approved' }, other.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe('This campaign is already approved.');
    expect(await auditFor('organization_campaign', id)).toHaveLength(1);
    expect(await notices(orgId)).toHaveLength(1);
  });
});

describe('admin: lists, overview, audit and access', () => {
  it('answers the dashboard lists, the paged table and the audit log, with the review details', async () => {
    const { id } = await ownedPending();
    const pending = (await call('GET', '/api/admin/campaigns/pending')).json() as {
      id: number;
      recipient: { email: string };
    }[];
    expect(pending.find((c) => c.id === id)?.recipient.email).toMatch(/@example.org$/);
    const overview = (await call('GET', '/api/admin/overview')).json();
    expect(overview.pending).toBeGreaterThan(0);

    const page = (await call('GET', '/api/admin/campaigns/all?status=pending&sort=oldest&pageSize=2&page=1')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    const search = (await call('GET', `/api/admin/campaigns/all?q=${encodeURIComponent('Tunde')}`)).json();
    expect(search.items.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/campaigns/all?sort=sideways')).statusCode).toBe(400);

    // The seeded recipient's document reaches admins as a short-lived signed link.
    const tunde = search.items[0];
    expect(tunde.recipient.id_document_url).toMatch(/^\/api\/files\/download\?/);

    await status(id, { status: 'approved' });
    const log = (await call('GET', `/api/admin/audit?campaign=${id}`)).json();
    expect(log.items).toEqual([
      expect.objectContaining({ action: 'campaign.approve', admin: expect.objectContaining({ id: admin.user.id }) }),
    ]);
    const mine = (await call('GET', `/api/admin/audit?adminId=${other.user.id}&limit=1`)).json();
    expect(mine.items.every((e: { admin: { id: number } }) => e.admin.id === other.user.id)).toBe(true);
  });

  it('refuses every admin call to other roles and to anonymous callers', async () => {
    const { id } = await ownedPending();
    const recipient = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    for (const token of [recipient.token, '']) {
      const expected = token ? 403 : 401;
      expect((await call('GET', '/api/admin/campaigns/pending', undefined, token)).statusCode).toBe(expected);
      expect((await status(id, { status: 'approved' }, token)).statusCode).toBe(expected);
      expect((await call('GET', '/api/admin/audit', undefined, token)).statusCode).toBe(expected);
    }
    const [row] = await selectRows<{ status: string }>(
      ctx.database.db,
      sql`select status from recipient_campaigns where id = ${id}`,
    );
    expect(row!.status).toBe('pending');
  });
});
