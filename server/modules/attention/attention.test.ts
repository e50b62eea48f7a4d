import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENTION_REASON_WORDS, type AttentionItem } from '@contract/money-desk';
import { selectRows } from '../../db/client';
import { createResponseCache } from '../../http/response-cache';
import { createPaystackProvider, createSandboxProvider } from '../../providers/payments/payments';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { startPaystackStandIn } from '../../test/stand-ins';
import { reconcilePayments } from '../giving/reconcile-payments';
import { CASE_NOT_OPEN, NOTHING_TO_PLACE, UNITS_TAKEN } from './resolve-case';

const SECRET = 'sk_test_attention';
let paystack: Awaited<ReturnType<typeof startPaystackStandIn>>;
let live: TestContext;
let sandbox: TestContext;
let liveAdmin: string;
let sandboxAdmin: string;

beforeAll(async () => {
  paystack = await startPaystackStandIn(SECRET);
  const options = { secretKey: SECRET, publicKey: 'pk_test_attention', apiBase: paystack.apiBase };
  live = await startTestApp({ paystack: options }, { payments: createPaystackProvider(options) });
  sandbox = await startTestApp();
  liveAdmin = (await signInNewAdmin(live.app, live.database.db)).token;
  sandboxAdmin = (await signInNewAdmin(sandbox.app, sandbox.database.db)).token;
});
afterAll(async () => {
  await stopTestApp(live);
  await stopTestApp(sandbox);
  await paystack?.close();
});

let ip = 0;
const address = () => `10.61.${(ip += 1) >> 8}.${ip & 255}`;
const post = (ctx: TestContext, url: string, payload: object | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: address() });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let donors = 0;
async function checkout(ctx: TestContext, campaignId: string, units = 1) {
  const res = await post(ctx, '/api/donations/checkout', {
    donorEmail: `attention.donor.${(donors += 1)}@example.org`,
    donorFullName: 'Ada Attention',
    cartItems: [{ campaignId, units }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { reference: string; amountKobo: number };
}

/** A Paystack event delivered to the webhook, signed as Paystack signs it. */
function webhook(event: object) {
  const body = JSON.stringify(event);
  return post(live, '/api/payments/paystack/webhook', body, {
    'content-type': 'application/json',
    'x-paystack-signature': createHmac('sha512', SECRET).update(body).digest('hex'),
  });
}

async function queue(ctx: TestContext, token: string): Promise<AttentionItem[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/payments/attention', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** The open case of a reference and reason, once the job queue has opened it. */
async function caseFor(ctx: TestContext, token: string, reference: string, reason: string) {
  return eventually(
    `the ${reason} case for ${reference} in the attention queue`,
    async () => (await queue(ctx, token)).find((i) => i.reference === reference && i.reason === reason),
    (found) => found !== undefined,
  );
}

const donation = (ctx: TestContext, reference: string) =>
  selectRows<{ id: number; status: string; paid: boolean }>(
    ctx.database.db,
    sql`select id, status, paid_at is not null as paid from donations where reference = ${reference}`,
  ).then((r) => r[0]!);

const openCases = (ctx: TestContext, reference: string) =>
  selectRows<{ reason: string }>(
    ctx.database.db,
    sql`select c.reason from attention_cases c join donations d on d.id = c.donation_id
         where d.reference = ${reference} and c.resolved_at is null order by c.id`,
  ).then((rows) => rows.map((r) => r.reason));

const events = (ctx: TestContext, reference: string) =>
  selectRows<{ event: string; source: string; donation_id: number | null }>(
    ctx.database.db,
    sql`select event, source, donation_id from provider_events where reference = ${reference} order by id`,
  );

function sweepDeps(ctx: TestContext) {
  return {
    db: ctx.database.db,
    payments: createSandboxProvider(ctx.database.db),
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

const campaignFigures = (ctx: TestContext, id: number) =>
  selectRows<{ status: string; units: number; raised: number }>(
    ctx.database.db,
    sql`select status, units_fulfilled as units, amount_raised_kobo as raised from organization_campaigns where id = ${id}`,
  ).then((r) => ({ status: r[0]!.status, units: Number(r[0]!.units), raised: Number(r[0]!.raised) }));

const receiptJobs = (ctx: TestContext, reference: string) =>
  selectRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job j join donations d on (j.data ->> 'donationId')::int = d.id
         where j.name = 'receipts.receipt-mail' and d.reference = ${reference}`,
  ).then((r) => r[0]!.n);

describe('cases opened from the Paystack webhook', () => {
  it('a charge of the wrong amount is kept, set aside and reaches the queue with its figures', async () => {
    const c = await checkout(live, `org-${await createOrganizationCampaign(live.database.db, 5)}`, 2);
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo - 100, id: 7001 });
    const hook = await webhook({
      event: 'charge.success',
      data: { id: 7001, reference: c.reference, amount: c.amountKobo - 100 },
    });
    expect(hook.statusCode).toBe(200);
    const item = await caseFor(live, liveAdmin, c.reference, 'wrong_amount');
    expect(item).toMatchObject({
      totalKobo: c.amountKobo,
      paidKobo: c.amountKobo - 100,
      refundedKobo: 0,
      donorName: 'Ada Attention',
      resolution: null,
      canAccept: true,
      campaigns: [expect.objectContaining({ id: expect.stringMatching(/^org-\d+$/), kind: 'organization' })],
    });
    expect(item.words).toContain(ATTENTION_REASON_WORDS.wrong_amount);
    expect(item.words).toMatch(/Asked ₦[\d,.]+; the provider reports ₦[\d,.]+\./);
    expect(await events(live, c.reference)).toEqual([
      { event: 'charge.success', source: 'webhook', donation_id: (await donation(live, c.reference)).id },
    ]);
    // The admins were told once, however often it is reported.
    await webhook({ event: 'charge.success', data: { id: 7001, reference: c.reference } });
    await eventually(
      'both deliveries of the event to be kept',
      () => events(live, c.reference),
      (e) => e.length === 2,
    );
    const [told] = await selectRows<{ n: number }>(
      live.database.db,
      sql`select count(distinct message)::int as n from notifications where message like ${`Needs attention: payment ${c.reference}%`}`,
    );
    expect(told!.n).toBe(1);
    expect(await openCases(live, c.reference)).toEqual(['wrong_amount']);
  });

  it('a charge for a campaign that stopped taking gifts is recorded and reaches the queue as paid after close', async () => {
    const rid = await createRecipientCampaign(live.database.db);
    const c = await checkout(live, String(rid));
    // The hold ended and the device went to another donor meanwhile.
    await live.database.db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 minute' where reference = ${c.reference}`,
    );
    await live.database.db.execute(
      sql`update recipient_campaigns set status = 'purchased', units_fulfilled = 1 where id = ${rid}`,
    );
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo, id: 7002 });
    expect((await webhook({ event: 'charge.success', data: { id: 7002, reference: c.reference } })).statusCode).toBe(
      200,
    );
    const item = await caseFor(live, liveAdmin, c.reference, 'paid_after_close');
    expect(item).toMatchObject({ paidKobo: c.amountKobo, canAccept: false, campaigns: [{ id: String(rid) }] });
    expect(item.words).toContain('not placed: ');
    expect(await donation(live, c.reference)).toMatchObject({ status: 'needs_attention', paid: true });
  });

  it('a second charge for a recorded checkout opens paid twice; a dispute opens reversed; other events are kept only', async () => {
    const c = await checkout(live, `org-${await createOrganizationCampaign(live.database.db, 3)}`);
    paystack.set(c.reference, { status: 'success', amount: c.amountKobo, id: 8001 });
    await webhook({ event: 'charge.success', data: { id: 8001, reference: c.reference, amount: c.amountKobo } });
    await eventually(
      'the donation to be paid',
      () => donation(live, c.reference),
      (d) => d.status === 'paid',
    );
    // The same charge again is no second payment.
    await webhook({ event: 'charge.success', data: { id: 8001, reference: c.reference, amount: c.amountKobo } });
    await webhook({ event: 'transfer.success', data: { reference: c.reference } });
    await eventually(
      'the third delivery to be kept',
      () => events(live, c.reference),
      (e) => e.length === 3,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await openCases(live, c.reference)).toEqual([]);

    await webhook({ event: 'charge.success', data: { id: 8002, reference: c.reference, amount: c.amountKobo } });
    const twice = await caseFor(live, liveAdmin, c.reference, 'paid_twice');
    expect(twice.words).toContain('Recorded transaction 8001; another, 8002');
    expect(twice.canAccept).toBe(false);

    await webhook({
      event: 'charge.dispute.create',
      data: {
        id: 55,
        status: 'awaiting-merchant-feedback',
        transaction: { id: 8001, reference: c.reference, amount: c.amountKobo },
      },
    });
    await webhook({ event: 'charge.dispute.remind', data: { id: 55, transaction: { reference: c.reference } } });
    const reversed = await caseFor(live, liveAdmin, c.reference, 'reversed');
    expect(reversed.words).toContain('charge.dispute.create');
    await eventually(
      'all six deliveries to be kept',
      () => events(live, c.reference),
      (e) => e.length === 6,
    );
    expect((await events(live, c.reference)).map((e) => e.event)).toEqual([
      'charge.success',
      'charge.success',
      'transfer.success',
      'charge.success',
      'charge.dispute.create',
      'charge.dispute.remind',
    ]);
    expect(await openCases(live, c.reference)).toEqual(['paid_twice', 'reversed']);
    // A gift with a dispute is still a recorded gift until an admin decides.
    expect((await donation(live, c.reference)).status).toBe('paid');

    // Resolved outside, one case at a time: the gift stays paid.
    const outside = await post(
      live,
      `/api/admin/payments/${c.reference}/resolve`,
      { caseId: twice.id, resolution: 'outside', note: 'The bank returned the second charge to the donor.' },
      bearer(liveAdmin),
    );
    expect(outside.statusCode, outside.body).toBe(200);
    const accept = await post(
      live,
      `/api/admin/payments/${c.reference}/resolve`,
      { caseId: reversed.id, resolution: 'accept', note: 'Trying to accept a recorded gift.' },
      bearer(liveAdmin),
    );
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(NOTHING_TO_PLACE);
    expect((await donation(live, c.reference)).status).toBe('paid');
  });

  it('keeps an event that names no checkout, and refuses text the database cannot hold', async () => {
    expect((await webhook({ event: 'customeridentification.success', data: { customer_id: 1 } })).statusCode).toBe(200);
    const [kept] = await selectRows<{ reference: string; donation_id: number | null }>(
      live.database.db,
      sql`select reference, donation_id from provider_events where event = 'customeridentification.success'`,
    );
    expect(kept).toEqual({ reference: '', donation_id: null });
    const bad = await webhook({ event: 'charge.success', data: { reference: 'GOI-1', note: 'a\u0000b' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/\.$/);
  });
});

describe('cases opened by the sweep', () => {
  it('a sandbox payment of the wrong amount reaches the queue; outside closes it and the checkout is failed', async () => {
    const c = await checkout(sandbox, `org-${await createOrganizationCampaign(sandbox.database.db, 4)}`);
    expect((await post(sandbox, '/api/payments/sandbox/charge', { reference: c.reference })).statusCode).toBe(200);
    await sandbox.database.db.execute(
      sql`update sandbox_transactions set amount_kobo = amount_kobo + 5000 where reference = ${c.reference}`,
    );
    await ageForSweep(sandbox, c.reference);
    await reconcilePayments(sweepDeps(sandbox));
    const item = await caseFor(sandbox, sandboxAdmin, c.reference, 'wrong_amount');
    expect(item.paidKobo).toBe(c.amountKobo + 5000);

    const res = await post(
      sandbox,
      `/api/admin/payments/${c.reference}/resolve`,
      { caseId: item.id, resolution: 'outside', note: '  Returned to the donor by bank transfer.  ' },
      bearer(sandboxAdmin),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: item.id,
      reference: c.reference,
      reason: 'wrong_amount',
      resolution: 'outside',
      note: 'Returned to the donor by bank transfer.',
      adminEmail: expect.stringMatching(/@example\.org$/),
      resolvedAt: expect.any(String),
    });
    expect(await donation(sandbox, c.reference)).toMatchObject({ status: 'failed', paid: false });
    // Asked again, it is not set aside a second time.
    await ageForSweep(sandbox, c.reference);
    await reconcilePayments(sweepDeps(sandbox));
    expect(await openCases(sandbox, c.reference)).toEqual([]);
    expect((await donation(sandbox, c.reference)).status).toBe('failed');
    const [logged] = await selectRows<{ action: string; details: Record<string, unknown> }>(
      sandbox.database.db,
      sql`select action, details from admin_audit_log where action = 'payment.resolve' and details ->> 'reference' = ${c.reference}`,
    );
    expect(logged).toMatchObject({
      details: { summary: 'Resolved payment', caseId: item.id, resolution: 'outside', reason: 'wrong_amount' },
    });
    // Resolved, it has left the queue.
    expect((await queue(sandbox, sandboxAdmin)).some((i) => i.id === item.id)).toBe(false);
  });

  it('a payment the sweep finds after its device went to another donor reaches the queue as paid after close', async () => {
    const rid = await createRecipientCampaign(sandbox.database.db);
    const late = await checkout(sandbox, String(rid));
    await post(sandbox, '/api/payments/sandbox/charge', { reference: late.reference });
    await sandbox.database.db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 minute' where reference = ${late.reference}`,
    );
    await payForCampaign(sandbox.app, rid);
    await ageForSweep(sandbox, late.reference);
    await reconcilePayments(sweepDeps(sandbox));
    const item = await caseFor(sandbox, sandboxAdmin, late.reference, 'paid_after_close');
    expect(item.canAccept).toBe(false);
    const res = await post(
      sandbox,
      `/api/admin/payments/${late.reference}/resolve`,
      { caseId: item.id, resolution: 'accept', note: 'Hoping the device is free.' },
      bearer(sandboxAdmin),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UNITS_TAKEN);
    expect(await openCases(sandbox, late.reference)).toEqual(['paid_after_close']);
  });
});

describe('accepting', () => {
  async function wrongAmountCase(quantity: number, units: number) {
    const oid = await createOrganizationCampaign(sandbox.database.db, quantity);
    const c = await checkout(sandbox, `org-${oid}`, units);
    await post(sandbox, '/api/payments/sandbox/charge', { reference: c.reference });
    await sandbox.database.db.execute(
      sql`update sandbox_transactions set amount_kobo = amount_kobo - 1000 where reference = ${c.reference}`,
    );
    // The browser's own call sets it aside as well.
    const fund = await post(sandbox, '/api/donations/fund', { transactionId: c.reference });
    expect(fund.json().message).toMatch(/does not match/);
    return { oid, c, item: await caseFor(sandbox, sandboxAdmin, c.reference, 'wrong_amount') };
  }

  it('records the gift once, as asked, moving the campaign as a gift does', async () => {
    const { oid, c, item } = await wrongAmountCase(2, 2);
    expect(item.canAccept).toBe(true);
    const accept = () =>
      post(
        sandbox,
        `/api/admin/payments/${c.reference}/resolve`,
        { caseId: item.id, resolution: 'accept', note: 'The donor paid the rest by transfer.' },
        bearer(sandboxAdmin),
      );
    const [first, second] = await Promise.all([accept(), accept()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json().message).toBe(CASE_NOT_OPEN);
    expect([first, second].find((r) => r.statusCode === 200)!.json()).toMatchObject({ resolution: 'accept' });
    expect(await donation(sandbox, c.reference)).toMatchObject({ status: 'paid', paid: true });
    expect(await campaignFigures(sandbox, oid)).toEqual({ status: 'fulfilled', units: 2, raised: c.amountKobo });
    expect(await receiptJobs(sandbox, c.reference)).toBe(1);
    const [allocated] = await selectRows<{ n: number }>(
      sandbox.database.db,
      sql`select count(*)::int as n from donation_items i join donations d on d.id = i.donation_id
           where d.reference = ${c.reference} and i.status = 'allocated'`,
    );
    expect(allocated!.n).toBe(1);
  });

  it('refuses while the units went to another donor meanwhile', async () => {
    const { oid, c, item } = await wrongAmountCase(3, 2);
    await payForCampaign(sandbox.app, `org-${oid}`, 2);
    expect((await queue(sandbox, sandboxAdmin)).find((i) => i.id === item.id)!.canAccept).toBe(false);
    const res = await post(
      sandbox,
      `/api/admin/payments/${c.reference}/resolve`,
      { caseId: item.id, resolution: 'accept', note: 'Accept it please.' },
      bearer(sandboxAdmin),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UNITS_TAKEN);
    expect(await campaignFigures(sandbox, oid)).toMatchObject({ units: 2 });
    expect(await donation(sandbox, c.reference)).toMatchObject({ status: 'needs_attention' });
  });
});

describe('who may decide, and bad input', () => {
  it('refuses callers who are not admins', async () => {
    const { token } = await signUpUser(sandbox.app, undefined, { role: 'donor' });
    for (const [headers, status] of [
      [{}, 401],
      [bearer(token), 403],
    ] as const) {
      const list = await sandbox.app.inject({ method: 'GET', url: '/api/admin/payments/attention', headers });
      expect(list.statusCode).toBe(status);
      const resolve = await post(
        sandbox,
        '/api/admin/payments/GOI-ANY-1/resolve',
        { caseId: 1, resolution: 'outside', note: 'Not mine to decide.' },
        headers,
      );
      expect(resolve.statusCode).toBe(status);
    }
  });

  it.each([
    ['GOI-ANY-1', { resolution: 'outside', note: 'A note.' }, 400, /caseId must be a case number\./],
    ['GOI-ANY-1', { caseId: 'one', resolution: 'outside', note: 'A note.' }, 400, /caseId must be a case number\./],
    ['GOI-ANY-1', { caseId: 1, resolution: 'refund', note: 'A note.' }, 400, /resolution must be accept or outside\./],
    ['GOI-ANY-1', { caseId: 1, resolution: 'outside', note: ' a ' }, 400, /Write a note saying why/],
    ['GOI-ANY-1', { caseId: 1, resolution: 'outside' }, 400, /Write a note saying why\./],
    ['GOI ANY', { caseId: 1, resolution: 'outside', note: 'A note.' }, 400, /That is not a payment reference\./],
    ['GOI-UNKNOWN-1', { caseId: 1, resolution: 'outside', note: 'A note.' }, 404, /could not find that payment/],
  ] as const)('answers %s %j with %i', async (reference, body, status, message) => {
    const res = await post(
      sandbox,
      `/api/admin/payments/${encodeURIComponent(reference)}/resolve`,
      body,
      bearer(sandboxAdmin),
    );
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
  });

  it('answers a case of another payment, or past the column, as not open here', async () => {
    const c = await checkout(sandbox, `org-${await createOrganizationCampaign(sandbox.database.db, 2)}`);
    for (const caseId of [2_147_483_648, Number.MAX_SAFE_INTEGER, 1]) {
      const res = await post(
        sandbox,
        `/api/admin/payments/${c.reference}/resolve`,
        { caseId, resolution: 'outside', note: 'Not this one.' },
        bearer(sandboxAdmin),
      );
      expect(res.statusCode, String(caseId)).toBe(409);
      expect(res.json().message).toBe(CASE_NOT_OPEN);
    }
  });
});
