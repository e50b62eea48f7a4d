import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '@contract/money';
import { ATTENTION_REASON_WORDS, refundSchema } from '@contract/money-desk';
import type { App } from '../../app';
import { selectRows, type Db } from '../../db/client';
import { createPaystackProvider } from '../../providers/payments/payments';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { eventually, jobsDone, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { createMailbox } from '../../test/mailbox';
import { startPaystackStandIn } from '../../test/stand-ins';
import { JOB } from '../../jobs/names';
import { PROVIDER_REFUSED, REFUND_AUDIT } from './refund-payment';
import { REPORTED_BY_PROVIDER } from './refund-event';
import { placeProviderRefund } from './refund-rows';

type Ctx = TestContext & { mail: ReturnType<typeof createMailbox>; adminToken: string; adminId: number };

async function start(...args: Parameters<typeof startTestApp>): Promise<Ctx> {
  const mail = createMailbox();
  const ctx = await startTestApp(args[0], { ...args[1], mailer: mail });
  const admin = await signInNewAdmin(ctx.app, ctx.database.db);
  return { ...ctx, mail, adminToken: admin.token, adminId: admin.user.id };
}

const refund = (ctx: Ctx, reference: string, payload: unknown, token: string | null = ctx.adminToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${encodeURIComponent(reference)}/refund`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const rows = <T>(ctx: TestContext, query: ReturnType<typeof sql>) => selectRows<T>(ctx.database.db, query);

const refundsOf = (ctx: TestContext, reference: string) =>
  rows<{
    id: number;
    amount: string;
    status: string;
    note: string;
    requested_by: number | null;
    units_released: boolean;
    provider_refund_id: string | null;
  }>(
    ctx,
    sql`select r.id, r.amount_kobo as amount, r.status, r.note, r.requested_by, r.units_released, r.provider_refund_id
          from refunds r join donations d on d.id = r.donation_id where d.reference = ${reference} order by r.id`,
  );

async function campaignRow(ctx: TestContext, kind: 'recipient' | 'organization', id: number) {
  const table = kind === 'recipient' ? 'recipient_campaigns' : 'organization_campaigns';
  const [row] = await rows<{ status: string; units_fulfilled: number; amount_raised_kobo: string }>(
    ctx,
    sql`select status, units_fulfilled, amount_raised_kobo from ${sql.identifier(table)} where id = ${id}`,
  );
  return { status: row!.status, units: Number(row!.units_fulfilled), raised: Number(row!.amount_raised_kobo) };
}

const itemStatuses = async (ctx: TestContext, reference: string) =>
  (
    await rows<{ status: string }>(
      ctx,
      sql`select i.status from donation_items i join donations d on d.id = i.donation_id where d.reference = ${reference} order by i.id`,
    )
  ).map((r) => r.status);

const ledgerRaised = async (app: App) =>
  (await app.inject({ method: 'GET', url: '/api/transparency' })).json().money.raised_kobo as number;

describe('refunds with the sandbox', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await start();
  });
  afterAll(() => stopTestApp(ctx));

  it('refunds a gift in full: processed at once, nothing allocated changes, audited, the donor mailed', async () => {
    const campaign = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, campaign);
    const before = await campaignRow(ctx, 'recipient', campaign);
    const raisedBefore = await ledgerRaised(ctx.app);

    const res = await refund(ctx, gift.reference, {
      amountKobo: gift.amountKobo,
      note: 'The donor asked for it back.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = refundSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      amountKobo: gift.amountKobo,
      status: 'processed',
      note: 'The donor asked for it back.',
      unitsReleased: false,
      providerRefundId: expect.stringMatching(/^sandbox-refund-[0-9a-f-]{36}$/),
      processedAt: expect.any(String),
    });
    expect(body.adminEmail).toMatch(/^admin\./);
    // Nothing allocated changes without releaseUnits; the ledger's money raised follows the refund.
    expect(await campaignRow(ctx, 'recipient', campaign)).toEqual(before);
    expect(await itemStatuses(ctx, gift.reference)).toEqual(['allocated']);
    expect(await ledgerRaised(ctx.app)).toBe(raisedBefore - gift.amountKobo);

    const [entry] = await rows<{ action: string; admin_id: number; details: Record<string, unknown> }>(
      ctx,
      sql`select action, admin_id, details from admin_audit_log where entity_type = 'payment' and entity_id = ${gift.reference}`,
    );
    expect(entry).toMatchObject({
      action: REFUND_AUDIT.refund,
      admin_id: ctx.adminId,
      details: {
        reference: gift.reference,
        amountKobo: gift.amountKobo,
        note: 'The donor asked for it back.',
        unitsReleased: false,
      },
    });

    const mailed = await eventually(
      'the refund mail to the donor',
      async () => ctx.mail.messages.filter((m) => m.to === gift.donorEmail && /refund/i.test(m.subject)),
      (list) => list.length > 0,
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.subject).toContain(gift.reference);
    expect(mailed[0]!.text).toContain(formatNaira(gift.amountKobo));
    expect(mailed[0]!.text).toContain(gift.reference);
    expect(mailed[0]!.text).toMatch(/bank may take some days/);
    // The admin's note is for the team.
    expect(mailed[0]!.text).not.toContain('asked for it back');
  });

  it('refunds in parts up to what was received, and refuses more with what is left in words', async () => {
    const campaign = await createOrganizationCampaign(ctx.database.db, 4);
    const gift = await payForCampaign(ctx.app, `org-${campaign}`, 2);
    const third = Math.floor(gift.amountKobo / 3);
    expect((await refund(ctx, gift.reference, { amountKobo: third, note: 'First part back.' })).statusCode).toBe(200);
    const over = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo - third + 1, note: 'Too much.' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `At most ${formatNaira(gift.amountKobo - third)} may still be refunded of this payment (${formatNaira(gift.amountKobo)} received, ${formatNaira(third)} refunded already).`,
    );
    const rest = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo - third, note: 'The rest back.' });
    expect(rest.statusCode, rest.body).toBe(200);
    const none = await refund(ctx, gift.reference, { amountKobo: 100, note: 'Once more.' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/^Nothing is left to refund/);
    const recorded = await refundsOf(ctx, gift.reference);
    expect(recorded.map((r) => [Number(r.amount), r.status])).toEqual([
      [third, 'processed'],
      [gift.amountKobo - third, 'processed'],
    ]);
  });

  it('lets two refunds at once never exceed the payment', async () => {
    const campaign = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, campaign);
    const share = Math.ceil(gift.amountKobo * 0.6);
    const replies = await Promise.all(
      [1, 2, 3].map((n) => refund(ctx, gift.reference, { amountKobo: share, note: `At once, number ${n}.` })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const recorded = await refundsOf(ctx, gift.reference);
    expect(recorded).toHaveLength(1);
    expect(Number(recorded[0]!.amount)).toBe(share);
  });

  it('frees the units when asked: items released, the campaign gives back units and money and moves back', async () => {
    // Two of four units funded before, the gift funds the other two: fulfilled, then back to partly funded.
    const campaign = await createOrganizationCampaign(ctx.database.db, 4, {
      status: 'partially_fulfilled',
      unitsFulfilled: 2,
    });
    const before = await campaignRow(ctx, 'organization', campaign);
    const gift = await payForCampaign(ctx.app, `org-${campaign}`, 2);
    expect((await campaignRow(ctx, 'organization', campaign)).status).toBe('fulfilled');
    const res = await refund(ctx, gift.reference, {
      amountKobo: gift.amountKobo,
      note: 'Refunded and the units offered again.',
      releaseUnits: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unitsReleased).toBe(true);
    expect(await itemStatuses(ctx, gift.reference)).toEqual(['released']);
    expect(await campaignRow(ctx, 'organization', campaign)).toEqual(before);

    // A gift that funded the first units: the campaign goes back to approved, nothing raised.
    const fresh = await createOrganizationCampaign(ctx.database.db, 3);
    const first = await payForCampaign(ctx.app, `org-${fresh}`, 1);
    expect((await campaignRow(ctx, 'organization', fresh)).status).toBe('partially_fulfilled');
    const again = await refund(ctx, first.reference, {
      amountKobo: first.amountKobo,
      note: 'Offered again.',
      releaseUnits: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await campaignRow(ctx, 'organization', fresh)).toEqual({ status: 'approved', units: 0, raised: 0 });
    // The units are free: another donor may take them.
    expect((await payForCampaign(ctx.app, `org-${fresh}`, 3)).status).toBe('paid');
    const [entry] = await rows<{ details: Record<string, unknown> }>(
      ctx,
      sql`select details from admin_audit_log where entity_type = 'payment' and entity_id = ${first.reference}`,
    );
    expect(entry!.details).toMatchObject({ unitsReleased: true });
  });

  it('refuses to free units once the campaign moved past where a refund may, and refunds without freeing', async () => {
    const recipient = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, recipient);
    const refused = await refund(ctx, gift.reference, {
      amountKobo: gift.amountKobo,
      note: 'Try to free the device.',
      releaseUnits: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The units of campaign ${recipient} cannot be freed: it is purchased, past where a refund may free units. Refund without freeing units instead.`,
    );
    expect(await refundsOf(ctx, gift.reference)).toEqual([]);
    const plain = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo, note: 'Money back only.' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await campaignRow(ctx, 'recipient', recipient)).status).toBe('purchased');

    // An organization campaign whose units were handed over keeps them funded.
    const org = await createOrganizationCampaign(ctx.database.db, 2);
    const units = await payForCampaign(ctx.app, `org-${org}`, 2);
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/org-campaigns/${org}/deliveries`,
      headers: { authorization: `Bearer ${ctx.adminToken}` },
      payload: { units: 1, deliveredOn: new Date().toISOString().slice(0, 10) },
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const handedOver = await refund(ctx, units.reference, {
      amountKobo: units.amountKobo,
      note: 'Try to free handed-over units.',
      releaseUnits: true,
    });
    expect(handedOver.statusCode).toBe(409);
    expect(handedOver.json().message).toMatch(/1 of its units are already handed over/);
    await ctx.database.db.execute(sql`update organization_campaigns set status = 'delivered' where id = ${org}`);
    const past = await refund(ctx, units.reference, {
      amountKobo: units.amountKobo,
      note: 'Try after delivery.',
      releaseUnits: true,
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toMatch(/it is delivered, past where a refund may free units/);
  });

  it("closes the payment's open attention cases as refunded, with the note", async () => {
    const campaign = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, campaign);
    await ctx.database.db.execute(
      sql`insert into attention_cases (donation_id, reason, words)
          select id, 'paid_twice', ${ATTENTION_REASON_WORDS.paid_twice} from donations where reference = ${gift.reference}`,
    );
    expect((await refund(ctx, gift.reference, { amountKobo: 500, note: 'The second payment back.' })).statusCode).toBe(
      200,
    );
    const cases = await rows<{ resolution: string; note: string; resolved_by: number }>(
      ctx,
      sql`select c.resolution, c.note, c.resolved_by from attention_cases c join donations d on d.id = c.donation_id
           where d.reference = ${gift.reference}`,
    );
    expect(cases).toEqual([{ resolution: 'refunded', note: 'The second payment back.', resolved_by: ctx.adminId }]);
  });

  it('never writes two rows for one provider refund when answers cross over between two refunds of one amount', async () => {
    const campaign = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, campaign);
    const db = ctx.database.db as unknown as Db;
    const [donation] = await rows<{ id: number }>(
      ctx,
      sql`select id from donations where reference = ${gift.reference}`,
    );
    const donationId = Number(donation!.id);
    const waiting = async () =>
      Number(
        (
          await rows<{ id: number }>(
            ctx,
            sql`insert into refunds (donation_id, amount_kobo, status, note, requested_by)
                values (${donationId}, 700, 'pending', 'One of two alike.', ${ctx.adminId}) returning id`,
          )
        )[0]!.id,
      );
    const first = await waiting();
    const second = await waiting();
    // The webhook of the second call's refund (B) comes first and takes the oldest waiting row.
    expect(await placeProviderRefund(db, { donationId, refundId: 'B', status: 'processed', amountKobo: 700 })).toEqual({
      id: first,
      status: 'processed',
    });
    // The first call comes back with A: its row is taken, so A goes on the row still waiting.
    expect(
      await placeProviderRefund(db, { donationId, refundId: 'A', status: 'pending', amountKobo: 700, ownRowId: first }),
    ).toEqual({ id: second, status: 'pending' });
    // The second call comes back with B, already recorded: nothing new.
    expect(
      await placeProviderRefund(db, {
        donationId,
        refundId: 'B',
        status: 'pending',
        amountKobo: 700,
        ownRowId: second,
      }),
    ).toEqual({ id: first, status: 'processed' });
    const recorded = await refundsOf(ctx, gift.reference);
    expect(recorded.map((r) => [r.provider_refund_id, r.status])).toEqual([
      ['B', 'processed'],
      ['A', 'pending'],
    ]);
  });

  it('takes money back only from a payment whose money was received', async () => {
    const campaign = await createRecipientCampaign(ctx.database.db);
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/checkout',
      remoteAddress: '10.61.0.1',
      payload: {
        donorEmail: 'unpaid@example.org',
        donorFullName: 'Not Paid',
        cartItems: [{ campaignId: `${campaign}` }],
      },
    });
    const unpaid = await refund(ctx, checkout.json().reference, { amountKobo: 100, note: 'Nothing was paid.' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toMatch(/^Only a payment whose money was received can be refunded/);
    const unknown = await refund(ctx, 'GOI-no-such-reference', { amountKobo: 100, note: 'No such payment.' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find that payment reference.');
  });

  it('is for admins only, and words every refusal of bad input', async () => {
    const campaign = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, campaign);
    const valid = { amountKobo: 100, note: 'A valid note.' };
    expect((await refund(ctx, gift.reference, valid, null)).statusCode).toBe(401);
    const donor = await signUpUser(ctx.app, ctx.mail, { role: 'donor' });
    expect((await refund(ctx, gift.reference, valid, donor.token)).statusCode).toBe(403);
    const cases: Array<[unknown, RegExp]> = [
      [{ amountKobo: 'abc', note: 'A valid note.' }, /whole number of kobo/],
      [{ amountKobo: 150.5, note: 'A valid note.' }, /whole number of kobo/],
      [{ amountKobo: 50, note: 'A valid note.' }, /at least ₦1\.00/],
      [{ amountKobo: -100, note: 'A valid note.' }, /at least ₦1\.00/],
      [{ amountKobo: 1e300, note: 'A valid note.' }, /too large|whole number/],
      [{ amountKobo: 100 }, /note/],
      [{ amountKobo: 100, note: 'ok' }, /at least 3 characters/],
      [{ amountKobo: 100, note: 'x'.repeat(1001) }, /1000 characters/],
      [{ amountKobo: 100, note: 'A valid note.', releaseUnits: 'yes' }, /true or false/],
      [[], /./],
    ];
    for (const [payload, words] of cases) {
      const res = await refund(ctx, gift.reference, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json() as { message: string; fieldErrors?: Record<string, string[]> };
      const said = [body.message, ...Object.values(body.fieldErrors ?? {}).flat()].join(' ');
      expect(said, JSON.stringify(payload)).toMatch(words);
    }
    const badReference = await refund(ctx, 'no spaces allowed', valid);
    expect(badReference.statusCode).toBe(400);
    expect(badReference.json().message).toMatch(/not a payment reference/);
    expect(await refundsOf(ctx, gift.reference)).toEqual([]);
  });
});

describe('refunds through Paystack', () => {
  const SECRET = 'sk_test_refunds';
  let ctx: Ctx;
  let paystack: Awaited<ReturnType<typeof startPaystackStandIn>>;
  let ip = 0;
  beforeAll(async () => {
    paystack = await startPaystackStandIn(SECRET);
    const options = { secretKey: SECRET, publicKey: 'pk_test_refunds', apiBase: paystack.apiBase };
    ctx = await start({ paystack: options }, { payments: createPaystackProvider(options) });
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    await paystack.close();
  });

  /** A signed webhook event, answered once the queue has run what it queued. */
  async function deliverAndRun(event: unknown, key?: string) {
    const res = await paystack.deliver(ctx.app, event, key);
    await jobsDone(ctx.database, JOB.providerEvent);
    return res;
  }

  /** A gift paid at Paystack (the stand-in) and recorded by the browser's fund call. */
  async function paidGift() {
    const campaign = await createOrganizationCampaign(ctx.database.db, 3);
    const remoteAddress = `10.62.${(ip += 1) >> 8}.${ip & 255}`;
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/checkout',
      remoteAddress,
      payload: {
        donorEmail: `paystack.${ip}@example.org`,
        donorFullName: 'Paystack Giver',
        cartItems: [{ campaignId: `org-${campaign}`, units: 2 }],
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { reference, amountKobo } = checkout.json() as { reference: string; amountKobo: number };
    paystack.set(reference, { status: 'success', amount: amountKobo });
    const fund = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/fund',
      remoteAddress,
      payload: { transactionId: reference },
    });
    expect(fund.json().status).toBe('paid');
    return { reference, amountKobo, campaign };
  }

  it('asks Paystack with the secret key, answers pending, and the webhook marks it processed', async () => {
    const gift = await paidGift();
    const raisedBefore = await ledgerRaised(ctx.app);
    const res = await refund(ctx, gift.reference, { amountKobo: 1000, note: 'Part of it back.' });
    expect(res.statusCode, res.body).toBe(200);
    const made = paystack.refunds.at(-1)!;
    expect(made).toMatchObject({ reference: gift.reference, amount: 1000, note: 'Part of it back.' });
    expect(res.json()).toMatchObject({ status: 'pending', providerRefundId: String(made.id), processedAt: null });
    // Pending money is not yet out of the figures.
    expect(await ledgerRaised(ctx.app)).toBe(raisedBefore);

    const event = paystack.refundEvent('refund.processed', made);
    expect((await deliverAndRun(event)).statusCode).toBe(200);
    expect((await deliverAndRun(event)).statusCode).toBe(200);
    const recorded = await refundsOf(ctx, gift.reference);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'processed', provider_refund_id: String(made.id) });
    expect(await ledgerRaised(ctx.app)).toBe(raisedBefore - 1000);
    // A signature made with another key is refused and changes nothing.
    const forged = paystack.refundEvent('refund.failed', made);
    expect((await deliverAndRun(forged, 'sk_wrong')).statusCode).toBe(401);
    expect((await refundsOf(ctx, gift.reference))[0]!.status).toBe('processed');
    // The reply the provider gave is kept for the payment's detail.
    const kept = await rows<{ event: string }>(
      ctx,
      sql`select event from provider_events where reference = ${gift.reference} and source = 'refund'`,
    );
    expect(kept.map((k) => k.event)).toEqual(['refund.create']);
  });

  it("records a refund once when the webhook lands before the admin's call comes back", async () => {
    const gift = await paidGift();
    paystack.beforeRefundAnswer(async (made) => {
      const hook = await deliverAndRun(paystack.refundEvent('refund.processed', made));
      expect(hook.statusCode).toBe(200);
    });
    try {
      const res = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo, note: 'All of it back.' });
      expect(res.statusCode, res.body).toBe(200);
      // The answer said pending, but the webhook's processed stands.
      expect(res.json()).toMatchObject({ status: 'processed', providerRefundId: String(paystack.refunds.at(-1)!.id) });
    } finally {
      paystack.beforeRefundAnswer(null);
    }
    const recorded = await refundsOf(ctx, gift.reference);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'processed', requested_by: ctx.adminId, note: 'All of it back.' });
    expect(
      await rows(
        ctx,
        sql`select 1 from attention_cases c join donations d on d.id = c.donation_id where d.reference = ${gift.reference}`,
      ),
    ).toEqual([]);
  });

  it('records a refund made elsewhere once, and sets it before the admins as reversed', async () => {
    const gift = await paidGift();
    const elsewhere = { id: 9_900_001, reference: gift.reference, amount: 2500 };
    const event = paystack.refundEvent('refund.processed', elsewhere);
    expect((await deliverAndRun(event)).statusCode).toBe(200);
    expect((await deliverAndRun(event)).statusCode).toBe(200);
    const recorded = await refundsOf(ctx, gift.reference);
    expect(recorded).toHaveLength(1);
    expect(Number(recorded[0]!.amount)).toBe(2500);
    expect(recorded[0]).toMatchObject({
      status: 'processed',
      requested_by: null,
      note: REPORTED_BY_PROVIDER,
      provider_refund_id: '9900001',
    });
    const cases = await rows<{ reason: string; words: string; resolved_at: Date | null }>(
      ctx,
      sql`select c.reason, c.words, c.resolved_at from attention_cases c join donations d on d.id = c.donation_id
           where d.reference = ${gift.reference}`,
    );
    expect(cases).toEqual([{ reason: 'reversed', words: ATTENTION_REASON_WORDS.reversed, resolved_at: null }]);
    // What is left to refund counts it.
    const over = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo, note: 'All of it.' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(formatNaira(gift.amountKobo - 2500));
    // An event for a payment nobody here knows changes nothing.
    const stranger = paystack.refundEvent('refund.processed', { id: 9_900_002, reference: 'GOI-unknown', amount: 100 });
    expect((await deliverAndRun(stranger)).statusCode).toBe(200);
    expect(await rows(ctx, sql`select 1 from refunds where provider_refund_id = '9900002'`)).toEqual([]);
  });

  it('marks the refund failed and answers 502 when Paystack does not accept it, and nothing counts', async () => {
    const gift = await paidGift();
    paystack.refuseRefunds(1);
    const refused = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo, note: 'Refused by Paystack.' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(PROVIDER_REFUSED);
    paystack.failNext(1);
    const down = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo, note: 'Paystack is down.' });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(PROVIDER_REFUSED);
    expect((await refundsOf(ctx, gift.reference)).map((r) => r.status)).toEqual(['failed', 'failed']);
    const audited = await rows<{ action: string }>(
      ctx,
      sql`select action from admin_audit_log where entity_type = 'payment' and entity_id = ${gift.reference} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual([REFUND_AUDIT.refused, REFUND_AUDIT.refused]);
    // Failed refunds are not money given back: the whole amount may still be refunded.
    const again = await refund(ctx, gift.reference, { amountKobo: gift.amountKobo, note: 'Third time.' });
    expect(again.statusCode, again.body).toBe(200);
    // Paystack later reports that one failed: the row says so and the admins hear.
    const made = paystack.refunds.at(-1)!;
    expect((await deliverAndRun(paystack.refundEvent('refund.failed', made))).statusCode).toBe(200);
    expect((await refundsOf(ctx, gift.reference)).map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    const told = await rows<{ message: string }>(
      ctx,
      sql`select message from notifications where user_id = ${ctx.adminId} and message like ${`%${gift.reference}%`}`,
    );
    expect(told.map((t) => t.message)).toContainEqual(expect.stringMatching(/could not make the refund/));
  });
});
