import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHLY_MIN_KOBO } from '@contract/monthly-giving';
import { selectRows, type Db } from '../../../db/client';
import { eraseDonorFromGifts } from '../../privacy/queries';
import { JOB } from '../../../jobs/names';
import { PAYSTACK_LOCAL_FEE } from '@contract/payment-fee';
import { createResponseCache } from '../../../http/response-cache';
import { createPaystackProvider } from '../../../providers/payments/payments';
import { LinkSigner } from '../../../providers/storage/storage';
import {
  eventually,
  jobsDone,
  mailboxOf,
  smsInboxOf,
  startTestApp,
  stopTestApp,
  type TestContext,
} from '../../../test/harness';
import { createOrganizationCampaign, signUpUser } from '../../../test/fixtures';
import { startPaystackStandIn } from '../../../test/stand-ins';
import { createMailbox } from '../../../test/mailbox';
import { reconcilePayments } from '../reconcile-payments';
import { CARD_KEY_PURPOSE } from './activate-month';
import { chargeMonthly, queueDueCharges } from './charge-monthly';
import { addMonths, periodOf, periodWords } from './monthly-calendar';

const SECRET = 'sk_test_monthly';
const SIGNING_SECRET = 'monthly-test-signing-secret-of-enough-length-0123456789';
let paystack: Awaited<ReturnType<typeof startPaystackStandIn>>;
let sandbox: TestContext;
let live: TestContext;
const liveMail = createMailbox();

// The tests run the schedule's look themselves.
const NO_SCHEDULE = { withoutSchedules: [JOB.monthlyCharges, JOB.reconcile] };

beforeAll(async () => {
  paystack = await startPaystackStandIn(SECRET);
  const options = { secretKey: SECRET, publicKey: 'pk_test_monthly', apiBase: paystack.apiBase };
  sandbox = await startTestApp({}, {}, NO_SCHEDULE);
  live = await startTestApp(
    { paystack: options, signingSecret: SIGNING_SECRET },
    { payments: createPaystackProvider(options), mailer: liveMail },
    NO_SCHEDULE,
  );
});
afterAll(async () => {
  await stopTestApp(sandbox);
  await stopTestApp(live);
  await paystack?.close();
});

let ip = 0;
const address = () => `10.77.${(ip += 1) >> 8}.${ip & 255}`;
const call = (
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token?: string,
) =>
  ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: address(),
  });

let donors = 0;
const newDonor = () => ({ donorEmail: `monthly.${(donors += 1)}@example.org`, donorFullName: 'Ngozi Monthly' });

async function start(ctx: TestContext, body: object, token?: string) {
  const res = await call(ctx, 'POST', '/api/giving/monthly', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { reference: string; amountKobo: number; feeKobo: number; channels: string[] };
}

const giftOf = async (ctx: TestContext, reference: string) => {
  const [row] = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select monthly_gift_id as id from donations where reference = ${reference}`,
  );
  return Number(row!.id);
};

const giftRow = async (ctx: TestContext, id: number) =>
  (
    await selectRows<{
      status: string;
      next_period: string | null;
      next_charge_at: Date | null;
      paused_until: Date | null;
      failed_attempts: number;
      authorization_sealed: string | null;
      card_label: string | null;
      amount_kobo: string;
    }>(ctx.database.db, sql`select * from monthly_gifts where id = ${id}`)
  )[0]!;

const paidMonths = (ctx: TestContext, id: number) =>
  selectRows<{ period: string; reference: string; total: string; fund: string }>(
    ctx.database.db,
    sql`select monthly_period as period, reference, total_kobo as total, fund_kobo as fund from donations
         where monthly_gift_id = ${id} and status = 'paid' order by monthly_period`,
  );

const receiptJobs = (ctx: TestContext, reference: string) =>
  selectRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job j join donations d on d.id = (j.data->>'donationId')::int
         where j.name = ${JOB.receiptMail} and d.reference = ${reference}`,
  ).then((r) => Number(r[0]!.n));

/** A sandbox monthly gift whose first payment is made and recorded, as the browser does it. */
async function sandboxGift(body: object = {}) {
  const donor = newDonor();
  const started = await start(sandbox, { ...donor, amountKobo: 250_000, target: 'fund', ...body });
  expect(
    (await call(sandbox, 'POST', '/api/payments/sandbox/charge', { reference: started.reference })).statusCode,
  ).toBe(200);
  const funded = await call(sandbox, 'POST', '/api/donations/fund', { transactionId: started.reference });
  expect(funded.statusCode, funded.body).toBe(200);
  expect(funded.json().status).toBe('paid');
  return { ...started, donor, id: await giftOf(sandbox, started.reference) };
}

/** The sandbox's charge-now, asked by the gift's own donor with their signed link. */
async function chargeNow(gift: { id: number; donor: { donorEmail: string } }) {
  const query = await manageQuery(sandbox, gift.donor.donorEmail);
  return call(sandbox, 'POST', `/api/payments/sandbox/monthly/${gift.id}/charge${query}`);
}

/** The guest's signed link to their gifts, from the mail that says the gift started. */
async function manageQuery(
  ctx: TestContext,
  email: string,
  mailbox = mailboxOf(ctx.app) as unknown as { messages: Array<{ to: string; subject: string; text: string }> },
) {
  const mail = await eventually(
    `the monthly gift's start mail to ${email}`,
    async () => mailbox.messages.find((m) => m.to === email && m.subject === 'Your monthly gift has started'),
    (m) => m !== undefined,
  );
  const link = /https?:\/\/\S+\/giving\/monthly\?\S+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  return new URL(link!).search;
}

const mailsTo = (ctx: TestContext, email: string, mailbox?: { messages: Array<{ to: string; subject: string }> }) =>
  (mailbox ?? (mailboxOf(ctx.app) as unknown as { messages: Array<{ to: string; subject: string }> })).messages
    .filter((m) => m.to === email)
    .map((m) => m.subject);

describe('starting a monthly gift', () => {
  it('refuses amounts below ₦1,000, targets that are not the fund or an organization campaign, and a stranger campaign', async () => {
    const low = await call(sandbox, 'POST', '/api/giving/monthly', {
      ...newDonor(),
      amountKobo: MONTHLY_MIN_KOBO - 1,
      target: 'fund',
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toContain('₦1,000');
    const recipient = await call(sandbox, 'POST', '/api/giving/monthly', {
      ...newDonor(),
      amountKobo: MONTHLY_MIN_KOBO,
      target: '12',
    });
    expect(recipient.statusCode).toBe(400);
    expect(recipient.json().message).toContain('Independence Fund or to one organization campaign');
    const missing = await call(sandbox, 'POST', '/api/giving/monthly', {
      ...newDonor(),
      amountKobo: MONTHLY_MIN_KOBO,
      target: 'org-999999',
    });
    expect(missing.statusCode).toBe(409);
  });

  it('is a card-only checkout for the fund whose recorded payment makes the gift active, once', async () => {
    const gift = await sandboxGift({ coverFee: true });
    expect(gift.channels).toEqual(['card']);
    expect(gift.amountKobo).toBe(250_000 + gift.feeKobo);
    expect(gift.feeKobo).toBeGreaterThan(0);
    const row = await giftRow(sandbox, gift.id);
    expect(row.status).toBe('active');
    expect(row.card_label).toBe('Visa ending 4081');
    expect(row.authorization_sealed).not.toContain('AUTH_');
    expect(row.next_period).toBe(addMonths(periodOf(new Date()), 1));
    expect(new Date(row.next_charge_at!).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    const months = await paidMonths(sandbox, gift.id);
    expect(months.map((m) => [m.period, Number(m.fund)])).toEqual([[periodOf(new Date()), 250_000]]);
    // Recording it again changes nothing.
    await call(sandbox, 'POST', '/api/donations/fund', { transactionId: gift.reference });
    expect(await paidMonths(sandbox, gift.id)).toHaveLength(1);
    expect(await receiptJobs(sandbox, gift.reference)).toBe(1);
  });

  it('lists a signed-in donor’s gift at /api/donor/monthly', async () => {
    const donor = await signUpUser(sandbox.app, undefined, { role: 'donor' });
    const started = await start(
      sandbox,
      { donorEmail: donor.email, donorFullName: 'Signed Donor', amountKobo: 100_000, target: 'fund' },
      donor.token,
    );
    await call(sandbox, 'POST', '/api/payments/sandbox/charge', { reference: started.reference });
    await call(sandbox, 'POST', '/api/donations/fund', { transactionId: started.reference });
    const list = await call(sandbox, 'GET', '/api/donor/monthly', undefined, donor.token);
    expect(list.statusCode).toBe(200);
    const [gift] = list.json() as Array<Record<string, unknown>>;
    expect(gift).toMatchObject({
      amountKobo: 100_000,
      target: 'fund',
      status: 'active',
      targetName: 'The Independence Fund',
    });
    expect(typeof gift!.nextChargeAt).toBe('string');
    // Another donor sees none of it and cannot change it.
    const other = await signUpUser(sandbox.app, undefined, { role: 'donor' });
    expect((await call(sandbox, 'GET', '/api/donor/monthly', undefined, other.token)).json()).toEqual([]);
    expect(
      (await call(sandbox, 'PATCH', `/api/donor/monthly/${String(gift!.id)}`, { paused: true }, other.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(sandbox, 'DELETE', `/api/donor/monthly/${String(gift!.id)}`, undefined, other.token)).statusCode,
    ).toBe(404);
  });

  it('a card that cannot be charged again makes a one-off gift, and the donor is told', async () => {
    const donor = newDonor();
    const started = await start(live, { ...donor, amountKobo: 150_000, target: 'fund' });
    paystack.set(started.reference, { status: 'success', amount: started.amountKobo, channel: 'bank' });
    expect((await call(live, 'POST', '/api/donations/fund', { transactionId: started.reference })).json().status).toBe(
      'paid',
    );
    const id = await giftOf(live, started.reference);
    expect((await giftRow(live, id)).status).toBe('cancelled');
    await eventually(
      'the one-off mail',
      async () => mailsTo(live, donor.donorEmail, liveMail),
      (s) => s.includes('Your gift was received, but it cannot repeat each month'),
    );
  });
});

describe('renewals', () => {
  it('the sandbox charges three renewals now, each its own month with its own receipt', async () => {
    const gift = await sandboxGift();
    const first = periodOf(new Date());
    for (let n = 1; n <= 3; n += 1) {
      const res = await chargeNow(gift);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('paid');
      // Each try's reference names the gift and the month, and carries a part no one can guess.
      expect(res.json().reference).toMatch(new RegExp(`^monthly-${gift.id}-${addMonths(first, n)}-1-[0-9a-f]{10}$`));
    }
    const months = await paidMonths(sandbox, gift.id);
    expect(months.map((m) => m.period)).toEqual([0, 1, 2, 3].map((n) => addMonths(first, n)));
    for (const m of months) expect(await receiptJobs(sandbox, m.reference)).toBe(1);
    expect((await giftRow(sandbox, gift.id)).next_period).toBe(addMonths(first, 4));
    // Each month's receipt says which month it is, with the guest's signed link to manage the gift.
    const third = months[3]!;
    const mailbox = mailboxOf(sandbox.app) as unknown as {
      messages: Array<{ to: string; subject: string; text: string }>;
    };
    const receipt = await eventually(
      'the third renewal’s receipt',
      async () => mailbox.messages.find((m) => m.to === gift.donor.donorEmail && m.subject.includes(third.reference)),
      (m) => m !== undefined,
    );
    expect(receipt!.text).toContain(`This is your monthly gift for ${periodWords(third.period)}.`);
    expect(receipt!.text).toMatch(/\/giving\/monthly\?\S*sig=/);
  });

  it('answers 404 for the sandbox call when a real provider is configured, and only to the gift’s donor', async () => {
    expect((await call(live, 'POST', '/api/payments/sandbox/monthly/1/charge')).statusCode).toBe(404);
    const gift = await sandboxGift();
    expect((await call(sandbox, 'POST', `/api/payments/sandbox/monthly/${gift.id}/charge`)).statusCode).toBe(403);
    const other = await sandboxGift();
    const otherQuery = await manageQuery(sandbox, other.donor.donorEmail);
    expect(
      (await call(sandbox, 'POST', `/api/payments/sandbox/monthly/${gift.id}/charge${otherQuery}`)).statusCode,
    ).toBe(404);
  });

  it('a renewal met by the charge, the webhook and the sweep is recorded once', async () => {
    const donor = newDonor();
    const started = await start(live, { ...donor, amountKobo: 200_000, target: 'fund' });
    paystack.set(started.reference, { status: 'success', amount: started.amountKobo });
    await call(live, 'POST', '/api/donations/fund', { transactionId: started.reference });
    const id = await giftOf(live, started.reference);
    await live.database.db.execute(
      sql`update monthly_gifts set next_charge_at = now() - interval '1 minute' where id = ${id}`,
    );
    const deps = {
      db: live.database.db,
      payments: createPaystackProvider({ secretKey: SECRET, publicKey: null, apiBase: paystack.apiBase }),
      jobs: live.app.jobs,
      publicCache: createResponseCache({ ttlMs: 0 }),
      baseUrl: 'http://127.0.0.1',
      payLaterHoldMinutes: 60,
      cardKey: new LinkSigner(SIGNING_SECRET).deriveKey(CARD_KEY_PURPOSE),
      paymentFee: PAYSTACK_LOCAL_FEE,
    };
    const period = addMonths(periodOf(new Date()), 1);
    const charges = () => paystack.calls.filter((c) => c.includes('charge_authorization')).length;
    // The job's process dies after the provider took the charge and before it heard back.
    const crashing = {
      ...deps.payments,
      chargeAuthorization: async (charge: Parameters<typeof deps.payments.chargeAuthorization>[0]) => {
        await deps.payments.chargeAuthorization(charge);
        throw new Error('connection reset');
      },
      // Before the charge the provider does not know the try; after it, the answer is lost.
      verify: async () => null,
    };
    await expect(chargeMonthly({ ...deps, payments: crashing }, id)).rejects.toThrow('connection reset');
    expect(charges()).toBe(1);
    const [open] = await selectRows<{ reference: string; status: string }>(
      live.database.db,
      sql`select reference, status from donations where monthly_gift_id = ${id} and monthly_period = ${period}`,
    );
    expect(open!.status).toBe('pending');
    const reference = open!.reference;
    // The job again, the webhook and the sweep all meet that one try.
    await live.database.db.execute(
      sql`update monthly_gifts set next_charge_at = now() - interval '1 minute' where id = ${id}`,
    );
    await live.database.db.execute(
      sql`update donations set created_at = now() - interval '5 minutes' where reference = ${reference}`,
    );
    const event = { event: 'charge.success', data: { reference, status: 'success', amount: 200_000, currency: 'NGN' } };
    const [again] = await Promise.all([
      chargeMonthly(deps, id),
      paystack.deliver(live.app, event),
      reconcilePayments(deps),
    ]);
    expect(['paid', 'pending']).toContain(again.status);
    await jobsDone(live.database, JOB.providerEvent);
    const months = await paidMonths(live, id);
    expect(months.map((m) => m.period)).toEqual([periodOf(new Date()), period]);
    expect(months[1]!.reference).toBe(reference);
    expect(charges()).toBe(1);
    expect(await receiptJobs(live, reference)).toBe(1);
    expect((await giftRow(live, id)).next_period).toBe(addMonths(period, 1));
  });
});

describe("Paystack's subscription and invoice events", () => {
  it('are kept and answered 200, and change no monthly gift, since no Paystack subscription is ever made', async () => {
    const donor = newDonor();
    const started = await start(live, { ...donor, amountKobo: 120_000, target: 'fund' });
    paystack.set(started.reference, { status: 'success', amount: started.amountKobo });
    await call(live, 'POST', '/api/donations/fund', { transactionId: started.reference });
    const id = await giftOf(live, started.reference);
    const before = await giftRow(live, id);
    for (const event of [
      'subscription.create',
      'invoice.create',
      'invoice.update',
      'invoice.payment_failed',
      'subscription.not_renew',
      'subscription.disable',
    ]) {
      const res = await paystack.deliver(live.app, {
        event,
        data: {
          subscription_code: 'SUB_vsyqdmlzble3uii',
          email_token: 'd7gofp6yppn3qz7',
          customer: { email: donor.donorEmail },
          amount: 120_000,
        },
      });
      expect(res.statusCode, event).toBe(200);
    }
    await jobsDone(live.database, JOB.providerEvent);
    const kept = await selectRows<{ event: string }>(
      live.database.db,
      sql`select event from provider_events where event like 'subscription.%' or event like 'invoice.%'`,
    );
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(await giftRow(live, id)).toEqual(before);
    expect(await paidMonths(live, id)).toHaveLength(1);
  });
});

describe('a declined card', () => {
  it('is tried again after 1, 3 and 7 days, the donor told each time, then the gift is paused; another card starts it again', async () => {
    const donor = newDonor();
    const started = await start(live, { ...donor, amountKobo: 300_000, target: 'fund' });
    paystack.set(started.reference, { status: 'success', amount: started.amountKobo });
    await call(live, 'POST', '/api/donations/fund', { transactionId: started.reference });
    const id = await giftOf(live, started.reference);
    const query = await manageQuery(live, donor.donorEmail, liveMail);
    paystack.declineCard(started.reference);
    const firstTry = Date.now();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await live.database.db.execute(
        sql`update monthly_gifts set next_charge_at = now() - interval '1 minute' where id = ${id}`,
      );
      expect(await queueDueCharges({ db: live.database.db, jobs: live.app.jobs })).toBeGreaterThanOrEqual(1);
      await jobsDone(live.database, JOB.monthlyCharge);
      const row = await giftRow(live, id);
      if (attempt < 4) {
        expect(row.status).toBe('failing');
        expect(row.failed_attempts).toBe(attempt);
        waits.push(Math.round((new Date(row.next_charge_at!).getTime() - firstTry) / 86_400_000));
      } else {
        expect(row.status).toBe('paused');
        expect(row.next_charge_at).toBeNull();
      }
    }
    // 1, 2 and 4 days after each try: the 1st, 3rd and 7th day, counted from each try's own moment.
    expect(waits).toEqual([1, 2, 4]);
    const subjects = await eventually(
      'four mails about the declined card',
      async () => mailsTo(live, donor.donorEmail, liveMail),
      (s) => s.includes('Your monthly gift is paused: the card was declined'),
    );
    expect(subjects.filter((s) => s === 'Your monthly gift could not be charged')).toHaveLength(3);
    const declined = await selectRows<{ n: number }>(
      live.database.db,
      sql`select count(*)::int as n from donations where monthly_gift_id = ${id} and status = 'failed'`,
    );
    expect(Number(declined[0]!.n)).toBe(4);
    // The guest's list by the signed link says paused; another card pays the month and starts it again.
    const listed = await call(live, 'GET', `/api/giving/monthly/manage${query}`);
    expect(listed.json()[0]).toMatchObject({ id, status: 'paused', pausedUntil: null });
    // Starting it again tries the saved card anew, under a try of its own.
    const tried = paystack.calls.filter((c) => c.includes('charge_authorization')).length;
    const again = await call(live, 'PATCH', `/api/giving/monthly/manage/${id}${query}`, { paused: false });
    expect(again.json()).toMatchObject({ status: 'active' });
    await queueDueCharges({ db: live.database.db, jobs: live.app.jobs });
    await jobsDone(live.database, JOB.monthlyCharge);
    expect(paystack.calls.filter((c) => c.includes('charge_authorization'))).toHaveLength(tried + 1);
    expect((await giftRow(live, id)).status).toBe('failing');
    const card = await call(live, 'POST', `/api/giving/monthly/${id}/card${query}`);
    expect(card.statusCode, card.body).toBe(200);
    const newCard = card.json() as { reference: string; amountKobo: number; channels: string[] };
    expect(newCard.channels).toEqual(['card']);
    paystack.set(newCard.reference, { status: 'success', amount: newCard.amountKobo });
    expect((await call(live, 'POST', '/api/donations/fund', { transactionId: newCard.reference })).json().status).toBe(
      'paid',
    );
    const row = await giftRow(live, id);
    expect(row.status).toBe('active');
    expect(row.next_period).toBe(addMonths(periodOf(new Date()), 2));
    // The new card is the one charged from now on.
    await live.database.db.execute(
      sql`update monthly_gifts set next_charge_at = now() - interval '1 minute' where id = ${id}`,
    );
    await queueDueCharges({ db: live.database.db, jobs: live.app.jobs });
    await jobsDone(live.database, JOB.monthlyCharge);
    expect((await paidMonths(live, id)).map((m) => m.period)).toEqual(
      [0, 1, 2].map((n) => addMonths(periodOf(new Date()), n)),
    );
  });
});

describe('a declined card of a signed-in donor with a number', () => {
  it('is told by text as well as by mail', async () => {
    const donor = await signUpUser(live.app, liveMail, { role: 'donor' });
    await live.database.db.execute(sql`update users set phone_number = '+2348035550101' where id = ${donor.user.id}`);
    const started = await start(
      live,
      { donorEmail: donor.email, donorFullName: 'Ife Text', amountKobo: 100_000, target: 'fund' },
      donor.token,
    );
    paystack.set(started.reference, { status: 'success', amount: started.amountKobo });
    await call(live, 'POST', '/api/donations/fund', { transactionId: started.reference });
    const id = await giftOf(live, started.reference);
    paystack.declineCard(started.reference);
    await live.database.db.execute(
      sql`update monthly_gifts set next_charge_at = now() - interval '1 minute' where id = ${id}`,
    );
    await queueDueCharges({ db: live.database.db, jobs: live.app.jobs });
    await jobsDone(live.database, JOB.monthlyCharge);
    const text = await eventually(
      'the decline text',
      async () => smsInboxOf(live.app).messages.find((m) => m.to === '+2348035550101'),
      (m) => m !== undefined,
    );
    expect(text!.text).toMatch(
      /^Gift of Independence: your card was declined for your monthly gift of N1,000\. We will try again on /,
    );
  });
});

describe('managing a monthly gift', () => {
  it('a guest changes the amount, pauses, resumes and cancels by the signed link, each confirmed by mail', async () => {
    const gift = await sandboxGift();
    const query = await manageQuery(sandbox, gift.donor.donorEmail);
    const url = `/api/giving/monthly/manage/${gift.id}${query}`;

    const changed = await call(sandbox, 'PATCH', url, { amountKobo: 500_000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ amountKobo: 500_000, status: 'active' });

    const paused = await call(sandbox, 'PATCH', url, { paused: true, months: 2 });
    expect(paused.json().status).toBe('paused');
    const pausedUntil = new Date(paused.json().pausedUntil as string).getTime();
    expect(pausedUntil).toBeGreaterThan(Date.now() + 55 * 86_400_000);
    expect(new Date(paused.json().nextChargeAt as string).getTime()).toBeGreaterThanOrEqual(pausedUntil);
    // Paused: the sandbox's charge-now has nothing to charge.
    expect((await chargeNow(gift)).statusCode).toBe(409);
    expect((await call(sandbox, 'PATCH', url, { paused: true, months: 4 })).statusCode).toBe(400);

    const resumed = await call(sandbox, 'PATCH', url, { paused: false });
    expect(resumed.json()).toMatchObject({ status: 'active', pausedUntil: null });
    const renewal = await chargeNow(gift);
    expect(renewal.statusCode).toBe(200);
    const months = await paidMonths(sandbox, gift.id);
    expect(Number(months.at(-1)!.fund)).toBe(500_000);

    const cancelled = await call(sandbox, 'DELETE', url);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    expect((await giftRow(sandbox, gift.id)).authorization_sealed).toBeNull();
    expect((await call(sandbox, 'PATCH', url, { paused: false })).statusCode).toBe(409);
    expect((await chargeNow(gift)).statusCode).toBe(409);
    const subjects = await eventually(
      'the four confirmations',
      async () => mailsTo(sandbox, gift.donor.donorEmail),
      (s) => s.includes('Your monthly gift is cancelled'),
    );
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your monthly gift has changed',
        'Your monthly gift is paused',
        'Your monthly gift has started again',
        'Your monthly gift is cancelled',
      ]),
    );
  });

  it('refuses an altered link, and a link for another address sees none of the gift', async () => {
    const gift = await sandboxGift();
    const query = await manageQuery(sandbox, gift.donor.donorEmail);
    const altered = query.replace(/email=[^&]+/, `email=${encodeURIComponent('someone.else@example.org')}`);
    expect((await call(sandbox, 'GET', `/api/giving/monthly/manage${altered}`)).statusCode).toBe(403);
    expect((await call(sandbox, 'GET', '/api/giving/monthly/manage')).statusCode).toBe(403);
    const other = await sandboxGift();
    const otherQuery = await manageQuery(sandbox, other.donor.donorEmail);
    expect(
      (await call(sandbox, 'PATCH', `/api/giving/monthly/manage/${gift.id}${otherQuery}`, { paused: true })).statusCode,
    ).toBe(404);
    expect(
      (await call(sandbox, 'GET', `/api/giving/monthly/manage${otherQuery}`)).json().map((g: { id: number }) => g.id),
    ).toEqual([other.id]);
  });
});

describe('a monthly gift to an organization campaign', () => {
  it('holds the money in the fund for the campaign, and ends when the campaign no longer takes gifts', async () => {
    const campaign = await createOrganizationCampaign(sandbox.database.db, 4);
    const gift = await sandboxGift({ target: `org-${campaign}`, amountKobo: 100_000 });
    const [donation] = await selectRows<{ fund: string; earmark: number }>(
      sandbox.database.db,
      sql`select fund_kobo as fund, fund_campaign_id as earmark from donations where reference = ${gift.reference}`,
    );
    expect([Number(donation!.fund), Number(donation!.earmark)]).toEqual([100_000, campaign]);
    await sandbox.database.db.execute(sql`update organization_campaigns set status = 'closed' where id = ${campaign}`);
    expect((await chargeNow(gift)).statusCode).toBe(409);
    expect((await giftRow(sandbox, gift.id)).status).toBe('cancelled');
    await eventually(
      'the campaign-ended mail',
      async () => mailsTo(sandbox, gift.donor.donorEmail),
      (s) => s.includes('Your monthly gift has ended: the campaign is complete'),
    );
  });
});

describe('erasing a donor', () => {
  it('ends their monthly gift and forgets the card, so no later month writes their name back', async () => {
    const gift = await sandboxGift();
    await sandbox.database.db.transaction((tx) =>
      eraseDonorFromGifts(tx as unknown as Db, {
        which: sql`d.donor_email = ${gift.donor.donorEmail}`,
        email: gift.donor.donorEmail,
        marker: 'monthly-test',
      }),
    );
    const row = await giftRow(sandbox, gift.id);
    expect(row.status).toBe('cancelled');
    expect(row.authorization_sealed).toBeNull();
    const [names] = await selectRows<{ email: string; name: string }>(
      sandbox.database.db,
      sql`select donor_email as email, donor_full_name as name from monthly_gifts where id = ${gift.id}`,
    );
    expect(names!.email).not.toContain(gift.donor.donorEmail);
    expect(names!.name).not.toBe(gift.donor.donorFullName);
  });
});
