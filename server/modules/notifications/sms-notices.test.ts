import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyBy } from '@contract/sms';
import { selectRows, type Db } from '../../db/client';
import { JOB } from '../../jobs/names';
import type { MailMessage } from '../../providers/mail/mail';
import { createTermiiSms } from '../../providers/sms/termii';
import { createRecipientCampaign, createUser, payForCampaign, signInNewAdmin } from '../../test/fixtures';
import {
  eventually,
  jobsDone,
  mailboxOf,
  smsInboxOf,
  startTestApp,
  stopTestApp,
  type TestContext,
} from '../../test/harness';
import { startTermiiStandIn } from '../../test/stand-ins';
import { tellUser, wakeNotices } from './tell-user';

let ctx: TestContext;
let admin: { token: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

let phones = 0;
/** A verified recipient with a phone number who chose `notifyBy`, and a pending campaign of theirs. */
async function recipientWho(notifyBy: NotifyBy, { verified = true } = {}) {
  const db = ctx.database.db;
  phones += 1;
  const phone = `+23480${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(5, '0')}`;
  const email = `sms.${notifyBy}.${Date.now().toString(36)}${phones}@example.org`;
  const userId = await createUser(db, 'recipient', { email });
  await db.execute(
    sql`update users set phone_number = ${phone}, notify_by = ${notifyBy},
               email_verified_at = ${verified ? sql`email_verified_at` : null} where id = ${userId}`,
  );
  const campaignId = await createRecipientCampaign(db, { status: 'pending', recipientId: userId });
  return { userId, phone, email, campaignId };
}

const approve = (id: number) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/campaigns/${id}/status`,
    payload: { status: 'approved' },
    headers: { authorization: `Bearer ${admin.token}` },
  });
const mailsTo = (email: string) =>
  (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages.filter((m) => m.to === email);
const queuedSms = (db: Db, phone: string) =>
  selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job where name = ${JOB.sms} and data->'message'->>'to' = ${phone}`,
  ).then((r) => Number(r[0]!.n));
const settled = async () => {
  await jobsDone(ctx.database, JOB.sms);
  await jobsDone(ctx.database, JOB.mail);
};

describe('notices by SMS', () => {
  it("follows each person's choice: email gets no SMS, both gets both, SMS only gets no mail", async () => {
    const byEmail = await recipientWho('email');
    const byBoth = await recipientWho('both');
    const bySms = await recipientWho('sms');
    for (const r of [byEmail, byBoth, bySms]) expect((await approve(r.campaignId)).statusCode).toBe(200);
    await settled();
    const inbox = smsInboxOf(ctx.app);

    expect(inbox.to(byEmail.phone)).toEqual([]);
    expect(mailsTo(byEmail.email).map((m) => m.subject)).toEqual(['Your campaign is live']);

    expect(inbox.to(byBoth.phone)).toEqual([
      expect.stringMatching(/^Gift of Independence: Your request for a Folding White Cane is approved\./),
    ]);
    expect(mailsTo(byBoth.email)).toHaveLength(1);

    expect(inbox.to(bySms.phone)).toHaveLength(1);
    expect(mailsTo(bySms.email)).toEqual([]);
    // The notice in the app stays, whatever the choice.
    for (const r of [byEmail, byBoth, bySms]) {
      const [row] = await selectRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from notifications where user_id = ${r.userId}`,
      );
      expect(Number(row!.n)).toBe(1);
    }
  });

  it('texts a person who chose SMS only even when their address is not verified', async () => {
    const r = await recipientWho('sms', { verified: false });
    expect((await approve(r.campaignId)).statusCode).toBe(200);
    await settled();
    expect(smsInboxOf(ctx.app).to(r.phone)).toHaveLength(1);
    expect(mailsTo(r.email)).toEqual([]);
  });

  it('texts the owner when a donor funds their campaign', async () => {
    const r = await recipientWho('sms');
    expect((await approve(r.campaignId)).statusCode).toBe(200);
    await payForCampaign(ctx.app, r.campaignId);
    await settled();
    expect(smsInboxOf(ctx.app).to(r.phone).at(-1)).toMatch(/a donor has funded your Folding White Cane/);
  });

  it('queues the SMS in the transaction of the change: a change that fails queues nothing', async () => {
    const r = await recipientWho('both');
    const db = ctx.database.db;
    await expect(
      db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tellUser({ db: tx, jobs: ctx.app.jobs, baseUrl: 'http://localhost' }, r.userId, {
          subject: 'S',
          message: 'M',
          link: '/recipient/status',
          sms: 'Gift of Independence: never sent.',
        });
        expect(await queuedSms(tx, r.phone)).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queuedSms(db, r.phone)).toBe(0);

    // An approval refused (already approved) queues nothing either.
    expect((await approve(r.campaignId)).statusCode).toBe(200);
    expect((await approve(r.campaignId)).statusCode).toBe(409);
    expect(await queuedSms(db, r.phone)).toBe(1);
  });
});

describe('the SMS job', () => {
  // It starts its own app and waits out a retry: room for both on a busy machine.
  it('retries when the gateway fails once, then sends the text once', { timeout: 60_000 }, async () => {
    const key = 'TLtest-retry-key';
    const termii = await startTermiiStandIn(key);
    const app = await startTestApp(
      {},
      { sms: createTermiiSms({ apiKey: key, senderId: 'GiftOfIndep', apiBase: termii.apiBase, channel: 'dnd' }) },
    );
    try {
      const userId = await createUser(app.database.db, 'recipient');
      await app.database.db.execute(
        sql`update users set phone_number = '+2348039990001', notify_by = 'sms' where id = ${userId}`,
      );
      termii.failNext(1);
      await app.database.db.transaction(async (t) => {
        await tellUser({ db: t as unknown as Db, jobs: app.app.jobs, baseUrl: 'http://localhost' }, userId, {
          subject: 'S',
          message: 'M',
          link: '/recipient/status',
          sms: 'Gift of Independence: once.',
        });
      });
      wakeNotices(app.app.jobs);
      await eventually(
        'the gateway to take the text',
        async () => termii.sent.length,
        (n) => n > 0,
        30_000,
      );
      await jobsDone(app.database, JOB.sms);
      expect(termii.calls).toBe(2);
      expect(termii.sent).toEqual([
        { to: '2348039990001', from: 'GiftOfIndep', sms: 'Gift of Independence: once.', type: 'plain', channel: 'dnd' },
      ]);
    } finally {
      await stopTestApp(app);
      await termii.close();
    }
  });
});
