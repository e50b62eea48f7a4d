import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyBy } from '@contract/sms';
import { selectRows, type Db } from '../../db/client';
import { JOB, type WhatsAppJob } from '../../jobs/names';
import type { MailMessage } from '../../providers/mail/mail';
import { createCloudApiWhatsApp } from '../../providers/whatsapp/cloud-api';
import { createRecipientCampaign, createUser, payForCampaign, signInNewAdmin } from '../../test/fixtures';
import {
  eventually,
  jobsDone,
  mailboxOf,
  smsInboxOf,
  startTestApp,
  stopTestApp,
  whatsAppInboxOf,
  type TestContext,
} from '../../test/harness';
import { startWhatsAppStandIn } from '../../test/stand-ins';
import { fallbackSmsId, sendWhatsApp } from './send-whatsapp';
import { tellUser, wakeNotices } from './tell-user';

let ctx: TestContext;
let admin: { token: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

let phones = 0;
const nextPhone = () => {
  phones += 1;
  return `+23481${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(5, '0')}`;
};

/** A verified recipient with a phone number who chose `notifyBy`, and a pending campaign of theirs. */
async function recipientWho(notifyBy: NotifyBy, db: Db = ctx.database.db) {
  const phone = nextPhone();
  const email = `wa.${notifyBy}.${Date.now().toString(36)}${phones}@example.org`;
  const userId = await createUser(db, 'recipient', { email });
  await db.execute(sql`update users set phone_number = ${phone}, notify_by = ${notifyBy} where id = ${userId}`);
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
const queued = (db: Db, name: string, phone: string) =>
  selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job where name = ${name} and data->'message'->>'to' = ${phone}`,
  ).then((r) => Number(r[0]!.n));
const settled = async (c: TestContext = ctx) => {
  for (const name of [JOB.whatsapp, JOB.sms, JOB.mail]) await jobsDone(c.database, name, 30_000);
};
const notice = (text: string) => ({ subject: 'S', message: 'M', link: '/recipient/status', sms: text });
const tell = (c: TestContext, userId: number, text: string) =>
  c.database.db.transaction(async (t) => {
    await tellUser({ db: t as unknown as Db, jobs: c.app.jobs, baseUrl: 'http://localhost' }, userId, notice(text));
  });

describe('notices by WhatsApp', () => {
  it('a person who chose WhatsApp gets the notice by WhatsApp, and neither an SMS nor a mail', async () => {
    const byWhatsApp = await recipientWho('whatsapp');
    const bySms = await recipientWho('sms');
    for (const r of [byWhatsApp, bySms]) expect((await approve(r.campaignId)).statusCode).toBe(200);
    await settled();

    expect(whatsAppInboxOf(ctx.app).to(byWhatsApp.phone)).toEqual([
      expect.stringMatching(/^Gift of Independence: Your request for a Folding White Cane is approved\./),
    ]);
    expect(smsInboxOf(ctx.app).to(byWhatsApp.phone)).toEqual([]);
    expect(mailsTo(byWhatsApp.email)).toEqual([]);
    // The same words a person who chose SMS gets by SMS.
    expect(smsInboxOf(ctx.app).to(bySms.phone)).toEqual(whatsAppInboxOf(ctx.app).to(byWhatsApp.phone));
    expect(whatsAppInboxOf(ctx.app).to(bySms.phone)).toEqual([]);
    const [row] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from notifications where user_id = ${byWhatsApp.userId}`,
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('tells the owner by WhatsApp when a donor funds their campaign', async () => {
    const r = await recipientWho('whatsapp');
    expect((await approve(r.campaignId)).statusCode).toBe(200);
    await payForCampaign(ctx.app, r.campaignId);
    await settled();
    expect(whatsAppInboxOf(ctx.app).to(r.phone).at(-1)).toMatch(/a donor has funded your Folding White Cane/);
    expect(smsInboxOf(ctx.app).to(r.phone)).toEqual([]);
  });

  it('mails a person who chose WhatsApp when the notice has no text for a phone', async () => {
    const r = await recipientWho('whatsapp');
    await ctx.database.db.transaction(async (t) => {
      await tellUser({ db: t as unknown as Db, jobs: ctx.app.jobs, baseUrl: 'http://localhost' }, r.userId, {
        subject: 'Only by mail',
        message: 'M',
        link: '/recipient/status',
      });
    });
    wakeNotices(ctx.app.jobs);
    await settled();
    expect(mailsTo(r.email).map((m) => m.subject)).toEqual(['Only by mail']);
    expect(whatsAppInboxOf(ctx.app).to(r.phone)).toEqual([]);
  });

  it('queues the message in the transaction of the change: a change that fails queues nothing', async () => {
    const r = await recipientWho('whatsapp');
    const db = ctx.database.db;
    await expect(
      db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tellUser({ db: tx, jobs: ctx.app.jobs, baseUrl: 'http://localhost' }, r.userId, notice('never sent'));
        expect(await queued(tx, JOB.whatsapp, r.phone)).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queued(db, JOB.whatsapp, r.phone)).toBe(0);
  });

  it('queues the SMS that takes over from one WhatsApp job once, however often its last try runs', async () => {
    const phone = nextPhone();
    const job = {
      id: '0b5c1d8e-9a47-4f3e-8c21-6d0f2a9b7e11',
      name: JOB.whatsapp,
      data: { message: { to: phone, text: 'Gift of Independence: once.' } } satisfies WhatsAppJob,
      retryCount: 5,
    };
    const down = {
      description: 'down',
      send: () => Promise.reject(new Error('WhatsApp did not take the message (HTTP 503)')),
    };
    const deps = { db: ctx.database.db, jobs: ctx.app.jobs, whatsapp: down };
    await expect(sendWhatsApp(deps, job, 5)).rejects.toThrow(/HTTP 503/);
    await expect(sendWhatsApp(deps, job, 5)).rejects.toThrow(/HTTP 503/);
    const [row] = await selectRows<{ id: string; n: number }>(
      ctx.database.db,
      sql`select min(id::text) as id, count(*)::int as n from pgboss.job
           where name = ${JOB.sms} and data->'message'->>'to' = ${phone}`,
    );
    expect(Number(row!.n)).toBe(1);
    expect(row!.id).toBe(fallbackSmsId(job.id));
    // A try before the last is left to the queue to retry, and queues nothing.
    const earlier = { ...job, id: '6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', retryCount: 4 };
    await expect(sendWhatsApp(deps, earlier, 5)).rejects.toThrow(/HTTP 503/);
    expect(await queued(ctx.database.db, JOB.sms, phone)).toBe(1);
  });
});

describe('the WhatsApp job against the Cloud API', () => {
  const token = 'EAAtest-job-token';
  const phoneNumberId = '106540352242922';
  let meta: Awaited<ReturnType<typeof startWhatsAppStandIn>>;
  let app: TestContext;
  beforeAll(async () => {
    meta = await startWhatsAppStandIn(token, phoneNumberId);
    app = await startTestApp(
      {},
      { whatsapp: createCloudApiWhatsApp({ token, phoneNumberId, apiBase: meta.apiBase, version: 'v23.0' }) },
    );
  });
  afterAll(async () => {
    await stopTestApp(app);
    await meta?.close();
  });

  it('sends the notice through the template once, and no SMS', { timeout: 60_000 }, async () => {
    const r = await recipientWho('whatsapp', app.database.db);
    await tell(app, r.userId, 'Gift of Independence: taken.');
    wakeNotices(app.app.jobs);
    await settled(app);
    expect(meta.sent.filter((s) => s.to === r.phone.slice(1))).toEqual([
      {
        id: expect.stringMatching(/^wamid\./),
        to: r.phone.slice(1),
        template: 'gift_of_independence_notice',
        language: 'en',
        text: 'Gift of Independence: taken.',
      },
    ]);
    expect(smsInboxOf(app.app).to(r.phone)).toEqual([]);
  });

  it('sends the same text by SMS at once when WhatsApp refuses it', { timeout: 60_000 }, async () => {
    const r = await recipientWho('whatsapp', app.database.db);
    const calls = meta.calls;
    meta.refuseNext(1);
    await tell(app, r.userId, 'Gift of Independence: refused, so by SMS.');
    wakeNotices(app.app.jobs);
    await eventually(
      'the SMS',
      async () => smsInboxOf(app.app).to(r.phone),
      (t) => t.length > 0,
      30_000,
    );
    await settled(app);
    expect(smsInboxOf(app.app).to(r.phone)).toEqual(['Gift of Independence: refused, so by SMS.']);
    // Refused once, not tried again.
    expect(meta.calls - calls).toBe(1);
    expect(meta.sent.filter((s) => s.to === r.phone.slice(1))).toEqual([]);
  });

  it(
    'retries a WhatsApp that is down, then sends the text by SMS once its tries are used up',
    { timeout: 90_000 },
    async () => {
      const r = await recipientWho('whatsapp', app.database.db);
      const calls = meta.calls;
      meta.failNext(6);
      await tell(app, r.userId, 'Gift of Independence: down, so by SMS.');
      wakeNotices(app.app.jobs);
      await eventually(
        'the SMS',
        async () => smsInboxOf(app.app).to(r.phone),
        (t) => t.length > 0,
        60_000,
      );
      await settled(app);
      // The first try and five retries, then the SMS.
      expect(meta.calls - calls).toBe(6);
      expect(smsInboxOf(app.app).to(r.phone)).toEqual(['Gift of Independence: down, so by SMS.']);
      const failed = await app.app.jobs.failed();
      expect(failed.find((j) => j.name === JOB.whatsapp)?.error).toMatch(/HTTP 503/);
    },
  );

  it('a WhatsApp down once is retried and delivers, with no SMS', { timeout: 60_000 }, async () => {
    const r = await recipientWho('whatsapp', app.database.db);
    meta.failNext(1);
    await tell(app, r.userId, 'Gift of Independence: second try.');
    wakeNotices(app.app.jobs);
    await eventually(
      'WhatsApp to take it',
      async () => meta.sent.filter((s) => s.to === r.phone.slice(1)).length,
      (n) => n > 0,
      30_000,
    );
    await settled(app);
    expect(meta.sent.filter((s) => s.to === r.phone.slice(1))).toHaveLength(1);
    expect(smsInboxOf(app.app).to(r.phone)).toEqual([]);
  });
});
