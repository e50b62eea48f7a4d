import { createHmac } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { createSmtpMailer } from '../../providers/mail/mail';
import { createPaystackProvider } from '../../providers/payments/payments';
import { eventually, jobsDone, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp';
import { startPaystackStandIn } from '../../test/stand-ins';
import { createOrganizationCampaign } from '../../test/fixtures';

const SECRET = 'sk_test_durable';
const contexts: TestContext[] = [];
const closers: Array<() => Promise<void>> = [];
// Each test's app and stand-ins stop with it: idle apps keep polling their queues and hold memory.
afterEach(async () => {
  for (const c of contexts.splice(0)) await stopTestApp(c);
  for (const close of closers.splice(0)) await close();
});
// Each test starts its own app, with its database, inside the test: room for that on a busy machine.
const OWN_APP = { timeout: 60_000 };

/** Waits until no mail job is waiting, so a count taken then is final. */
async function mailSettled(ctx: TestContext) {
  await jobsDone(ctx.database, JOB.receiptMail, 30_000);
  await jobsDone(ctx.database, JOB.mail, 30_000);
}

/** Whether the receipt's sending has failed at least once (it then waits to retry, or is retrying). */
const receiptFailed = (ctx: TestContext) =>
  selectRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job where name = ${JOB.receiptMail} and (state = 'retry' or retry_count > 0)`,
  ).then((r) => Number(r[0]!.n) > 0);

let ip = 0;
const post = (ctx: TestContext, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.77.${(ip += 1) >> 8}.${ip & 255}` });

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function openCampaign(ctx: TestContext): Promise<string> {
  return `org-${await createOrganizationCampaign(ctx.database.db, 50)}`;
}

async function checkout(ctx: TestContext, email: string) {
  const res = await post(ctx, '/api/donations/checkout', {
    donorEmail: email,
    donorFullName: 'Bisi Durable',
    cartItems: [{ campaignId: await openCampaign(ctx), units: 2 }],
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { reference: string; amountKobo: number };
}

const donationStatus = (ctx: TestContext, reference: string) =>
  selectRows<{ status: string }>(
    ctx.database.db,
    sql`select status from donations where reference = ${reference}`,
  ).then((r) => r[0]?.status);

async function notices(ctx: TestContext, reference: string) {
  const [row] = await selectRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from notifications where message like ${`%${reference}%`}`,
  );
  return Number(row!.n);
}

describe('a receipt survives a mail server outage', OWN_APP, () => {
  it('records the gift with SMTP down, then sends the receipt once when SMTP is back', async () => {
    const port = await freePort();
    const ctx = await startTestApp(
      {},
      { mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@example.org') },
    );
    contexts.push(ctx);
    const email = 'outage.donor@example.org';
    const c = await checkout(ctx, email);
    expect((await post(ctx, '/api/payments/sandbox/charge', { reference: c.reference })).statusCode).toBe(200);
    const fund = await post(ctx, '/api/donations/fund', { transactionId: c.reference });
    expect(fund.statusCode).toBe(200);
    expect(fund.json().status).toBe('paid');
    expect(await notices(ctx, c.reference)).toBeGreaterThan(0);

    // The queue has tried, and failed, while nothing listened on the port.
    await eventually('the receipt to fail while the mail server is down', () => receiptFailed(ctx), Boolean, 30_000);
    const smtp = await startSmtpCatcher(port);
    closers.push(smtp.close);
    const receipt = await smtp.waitFor(email, (m) => m.text.includes(c.reference), { timeoutMs: 30_000 });
    expect(receipt.subject).toContain('receipt');
    await mailSettled(ctx);
    expect(smtp.to(email).filter((m) => m.text.includes(c.reference))).toHaveLength(1);
  });
});

describe('Paystack payments nobody reports in time', OWN_APP, () => {
  async function paystackApp(extra: { jobs?: JobQueue } = {}) {
    const paystack = await startPaystackStandIn(SECRET);
    closers.push(paystack.close);
    const smtp = await startSmtpCatcher();
    closers.push(smtp.close);
    const ctx = await startTestApp(
      { paystack: { secretKey: SECRET, publicKey: 'pk_test_loopback', apiBase: paystack.apiBase } },
      {
        payments: createPaystackProvider({
          secretKey: SECRET,
          publicKey: 'pk_test_loopback',
          apiBase: paystack.apiBase,
        }),
        mailer: createSmtpMailer(smtp.url, 'no-reply@example.org'),
        ...extra,
      },
    );
    contexts.push(ctx);
    return { ctx, paystack, smtp };
  }
  const signed = (body: string) => ({
    'content-type': 'application/json',
    'x-paystack-signature': createHmac('sha512', SECRET).update(body).digest('hex'),
  });

  it('records a webhook payment by retrying while the verify call fails, once', async () => {
    const { ctx, paystack, smtp } = await paystackApp();
    const email = 'webhook.donor@example.org';
    const c = await checkout(ctx, email);
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo });
    paystack.failNext(2);
    // The donor closed the tab: no fund call. Only the signed webhook arrives.
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: c.reference, amount: c.amountKobo, currency: 'NGN' },
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: body,
      headers: signed(body),
    });
    expect(hook.statusCode).toBe(200);
    await eventually(
      'the gift to be recorded once the provider answers',
      () => donationStatus(ctx, c.reference),
      (s) => s === 'paid',
    );
    const verifies = paystack.calls.filter((call) => call.includes(c.reference));
    expect(verifies.length).toBeGreaterThanOrEqual(3);
    // A second delivery of the same event records nothing new.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/paystack/webhook',
          payload: body,
          headers: signed(body),
        })
      ).statusCode,
    ).toBe(200);
    await smtp.waitFor(email, (m) => m.text.includes(c.reference));
    await jobsDone(ctx.database, JOB.providerEvent, 30_000);
    await mailSettled(ctx);
    expect(smtp.to(email).filter((m) => m.text.includes(c.reference))).toHaveLength(1);
    const [items] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donation_items i join donations d on d.id = i.donation_id where d.reference = ${c.reference} and i.status = 'allocated'`,
    );
    expect(items!.n).toBe(1);
  });

  it('answers 5xx when the event cannot be stored, so Paystack sends it again', async () => {
    const failing = {
      enqueue: async () => {
        throw new Error('database unavailable');
      },
    };
    const { ctx, paystack } = await paystackApp();
    const c = await checkout(ctx, 'unstored.donor@example.org');
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo });
    // Break only the queue's insert of this app, for one request.
    const queue = ctx.app.jobs;
    const real = queue.enqueue;
    queue.enqueue = failing.enqueue as unknown as JobQueue['enqueue'];
    try {
      const body = JSON.stringify({ event: 'charge.success', data: { reference: c.reference } });
      const hook = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        payload: body,
        headers: signed(body),
      });
      expect(hook.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      queue.enqueue = real;
    }
  });

  it('the sweep records a payment that nobody reported', async () => {
    const { ctx, paystack, smtp } = await paystackApp();
    const email = 'silent.donor@example.org';
    const c = await checkout(ctx, email);
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo });
    // No browser call and no webhook. The sweep asks about checkouts older than a minute.
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '2 minutes' where reference = ${c.reference}`,
    );
    await ctx.app.jobs.enqueue(ctx.database.db, JOB.reconcile, {});
    ctx.app.jobs.wake(JOB.reconcile);
    await eventually(
      'the gift to be recorded',
      () => donationStatus(ctx, c.reference),
      (s) => s === 'paid',
    );
    await smtp.waitFor(email, (m) => m.text.includes(c.reference));
    expect(await notices(ctx, c.reference)).toBeGreaterThan(0);
  });

  it('the sweep closes lapsed holds and ones the provider calls abandoned once their hold ended, never a hold still running', async () => {
    const { ctx, paystack } = await paystackApp();
    const lapsed = await checkout(ctx, 'lapsed.donor@example.org');
    const abandoned = await checkout(ctx, 'abandoned.donor@example.org');
    const stillPaying = await checkout(ctx, 'still.paying@example.org');
    paystack.set(abandoned.reference, { status: 'abandoned', amount: abandoned.amountKobo });
    // Paystack says abandoned while the popup is open: the donor may still pay within the hold.
    paystack.set(stillPaying.reference, { status: 'abandoned', amount: stillPaying.amountKobo });
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '3 hours', hold_expires_at = now() - interval '2 hours' where reference = ${lapsed.reference}`,
    );
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '20 minutes', hold_expires_at = now() - interval '5 minutes' where reference = ${abandoned.reference}`,
    );
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '2 minutes' where reference = ${stillPaying.reference}`,
    );
    await ctx.app.jobs.enqueue(ctx.database.db, JOB.reconcile, {});
    ctx.app.jobs.wake(JOB.reconcile);
    const statuses = () => Promise.all([lapsed, abandoned, stillPaying].map((c) => donationStatus(ctx, c.reference)));
    expect(
      await eventually('both failed charges to be closed', statuses, (s) => s[0] === 'failed' && s[1] === 'failed'),
    ).toEqual(['failed', 'failed', 'pending']);
    // Asked about, and left on hold.
    expect(paystack.calls.some((call) => call.includes(stillPaying.reference))).toBe(true);
    const [held] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donation_items i join donations d on d.id = i.donation_id
           where d.reference in (${lapsed.reference}, ${abandoned.reference}) and i.status = 'held'`,
    );
    expect(held!.n).toBe(0);
  });

  it('the sweep records a payment made after its checkout was released', async () => {
    const { ctx, paystack, smtp } = await paystackApp();
    const email = 'released.then.paid@example.org';
    const c = await checkout(ctx, email);
    // The donor closed the window (released), then paid in a popup left open; neither the browser
    // nor a webhook reports it.
    expect((await post(ctx, '/api/donations/release', { reference: c.reference })).json().status).toBe('released');
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo });
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '2 minutes' where reference = ${c.reference}`,
    );
    await ctx.app.jobs.enqueue(ctx.database.db, JOB.reconcile, {});
    ctx.app.jobs.wake(JOB.reconcile);
    await eventually(
      'the gift to be recorded',
      () => donationStatus(ctx, c.reference),
      (s) => s === 'paid',
    );
    await smtp.waitFor(email, (m) => m.text.includes(c.reference));
  });

  it('sets a payment of the wrong amount aside for the admins, once', async () => {
    const { ctx, paystack } = await paystackApp();
    const c = await checkout(ctx, 'wrong.amount@example.org');
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo - 100 });
    const body = JSON.stringify({ event: 'charge.success', data: { reference: c.reference } });
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/payments/paystack/webhook',
            payload: body,
            headers: signed(body),
          })
        ).statusCode,
      ).toBe(200);
    }
    await eventually(
      'the gift to need attention',
      () => donationStatus(ctx, c.reference),
      (s) => s === 'needs_attention',
    );
    // Both deliveries have been acted on, so the count is final.
    await jobsDone(ctx.database, JOB.providerEvent, 30_000);
    const [n] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from notifications where message like ${`Needs attention: payment ${c.reference}. %`}`,
    );
    const [admins] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name not in ('recipient', 'donor', 'organization', 'caseworker')`,
    );
    expect(n!.n).toBe(admins!.n);
  });

  it('never releases a hold when the provider cannot say whether it was paid', async () => {
    const { ctx, paystack } = await paystackApp();
    const c = await checkout(ctx, 'unsure.provider@example.org');
    paystack.failNext(1);
    expect((await post(ctx, '/api/donations/release', { reference: c.reference })).json().status).toBe('unchanged');
    expect(await donationStatus(ctx, c.reference)).toBe('pending');
  });
});
