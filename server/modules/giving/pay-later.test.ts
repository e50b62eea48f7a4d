import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BEING_CHECKED_WORDS } from '@contract/gift-words';
import { AWAITING_AFTER_HOLD, AWAITING_CONFIRMATION } from '@contract/payment-channels';
import { loadConfig } from '../../config';
import { selectRows } from '../../db/client';
import { createResponseCache } from '../../http/response-cache';
import { JOB } from '../../jobs/names';
import { createPaystackProvider, createSandboxProvider } from '../../providers/payments/payments';
import { sandboxWebhookSecret } from '../../providers/payments/sandbox-webhook';
import { eventually, startTestApp, stopTestApp, testConfig, type TestContext } from '../../test/harness';
import { createOrganizationCampaign, signUpUser } from '../../test/fixtures';
import { startPaystackStandIn } from '../../test/stand-ins';
import { markAwaiting } from './await-confirmation';
import { MISMATCH_MESSAGE } from './queries';
import { reconcilePayments } from './reconcile-payments';

const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests';
const contexts: TestContext[] = [];
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of contexts) await stopTestApp(c);
  for (const close of closers) await close();
});

let ip = 0;
const address = () => `10.88.${(ip += 1) >> 8}.${ip & 255}`;
const post = (ctx: TestContext, url: string, payload: object | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: address() });

async function sandboxApp(overrides: Parameters<typeof testConfig>[0] = {}) {
  // These tests run the sweep themselves and read what it did.
  const ctx = await startTestApp(
    { sandbox: { confirmSeconds: 120, webhookSecret: WEBHOOK_SECRET }, ...overrides },
    {},
    { withoutSchedules: [JOB.reconcile] },
  );
  contexts.push(ctx);
  return ctx;
}

let donors = 0;
async function checkout(
  ctx: TestContext,
  campaignId: string,
  units: number,
  headers: Record<string, string> = {},
  donorEmail = `transfer.donor.${(donors += 1)}@example.org`,
) {
  const res = await post(
    ctx,
    '/api/donations/checkout',
    { donorEmail, donorFullName: 'Ada Transfer', cartItems: [{ campaignId, units }] },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { reference: string; amountKobo: number; channels: string[]; holdExpiresAt: string };
}

const donation = (ctx: TestContext, reference: string) =>
  selectRows<{ status: string; channel: string | null; awaiting: boolean; hold_minutes: number }>(
    ctx.database.db,
    sql`select status, channel, awaiting_since is not null as awaiting,
               round(extract(epoch from hold_expires_at - now()) / 60)::int as hold_minutes
          from donations where reference = ${reference}`,
  ).then((r) => r[0]!);

const signed = (body: string, secret = WEBHOOK_SECRET) => ({
  'content-type': 'application/json',
  'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex'),
});
const successEvent = (reference: string, amount: number) =>
  JSON.stringify({ event: 'charge.success', data: { reference, amount, currency: 'NGN', channel: 'bank_transfer' } });

function sweepDeps(ctx: TestContext) {
  return {
    db: ctx.database.db,
    payments: createSandboxProvider(ctx.database.db, { confirmSeconds: 120 }),
    jobs: ctx.app.jobs,
    publicCache: createResponseCache({ ttlMs: 0 }),
    baseUrl: 'http://127.0.0.1',
    payLaterHoldMinutes: 60,
    cardKey: Buffer.alloc(32, 7),
  };
}

/** Makes a checkout look old enough for the sweep to ask about it at once. */
const ageForSweep = (ctx: TestContext, reference: string) =>
  ctx.database.db.execute(
    sql`update donations set created_at = now() - interval '5 minutes', checked_at = null where reference = ${reference}`,
  );

describe('payment channels', () => {
  it('the checkout reply carries the configured channels', async () => {
    const ctx = await sandboxApp();
    const c = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 10)}`, 1);
    expect(c.channels).toEqual(['card', 'bank', 'ussd', 'bank_transfer']);

    const narrow = await sandboxApp({ paymentChannels: ['card', 'bank_transfer'] });
    const n = await checkout(narrow, `org-${await createOrganizationCampaign(narrow.database.db, 10)}`, 1);
    expect(n.channels).toEqual(['card', 'bank_transfer']);
    // The test dialog offers only those: another channel is refused in words.
    const refused = await post(narrow, '/api/payments/sandbox/charge', { reference: n.reference, channel: 'ussd' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('That way of paying is not offered here.');
  });

  it('reads PAYSTACK_CHANNELS and refuses names Paystack does not know', () => {
    expect(loadConfig({}).paymentChannels).toEqual(['card', 'bank', 'ussd', 'bank_transfer']);
    expect(loadConfig({ PAYSTACK_CHANNELS: ' card, USSD ,card' }).paymentChannels).toEqual(['card', 'ussd']);
    expect(loadConfig({}).payLaterHoldMinutes).toBe(60);
    expect(loadConfig({ PAY_LATER_HOLD_MINUTES: '120' }).payLaterHoldMinutes).toBe(120);
    expect(() => loadConfig({ PAY_LATER_HOLD_MINUTES: '121' })).toThrow(/PAY_LATER_HOLD_MINUTES/);
    expect(() => loadConfig({ PAYSTACK_CHANNELS: 'card,cheque' })).toThrow(/PAYSTACK_CHANNELS.*not known: cheque/);
  });
});

describe('a bank transfer in the sandbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await sandboxApp();
  });

  it('waits for the bank, holds the units, then is recorded once by the sweep and the webhook together', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const auth = { authorization: `Bearer ${donor.token}` };
    const campaignId = await createOrganizationCampaign(ctx.database.db, 3);
    const c = await checkout(ctx, `org-${campaignId}`, 3, auth, 'transfer.donor@example.org');

    const charge = await post(ctx, '/api/payments/sandbox/charge', {
      reference: c.reference,
      channel: 'bank_transfer',
    });
    expect(charge.json()).toEqual({ status: 'pending' });
    const fund = await post(ctx, '/api/donations/fund', { transactionId: c.reference });
    expect(fund.statusCode).toBe(200);
    expect(fund.json()).toEqual({
      status: 'awaiting_confirmation',
      message: AWAITING_CONFIRMATION,
      reference: c.reference,
      amountKobo: c.amountKobo,
      feeKobo: 0,
      holdExpiresAt: expect.any(String),
    });
    expect(await donation(ctx, c.reference)).toMatchObject({
      status: 'pending',
      channel: 'bank_transfer',
      awaiting: true,
      hold_minutes: 60,
    });
    // Asking again does not lengthen the hold further.
    await post(ctx, '/api/donations/fund', { transactionId: c.reference });
    expect((await donation(ctx, c.reference)).hold_minutes).toBe(60);

    // Closing the window does not give the units away, and nobody else can take them.
    const release = await post(ctx, '/api/donations/release', { reference: c.reference });
    expect(release.json()).toEqual({ status: 'awaiting_confirmation' });
    const other = await post(ctx, '/api/donations/checkout', {
      donorEmail: 'someone.else@example.org',
      donorFullName: 'Someone Else',
      cartItems: [{ campaignId: `org-${campaignId}`, units: 1 }],
    });
    expect(other.statusCode).toBe(409);

    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/donations/${c.reference}/status`,
      remoteAddress: address(),
    });
    expect(status.json()).toEqual({
      status: 'awaiting_confirmation',
      amountKobo: c.amountKobo,
      message: AWAITING_CONFIRMATION,
    });

    const gifts = await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: auth });
    expect(gifts.json().givingHistory.map((g: { status: string }) => g.status)).toEqual(['Awaiting confirmation']);
    expect(gifts.json()).toMatchObject({ totalGiven: 0, giftsMade: 0 });

    // The bank confirms: the ledger's time has come and the signed webhook arrives, at once.
    await ctx.database.db.execute(
      sql`update sandbox_transactions set confirm_at = now() - interval '1 second' where reference = ${c.reference}`,
    );
    await ageForSweep(ctx, c.reference);
    const body = successEvent(c.reference, c.amountKobo);
    const [sweep, hook] = await Promise.all([
      reconcilePayments(sweepDeps(ctx)),
      post(ctx, '/api/payments/sandbox/webhook', body, signed(body)),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(sweep.checked).toBeGreaterThanOrEqual(1);
    expect(
      await eventually(
        'the transfer to be paid',
        () => donation(ctx, c.reference),
        (d) => d.status === 'paid',
      ),
    ).toMatchObject({ status: 'paid', channel: 'bank_transfer' });
    // Let the webhook's job finish too, then count.
    await eventually(
      "the webhook's job to finish",
      () =>
        selectRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from pgboss.job where name = 'giving.provider-event' and state not in ('completed', 'failed')`,
        ),
      (r) => r[0]!.n === 0,
    );
    const [campaign] = await selectRows<{ units: number; raised: number }>(
      ctx.database.db,
      sql`select units_fulfilled as units, amount_raised_kobo as raised from organization_campaigns where id = ${campaignId}`,
    );
    expect({ units: Number(campaign!.units), raised: Number(campaign!.raised) }).toEqual({
      units: 3,
      raised: c.amountKobo,
    });
    const [receipts] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pgboss.job j join donations d on (j.data ->> 'donationId')::int = d.id
           where j.name = 'receipts.receipt-mail' and d.reference = ${c.reference} and d.donor_email = 'transfer.donor@example.org'`,
    );
    expect(receipts!.n).toBe(1);

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/donations/${c.reference}/status`,
      remoteAddress: address(),
    });
    expect(after.json()).toMatchObject({ status: 'paid', amountKobo: c.amountKobo });
    const history = await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: auth });
    expect(history.json()).toMatchObject({ totalGiven: c.amountKobo, giftsMade: 1 });
  });

  it('refuses a webhook signed with another secret, and an unknown reference', async () => {
    const c = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 2)}`, 1);
    const body = successEvent(c.reference, c.amountKobo);
    const forged = await post(ctx, '/api/payments/sandbox/webhook', body, signed(body, 'another-secret-entirely'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid signature.');
    expect(await donation(ctx, c.reference)).toMatchObject({ status: 'pending' });
    const unknown = successEvent('GOI-NOBODY-000000', 100);
    expect((await post(ctx, '/api/payments/sandbox/webhook', unknown, signed(unknown))).statusCode).toBe(404);
  });

  it('a status call for a reference nobody issued is a 404, and a malformed one a 400', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/donations/GOI-NOBODY-0000/status' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/donations/a%20b/status' });
    expect(malformed.statusCode).toBe(400);
  });

  it('a transfer that never comes gives its units back after the hold and the grace period', async () => {
    const campaignId = await createOrganizationCampaign(ctx.database.db, 2);
    const c = await checkout(ctx, `org-${campaignId}`, 2);
    await post(ctx, '/api/payments/sandbox/charge', { reference: c.reference, channel: 'ussd' });
    expect((await post(ctx, '/api/donations/fund', { transactionId: c.reference })).json().status).toBe(
      'awaiting_confirmation',
    );
    // The bank never confirms: its time lies far ahead. First, while the longer hold runs, the sweep waits.
    await ctx.database.db.execute(
      sql`update sandbox_transactions set confirm_at = now() + interval '1 day' where reference = ${c.reference}`,
    );
    await ageForSweep(ctx, c.reference);
    await reconcilePayments(sweepDeps(ctx));
    expect(await donation(ctx, c.reference)).toMatchObject({ status: 'pending', hold_minutes: 60 });

    // The hold (60 minutes from the first word of it) and the grace period after it have passed.
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '3 hours', awaiting_since = now() - interval '150 minutes',
                 hold_expires_at = now() - interval '90 minutes', checked_at = null
           where reference = ${c.reference}`,
    );
    await reconcilePayments(sweepDeps(ctx));
    expect((await donation(ctx, c.reference)).status).toBe('failed');
    const [held] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donation_items i join donations d on d.id = i.donation_id
           where d.reference = ${c.reference} and i.status = 'held'`,
    );
    expect(held!.n).toBe(0);
    // Another donor can give those units now.
    const again = await post(ctx, '/api/donations/checkout', {
      donorEmail: 'next.donor@example.org',
      donorFullName: 'Next Donor',
      cartItems: [{ campaignId: `org-${campaignId}`, units: 2 }],
    });
    expect(again.statusCode).toBe(200);
    const status = await ctx.app.inject({ method: 'GET', url: `/api/donations/${c.reference}/status` });
    expect(status.json().status).toBe('failed');
  });

  it('a transfer of another amount is reported honestly and counts toward nothing', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const auth = { authorization: `Bearer ${donor.token}` };
    const c = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 2)}`, 1, auth);
    await post(ctx, '/api/payments/sandbox/charge', { reference: c.reference, channel: 'bank_transfer' });
    expect((await post(ctx, '/api/donations/fund', { transactionId: c.reference })).json()).toMatchObject({
      status: 'awaiting_confirmation',
      holdExpiresAt: expect.any(String),
    });
    // The bank confirms a transfer of less than was asked.
    await ctx.database.db.execute(
      sql`update sandbox_transactions set confirm_at = now() - interval '1 second', amount_kobo = ${c.amountKobo - 100}
           where reference = ${c.reference}`,
    );
    await ageForSweep(ctx, c.reference);
    await reconcilePayments(sweepDeps(ctx));
    expect((await donation(ctx, c.reference)).status).toBe('needs_attention');

    const status = await ctx.app.inject({ method: 'GET', url: `/api/donations/${c.reference}/status` });
    expect(status.json()).toEqual({ status: 'amount_mismatch', amountKobo: c.amountKobo, message: MISMATCH_MESSAGE });
    expect(status.json().message).not.toMatch(/someone else|received/);
    const gifts = (await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: auth })).json();
    expect(gifts.givingHistory.map((g: { status: string }) => g.status)).toEqual([BEING_CHECKED_WORDS]);
    expect(gifts).toMatchObject({ totalGiven: 0, giftsMade: 0 });
  });

  it('words a closed checkout by what happened to it', async () => {
    const released = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 2)}`, 1);
    expect((await post(ctx, '/api/donations/release', { reference: released.reference })).json().status).toBe(
      'released',
    );
    const closed = await ctx.app.inject({ method: 'GET', url: `/api/donations/${released.reference}/status` });
    expect(closed.json()).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^This payment was not completed/),
    });

    const late = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 2)}`, 1);
    await ctx.database.db.execute(
      sql`update donations set status = 'failed', awaiting_since = now() - interval '3 hours' where reference = ${late.reference}`,
    );
    const lateStatus = await ctx.app.inject({ method: 'GET', url: `/api/donations/${late.reference}/status` });
    expect(lateStatus.json().message).toMatch(/^Your bank did not confirm this payment in time/);
  });

  it('a transfer first seen after its hold lapsed is not told it is held, and asking again locks nothing', async () => {
    const c = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 2)}`, 1);
    await post(ctx, '/api/payments/sandbox/charge', { reference: c.reference, channel: 'ussd' });
    await ctx.database.db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 minute' where reference = ${c.reference}`,
    );
    const fund = await post(ctx, '/api/donations/fund', { transactionId: c.reference });
    expect(fund.json()).toMatchObject({ status: 'awaiting_confirmation', message: AWAITING_AFTER_HOLD });
    expect(fund.json().message).not.toMatch(/held|hold/);
    // Not revived: the units may be someone else's by now.
    expect(await donation(ctx, c.reference)).toMatchObject({ awaiting: true, hold_minutes: -1 });
    const status = await ctx.app.inject({ method: 'GET', url: `/api/donations/${c.reference}/status` });
    expect(status.json()).toMatchObject({ status: 'awaiting_confirmation', message: AWAITING_AFTER_HOLD });

    const db = ctx.database.db;
    const watched = Object.create(db) as typeof db;
    const transaction = vi.fn(db.transaction.bind(db));
    watched.transaction = transaction as unknown as typeof db.transaction;
    const verified = await createSandboxProvider(db, { confirmSeconds: 120 }).verify(c.reference);
    expect(await markAwaiting(watched, c.reference, verified!, 60)).toMatchObject({ message: AWAITING_AFTER_HOLD });
    expect(transaction).not.toHaveBeenCalled();
  });

  it('a closed checkout whose transfer was seen under way late is still asked about after its longer hold', async () => {
    const c = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 2)}`, 1);
    await post(ctx, '/api/payments/sandbox/charge', { reference: c.reference, channel: 'bank_transfer' });
    await ctx.database.db.execute(
      sql`update sandbox_transactions set confirm_at = now() - interval '1 second' where reference = ${c.reference}`,
    );
    // Started 100 minutes ago; its transfer was first seen under way 70 minutes ago and it was then closed.
    await ctx.database.db.execute(
      sql`update donations set status = 'failed', created_at = now() - interval '100 minutes',
                 awaiting_since = now() - interval '70 minutes', hold_expires_at = now() - interval '80 minutes',
                 channel = 'bank_transfer', checked_at = null
           where reference = ${c.reference}`,
    );
    await ctx.database.db.execute(
      sql`update donation_items set status = 'released'
           where donation_id = (select id from donations where reference = ${c.reference})`,
    );
    const sweep = await reconcilePayments(sweepDeps(ctx));
    expect(sweep.recorded).toBeGreaterThanOrEqual(1);
    expect((await donation(ctx, c.reference)).status).toBe('paid');
  });

  it('a new checkout releases this browser’s earlier transfer only once the provider calls it failed', async () => {
    const campaignId = `org-${await createOrganizationCampaign(ctx.database.db, 2)}`;
    const donorEmail = 'second.try@example.org';
    const earlier = await checkout(ctx, campaignId, 1, {}, donorEmail);
    await post(ctx, '/api/payments/sandbox/charge', { reference: earlier.reference, channel: 'bank_transfer' });
    await post(ctx, '/api/donations/fund', { transactionId: earlier.reference });
    const again = (previousReference: string) =>
      post(ctx, '/api/donations/checkout', {
        donorEmail,
        donorFullName: 'Ada Transfer',
        cartItems: [{ campaignId, units: 1 }],
        previousReference,
      });

    // Still under way: the donor's own transfer keeps its units and its longer hold.
    const meanwhile = await again(earlier.reference);
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(await donation(ctx, earlier.reference)).toMatchObject({
      status: 'pending',
      awaiting: true,
      hold_minutes: 60,
    });

    // The bank turns it down: the next checkout gives its units back at once.
    await ctx.database.db.execute(
      sql`update sandbox_transactions set status = 'failed' where reference = ${earlier.reference}`,
    );
    const after = await again(earlier.reference);
    expect(after.statusCode, after.body).toBe(200);
    expect((await donation(ctx, earlier.reference)).status).toBe('failed');
  });

  it('the derived webhook secret is stable for one data directory', () => {
    const config = testConfig();
    expect(sandboxWebhookSecret(config)).toBe(sandboxWebhookSecret(config));
    expect(sandboxWebhookSecret(config)).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxWebhookSecret({ ...config, sandbox: { confirmSeconds: 1, webhookSecret: WEBHOOK_SECRET } })).toBe(
      WEBHOOK_SECRET,
    );
  });
});

describe('a bank transfer through Paystack', () => {
  it('reads Paystack answering ongoing by bank_transfer as awaiting confirmation', async () => {
    const SECRET = 'sk_test_pay_later';
    const paystack = await startPaystackStandIn(SECRET);
    closers.push(paystack.close);
    const options = { secretKey: SECRET, publicKey: 'pk_test_pay_later', apiBase: paystack.apiBase };
    const provider = createPaystackProvider(options);
    const ctx = await startTestApp({ paystack: options }, { payments: provider });
    contexts.push(ctx);
    const c = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 5)}`, 1);
    expect(c.channels).toEqual(['card', 'bank', 'ussd', 'bank_transfer']);

    for (const status of ['ongoing', 'pending', 'processing', 'queued']) {
      paystack.set(c.reference, { status, amount: c.amountKobo, channel: 'bank_transfer' });
      expect(await provider.verify(c.reference)).toMatchObject({ status: 'pending', channel: 'bank_transfer' });
    }
    paystack.set(c.reference, { status: 'ongoing', amount: c.amountKobo, channel: 'bank_transfer' });
    const fund = await post(ctx, '/api/donations/fund', { transactionId: c.reference });
    expect(fund.statusCode).toBe(200);
    expect(fund.json()).toMatchObject({ status: 'awaiting_confirmation', message: AWAITING_CONFIRMATION });
    expect(await donation(ctx, c.reference)).toMatchObject({ awaiting: true, hold_minutes: 60 });

    // The donor closed the popup while the transfer is on its way: asking again (as the page does
    // on close) or the release call keeps the hold and says so, with when it ends.
    const closed = await post(ctx, '/api/donations/fund', { transactionId: c.reference });
    expect(closed.json()).toMatchObject({ status: 'awaiting_confirmation' });
    expect(Date.parse(closed.json().holdExpiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await post(ctx, '/api/donations/release', { reference: c.reference })).json()).toEqual({
      status: 'awaiting_confirmation',
    });
    expect(await donation(ctx, c.reference)).toMatchObject({ status: 'pending', awaiting: true });

    // Closed with nothing sent: the ask is refused and the hold is left for Pay to reuse.
    const idle = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 5)}`, 1);
    paystack.set(idle.reference, { status: 'abandoned', amount: idle.amountKobo, channel: 'bank_transfer' });
    expect((await post(ctx, '/api/donations/fund', { transactionId: idle.reference })).statusCode).toBe(400);
    expect(await donation(ctx, idle.reference)).toMatchObject({ status: 'pending', awaiting: false, hold_minutes: 15 });

    // A card payment still open in the popup is not waiting for a bank: no longer hold.
    const card = await checkout(ctx, `org-${await createOrganizationCampaign(ctx.database.db, 5)}`, 1);
    paystack.set(card.reference, { status: 'ongoing', amount: card.amountKobo, channel: 'card' });
    expect((await post(ctx, '/api/donations/fund', { transactionId: card.reference })).statusCode).toBe(400);
    expect(await donation(ctx, card.reference)).toMatchObject({ awaiting: false, hold_minutes: 15 });

    // The bank confirms; Paystack's own webhook records it.
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo, channel: 'bank_transfer' });
    const body = successEvent(c.reference, c.amountKobo);
    const hook = await post(ctx, '/api/payments/paystack/webhook', body, signed(body, SECRET));
    expect(hook.statusCode).toBe(200);
    expect(
      await eventually(
        'the transfer to be paid',
        () => donation(ctx, c.reference),
        (d) => d.status === 'paid',
      ),
    ).toMatchObject({ status: 'paid', channel: 'bank_transfer' });
  });
});
