import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_ID_INVALID } from '@contract/ids';
import { selectRows } from '../../db/client';
import { createSmtpMailer } from '../../providers/mail/mail';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { startSmtpCatcher } from '../../test/smtp';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await startTestApp({}, { mailer: createSmtpMailer(smtp.url, 'no-reply@example.org') });
  admin = (await signInNewAdmin(ctx.app, ctx.database.db)).token;
}, 60_000);
afterAll(async () => {
  await stopTestApp(ctx);
  await smtp.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const body = (n: number) => 'x'.repeat(n);

async function post(token: string, campaign: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url: `/api/campaigns/${campaign}/updates`, headers: as(token), payload });
}
async function publicList(campaign: string) {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaign}/updates` });
  return reply.json() as { total: number; items: { id: number; body: string; author: string }[] };
}
async function owner(role: 'organization' | 'recipient') {
  return signUpUser(ctx.app, smtp, { role });
}

describe('campaign updates', () => {
  it('an organization posts about its own campaign and it is public at once; another organization is refused', async () => {
    const org = await owner('organization');
    const other = await owner('organization');
    const id = await createOrganizationCampaign(ctx.database.db, 4, { organizationId: org.user.id });
    const posted = await post(org.token, `org-${id}`, { body: 'Four braille slates reached the school this week.' });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ status: 'approved' });
    const list = await publicList(`org-${id}`);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ body: 'Four braille slates reached the school this week.' });
    expect(list.items[0]!.author).toMatch(/Organization/);

    const refused = await post(other.token, `org-${id}`, { body: 'Words from an organization that is not the owner.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can post updates only about your own campaign.');
  });

  it('refuses a 19-character update with a sentence, and a campaign that is not public', async () => {
    const org = await owner('organization');
    const id = await createOrganizationCampaign(ctx.database.db, 2, { organizationId: org.user.id });
    const short = await post(org.token, `org-${id}`, { body: body(19) });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 20 characters/);
    expect((await post(org.token, `org-${id}`, { body: body(20) })).statusCode).toBe(201);

    const pending = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    const notPublic = await post(admin, String(pending), { body: body(40) });
    expect(notPublic.statusCode).toBe(409);
    expect(notPublic.json().message).toMatch(/on the site/);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${pending}/updates` })).statusCode).toBe(404);
    const notAnId = await ctx.app.inject({ method: 'GET', url: '/api/campaigns/org-1x/updates' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toBe(CAMPAIGN_ID_INVALID);
  });

  it("keeps a recipient's update from the page until an admin approves it; a hidden one never shows", async () => {
    const recipient = await owner('recipient');
    const id = await createRecipientCampaign(ctx.database.db, { recipientId: recipient.user.id });
    const withVideo = await post(recipient.token, String(id), {
      body: 'Thank you all, the cane has changed my days.',
      videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    expect(withVideo.statusCode).toBe(400);
    const tooLong = await post(recipient.token, String(id), { body: body(501) });
    expect(tooLong.statusCode).toBe(400);

    const first = await post(recipient.token, String(id), { body: 'Thank you all, the cane has changed my days.' });
    expect(first.json()).toMatchObject({ status: 'awaiting_review' });
    const second = await post(recipient.token, String(id), { body: 'Another note that our team decides to hide.' });
    expect((await publicList(String(id))).total).toBe(0);

    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/updates?status=awaiting_review',
      headers: as(admin),
    });
    const ids = (queue.json() as { id: number }[]).map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([first.json().id, second.json().id]));

    const decide = (updateId: number, decision: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/updates/${updateId}/decision`,
        headers: as(admin),
        payload: { decision },
      });
    expect((await decide(second.json().id, 'hide')).statusCode).toBe(200);
    expect((await publicList(String(id))).total).toBe(0);
    expect((await decide(first.json().id, 'approve')).json()).toMatchObject({ status: 'approved' });
    const shown = await publicList(String(id));
    expect(shown.items.map((u) => u.id)).toEqual([first.json().id]);
    expect(shown.items[0]!.author).toBe('Fixture O.');
    const audited = await selectRows<{ action: string }>(
      ctx.database.db,
      sql`select action from admin_audit_log where entity_type = 'campaign_update' and entity_id = ${String(first.json().id)}`,
    );
    expect(audited.map((a) => a.action)).toEqual(['update.approve']);
    // Only admins decide.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/updates/${second.json().id}/decision`,
          headers: as(recipient.token),
          payload: { decision: 'approve' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('tells donors: a notice for the signed-in one, a mail with a working unsubscribe link for each, once', async () => {
    const org = await owner('organization');
    const id = await createOrganizationCampaign(ctx.database.db, 10, { organizationId: org.user.id });
    const other = await createOrganizationCampaign(ctx.database.db, 10);
    const donor = await signUpUser(ctx.app, smtp, { role: 'donor' });
    const guest = `guest.${Date.now()}@example.org`;
    // The signed-in donor's checkout, as the browser sends it with the session.
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/checkout',
      headers: as(donor.token),
      payload: {
        donorEmail: donor.email,
        donorFullName: 'Signed Giver',
        cartItems: [{ campaignId: `org-${id}`, units: 1 }],
      },
    });
    expect(checkout.statusCode).toBeLessThan(300);
    const { reference } = checkout.json() as { reference: string };
    await ctx.app.inject({ method: 'POST', url: '/api/payments/sandbox/charge', payload: { reference } });
    await ctx.app.inject({ method: 'POST', url: '/api/donations/fund', payload: { transactionId: reference } });
    await payForCampaign(ctx.app, `org-${id}`, 1, { donorEmail: guest, donorFullName: 'Guest Giver' });
    await payForCampaign(ctx.app, `org-${other}`, 1, { donorEmail: guest, donorFullName: 'Guest Giver' });

    const before = smtp.mark();
    expect(
      (await post(org.token, `org-${id}`, { body: 'The first slates are in the classroom now.' })).statusCode,
    ).toBe(201);
    const guestMail = await smtp.waitFor(guest, (m) => m.subject.startsWith('News about'), { after: before });
    expect(guestMail.text).toContain('The first slates are in the classroom now.');
    expect(guestMail.raw).toMatch(/^List-Unsubscribe:\s+<http/m);
    await smtp.waitFor(donor.email, (m) => m.text.includes('The first slates are in the classroom now.'), {
      after: before,
    });
    const notices = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: as(donor.token) });
    expect(JSON.stringify(notices.json())).toContain('There is news about');

    // The guest unsubscribes from this campaign by the link: opening it only asks, the button does it.
    // Read from the header, which the catcher leaves as it came (the body's decoding is rough).
    const link = new URL(/^List-Unsubscribe:\s+<([^>]+)>/m.exec(guestMail.raw)![1]!.replace(/\s+/g, ''));
    const path = `${link.pathname}${link.search}`;
    expect(guestMail.text).toContain('/unsubscribe?purpose=unsubscribe');
    const asked = await ctx.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<button type="submit">Stop update mails</button>');
    const tampered = path.replace(/email=[^&]+/, `email=${encodeURIComponent('someone.else@example.org')}`);
    expect((await ctx.app.inject({ method: 'POST', url: tampered })).statusCode).toBe(400);
    const done = await ctx.app.inject({ method: 'POST', url: path });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Update mails stopped');

    const next = smtp.mark();
    await post(org.token, `org-${id}`, { body: 'All ten slates are now in use every day.' });
    await post(admin, `org-${other}`, { body: 'The other school has its slates as well.' });
    await smtp.waitFor(guest, (m) => m.text.includes('The other school has its slates'), { after: next });
    await smtp.waitFor(donor.email, (m) => m.text.includes('All ten slates'), { after: next });
    expect(smtp.to(guest).filter((m) => m.text.includes('All ten slates'))).toEqual([]);

    // Each update's donors are told once, however often its job runs.
    const told = await eventually(
      'the donors to be told of the update',
      () =>
        selectRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from campaign_updates where donors_told_at is null and organization_campaign_id = ${id}`,
        ),
      (rows) => rows[0]!.n === 0,
    );
    expect(told[0]!.n).toBe(0);
  });
});
