import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_REFUSAL } from '@contract/payment-channels';
import { selectRows } from '../../db/client';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../db/seed/demo-data';
import { createSmtpMailer } from '../../providers/mail/mail';
import { createPaystackProvider } from '../../providers/payments/payments';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp';
import { startPaystackStandIn } from '../../test/stand-ins';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  payForCampaign,
  signInWithSecondFactor,
  signUpUser,
} from '../../test/fixtures';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await startTestApp({}, { mailer: createSmtpMailer(smtp.url, 'no-reply@example.org') });
});
afterAll(async () => {
  await stopTestApp(ctx);
  await smtp.close();
});

let ip = 0;
const post = (app: TestContext['app'], url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.3.${(ip += 1) >> 8}.${ip & 255}` });

async function idOf(table: string, where: ReturnType<typeof sql>, offset = 0): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select id from ${sql.identifier(table)} where ${where} order by id limit 1 offset ${offset}`,
  );
  return Number(row!.id);
}
/** A fresh approved recipient campaign of a fresh recipient, so no other test gives to it. */
const newRecipientCampaign = (options: Parameters<typeof createRecipientCampaign>[1] = {}) =>
  createRecipientCampaign(ctx.database.db, options);
/** A fresh organization campaign, approved unless told, so a test owns every one of its units. */
const newOrgCampaign = (quantity: number, options: Parameters<typeof createOrganizationCampaign>[2] = {}) =>
  createOrganizationCampaign(ctx.database.db, quantity, options);

async function campaignRow(kind: 'recipient' | 'organization', id: number) {
  const table = kind === 'recipient' ? 'recipient_campaigns' : 'organization_campaigns';
  const [row] = await selectRows<{ status: string; units_fulfilled: number; amount_raised_kobo: number }>(
    ctx.database.db,
    sql`select status, units_fulfilled, amount_raised_kobo from ${sql.identifier(table)} where id = ${id}`,
  );
  return { status: row!.status, units: Number(row!.units_fulfilled), raised: Number(row!.amount_raised_kobo) };
}

const donor = { donorEmail: 'guest.giver@example.org', donorFullName: 'Guest Giver' };

describe('checkout', () => {
  it('prices every item from the database and ignores amounts sent by the browser', async () => {
    const rid = await newRecipientCampaign();
    const oid = await newOrgCampaign(5);
    const res = await post(ctx.app, '/api/donations/checkout', {
      ...donor,
      cartTotal: 1,
      cartItems: [
        { campaignId: String(rid), units: 1, amount: 1, product_price: 1 },
        { campaignId: `org-${oid}`, units: 2, amount: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [r] = await selectRows<{ price: number }>(
      ctx.database.db,
      sql`select price_kobo as price from recipient_campaigns where id = ${rid}`,
    );
    const [o] = await selectRows<{ price: number }>(
      ctx.database.db,
      sql`select unit_price_kobo as price from organization_campaigns where id = ${oid}`,
    );
    expect(body).toMatchObject({
      currency: 'NGN',
      provider: 'sandbox',
      publicKey: null,
      amountKobo: Number(r!.price) + 2 * Number(o!.price),
    });
    expect(body.reference).toMatch(/^GOI-/);
  });

  it('refuses funded, pending, unknown and over-asked campaigns with 409 naming them', async () => {
    const fulfilled = await newOrgCampaign(4, { status: 'fulfilled' });
    const partial = await newOrgCampaign(60, { status: 'partially_fulfilled' });
    const eight = await newOrgCampaign(8);
    const cases: Array<[object, RegExp]> = [
      [{ campaignId: `org-${fulfilled}` }, /no longer open for gifts/],
      [{ campaignId: `org-${eight}`, units: 9 }, /has only 8 units left\. Please update your gift bag\.$/],
      [{ campaignId: `org-${partial}`, units: 1000 }, /can take at most 20 units in one payment/],
      [{ campaignId: String(await newRecipientCampaign({ status: 'purchased' })) }, /no longer open for gifts/],
      [{ campaignId: String(await newRecipientCampaign({ status: 'pending' })) }, /no longer open for gifts/],
      [{ campaignId: '999999' }, /no longer exists/],
    ];
    for (const [item, message] of cases) {
      const res = await post(ctx.app, '/api/donations/checkout', {
        ...donor,
        donorEmail: 'refused.cases@example.org',
        cartItems: [item],
      });
      expect(res.statusCode, JSON.stringify(item)).toBe(409);
      expect(res.json().message).toMatch(message);
    }
  });

  it.each([
    [{ donorEmail: '', donorFullName: 'A' }, 'Enter your email address.'],
    [{ donorEmail: 'a@example.org', donorFullName: ' ' }, 'Enter your full name.'],
    [{ cartItems: [] }, 'Your gift bag is empty.'],
    [{ cartItems: [{ campaignId: 'org-abc' }] }, 'Each gift must name a campaign.'],
    [{ cartItems: [{ campaignId: '1', units: 0 }] }, 'Units must be at least 1.'],
  ])('answers 400 with a clear message for bad input %#', async (change, message) => {
    const res = await post(ctx.app, '/api/donations/checkout', {
      ...donor,
      cartItems: [{ campaignId: '1' }],
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});

describe('paying through the sandbox and recording the gift', () => {
  it('records a guest gift once, funds the campaign, mails a receipt and tells the recipient and admins', async () => {
    const recipient = await signUpUser(ctx.app, smtp, { role: 'recipient' });
    const rid = await newRecipientCampaign({ recipientId: recipient.user.id });
    const checkout = (
      await post(ctx.app, '/api/donations/checkout', { ...donor, cartItems: [{ campaignId: String(rid) }] })
    ).json();
    // Before payment the provider says pending: nothing is recorded.
    const early = await post(ctx.app, '/api/donations/fund', { transactionId: checkout.reference });
    expect(early.statusCode).toBe(400);
    expect((await campaignRow('recipient', rid)).status).toBe('approved');

    expect((await post(ctx.app, '/api/payments/sandbox/charge', { reference: checkout.reference })).statusCode).toBe(
      200,
    );
    const first = await post(ctx.app, '/api/donations/fund', {
      transactionId: checkout.reference,
      cartTotal: 5,
      cartItems: [],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'paid',
      reference: checkout.reference,
      amountKobo: checkout.amountKobo,
    });
    const again = await post(ctx.app, '/api/donations/fund', { transactionId: checkout.reference });
    expect(again.json()).toEqual(first.json());

    expect(await campaignRow('recipient', rid)).toEqual({ status: 'purchased', units: 1, raised: checkout.amountKobo });
    const [count] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donations where reference = ${checkout.reference} and status = 'paid'`,
    );
    expect(count!.n).toBe(1);
    await smtp.waitFor(donor.donorEmail, (m) => m.text.includes(checkout.reference));
    const receipts = smtp.to(donor.donorEmail);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(checkout.reference);
    const notes = await selectRows<{ email: string }>(
      ctx.database.db,
      sql`select u.email from notifications n join users u on u.id = n.user_id where n.created_at > now() - interval '1 minute'`,
    );
    expect(notes.map((n) => n.email)).toEqual(expect.arrayContaining([recipient.email, 'admin@example.com']));

    const closed = await post(ctx.app, '/api/donations/checkout', {
      ...donor,
      cartItems: [{ campaignId: String(rid) }],
    });
    expect(closed.statusCode).toBe(409);
  });

  it('moves an organization campaign to partially fulfilled, then fulfilled, never past its quantity', async () => {
    const oid = await newOrgCampaign(5);
    await payForCampaign(ctx.app, `org-${oid}`, 2);
    expect(await campaignRow('organization', oid)).toMatchObject({ status: 'partially_fulfilled', units: 2 });
    await payForCampaign(ctx.app, `org-${oid}`, 3);
    expect(await campaignRow('organization', oid)).toMatchObject({ status: 'fulfilled', units: 5 });
    expect(
      (await post(ctx.app, '/api/donations/checkout', { ...donor, cartItems: [{ campaignId: `org-${oid}` }] }))
        .statusCode,
    ).toBe(409);
  });

  it('holds units at checkout so a second donor cannot take them, and still records a payment made after the hold lapsed', async () => {
    const oid = await newOrgCampaign(20);
    const left = async () => {
      const [r] = await selectRows<{ left: number }>(
        ctx.database.db,
        sql`select quantity - units_fulfilled as left from organization_campaigns where id = ${oid}`,
      );
      return Number(r!.left);
    };
    const all = await left();
    const a = (
      await post(ctx.app, '/api/donations/checkout', {
        ...donor,
        cartItems: [{ campaignId: `org-${oid}`, units: all }],
      })
    ).json();
    const b = await post(ctx.app, '/api/donations/checkout', {
      ...donor,
      donorEmail: 'second.donor@example.org',
      cartItems: [{ campaignId: `org-${oid}`, units: 1 }],
    });
    expect(b.statusCode).toBe(409);
    expect(b.json().message).toMatch(/is being paid for by other donors right now/);
    expect(b.json().message).toMatch(/become free again, usually within 15 minutes/);

    // A's hold lapses; C takes the units and pays; then A's payment arrives.
    await ctx.database.db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 second' where reference = ${a.reference}`,
    );
    const c = (
      await post(ctx.app, '/api/donations/checkout', {
        ...donor,
        donorEmail: 'third.donor@example.org',
        cartItems: [{ campaignId: `org-${oid}`, units: all }],
      })
    ).json();
    await post(ctx.app, '/api/payments/sandbox/charge', { reference: c.reference });
    expect((await post(ctx.app, '/api/donations/fund', { transactionId: c.reference })).json().status).toBe('paid');
    await post(ctx.app, '/api/payments/sandbox/charge', { reference: a.reference });
    const late = await post(ctx.app, '/api/donations/fund', { transactionId: a.reference });
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('needs_attention');
    expect(late.json().message).toMatch(/could not be placed/);
    expect(await left()).toBe(0);
    const [donation] = await selectRows<{ status: string }>(
      ctx.database.db,
      sql`select status from donations where reference = ${a.reference}`,
    );
    expect(donation!.status).toBe('needs_attention');
  });

  it('records a payment for a campaign closed while its hold was live as needing attention, and funds the rest of the bag', async () => {
    const open = await newOrgCampaign(4);
    const closing = await newOrgCampaign(4);
    const checkout = await post(ctx.app, '/api/donations/checkout', {
      ...donor,
      donorEmail: 'closed.meanwhile@example.org',
      cartItems: [
        { campaignId: `org-${open}`, units: 2 },
        { campaignId: `org-${closing}`, units: 3 },
      ],
    });
    expect(checkout.statusCode).toBe(200);
    const { reference } = checkout.json();
    // The hold is still live when the campaign stops taking gifts.
    await ctx.database.db.execute(sql`update organization_campaigns set status = 'rejected' where id = ${closing}`);
    await post(ctx.app, '/api/payments/sandbox/charge', { reference });
    const fund = await post(ctx.app, '/api/donations/fund', { transactionId: reference });
    expect(fund.statusCode).toBe(200);
    expect(fund.json().status).toBe('needs_attention');
    expect(await campaignRow('organization', open)).toMatchObject({ status: 'partially_fulfilled', units: 2 });
    expect(await campaignRow('organization', closing)).toMatchObject({ status: 'rejected', units: 0, raised: 0 });
    const items = await selectRows<{ organization_campaign_id: number; status: string }>(
      ctx.database.db,
      sql`select i.organization_campaign_id, i.status from donation_items i join donations d on d.id = i.donation_id
           where d.reference = ${reference} order by i.organization_campaign_id`,
    );
    expect(items.map((i) => [Number(i.organization_campaign_id), i.status])).toEqual([
      [open, 'allocated'],
      [closing, 'unallocated'],
    ]);
    // Asked again, the same answer and nothing counted twice.
    expect((await post(ctx.app, '/api/donations/fund', { transactionId: reference })).json().status).toBe(
      'needs_attention',
    );
    expect(await campaignRow('organization', open)).toMatchObject({ units: 2 });
  });

  it('refuses an unknown reference', async () => {
    const res = await post(ctx.app, '/api/donations/fund', { transactionId: 'GOI-NOT-REAL' });
    expect(res.statusCode).toBe(404);
  });
});

describe('donor history', () => {
  it('shows only the caller’s gifts, including guest gifts made with their verified email', async () => {
    const login = async (email: string) =>
      (await post(ctx.app, '/api/auth/login', { email, password: DEMO_PASSWORD })).json().token as string;
    const token = await login('donor@example.com');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/donor/gifts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.giftsMade).toBe(body.givingHistory.length);
    expect(body.totalGiven).toBe(body.givingHistory.reduce((s: number, g: { amount: number }) => s + g.amount, 0));
    expect(body.givingHistory.map((g: { recipient_first_name: string }) => g.recipient_first_name)).toEqual(
      expect.arrayContaining(['Yemi', 'Halima']),
    );
    expect(body.givingHistory.some((g: { status: string }) => g.status === 'Delivered')).toBe(true);
    expect(body.givingHistory.some((g: { status: string }) => g.status === 'Processing Pickup')).toBe(true);
    // Guest gifts by guest.giver@example.org are not the demo donor's.
    const [guestCount] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donations where donor_email = 'guest.giver@example.org' and status in ('paid','needs_attention')`,
    );
    expect(guestCount!.n).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('guest.giver');

    const recipient = await login('recipient@example.com');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/donor/gifts',
          headers: { authorization: `Bearer ${recipient}` },
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts' })).statusCode).toBe(401);
  });

  it('lets an admin list an organization campaign’s donations', async () => {
    const token = await signInWithSecondFactor(
      ctx.app,
      { email: 'admin@example.com', password: DEMO_PASSWORD },
      DEMO_TOTP_SECRET,
    );
    const oid = await idOf(
      'organization_campaigns',
      sql`organization_id = (select id from users where email = 'organization@example.com')`,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/org-campaigns/${oid}/donations`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ first_name: 'Kelechi', last_name: 'Umeh', units_funded: 15 })]),
    );
  });
});

describe('Paystack', () => {
  const SECRET = 'sk_test_loopback';
  it('verifies amount, currency and status with the provider, and checks webhook signatures', async () => {
    const paystack = await startPaystackStandIn(SECRET);
    const app = await startTestApp(
      { paystack: { secretKey: SECRET, publicKey: 'pk_test_loopback', apiBase: paystack.apiBase } },
      {
        payments: createPaystackProvider({
          secretKey: SECRET,
          publicKey: 'pk_test_loopback',
          apiBase: paystack.apiBase,
        }),
      },
    );
    try {
      const checkout = async () => {
        const rid = await createRecipientCampaign(app.database.db);
        return (
          await post(app.app, '/api/donations/checkout', { ...donor, cartItems: [{ campaignId: String(rid) }] })
        ).json();
      };
      const c = await checkout();
      expect(c).toMatchObject({ provider: 'paystack', publicKey: 'pk_test_loopback' });
      // The sandbox does not exist when Paystack is configured.
      expect((await post(app.app, '/api/payments/sandbox/charge', { reference: c.reference })).statusCode).toBe(404);

      const fund = () => post(app.app, '/api/donations/fund', { transactionId: c.reference });
      // Unknown to the provider, then failed: both say nothing was taken, in words and in a code the page reads.
      const unknown = await fund();
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe(FUND_REFUSAL.notCompleted);
      paystack.set(c.reference, { status: 'failed', amount: c.amountKobo });
      expect((await fund()).json()).toMatchObject({
        message: expect.stringMatching(/not completed/),
        code: FUND_REFUSAL.notCompleted,
      });
      // A payment of another amount or currency is refused (and set aside for the admins).
      for (const [change, label] of [
        [{ amount: -100 }, 'amount'],
        [{ currency: 'USD' }, 'currency'],
      ] as const) {
        const campaignId = `org-${await createOrganizationCampaign(app.database.db, 2)}`;
        const other = (
          await post(app.app, '/api/donations/checkout', { ...donor, cartItems: [{ campaignId, units: 1 }] })
        ).json();
        paystack.set(other.reference, {
          status: 'success',
          amount: other.amountKobo + ('amount' in change ? change.amount : 0),
          ...('currency' in change ? { currency: change.currency } : {}),
        });
        const refused = await post(app.app, '/api/donations/fund', { transactionId: other.reference });
        expect(refused.json().message, label).toMatch(/does not match/);
      }

      paystack.set(c.reference, { status: 'success', amount: c.amountKobo });
      const event = JSON.stringify({
        event: 'charge.success',
        data: { reference: c.reference, amount: c.amountKobo, currency: 'NGN' },
      });
      const sign = (body: string, key = SECRET) => createHmac('sha512', key).update(body).digest('hex');
      const hook = (body: string, signature: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/payments/paystack/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        });
      expect((await hook(event, sign(event, 'wrong-key'))).statusCode).toBe(401);
      expect((await hook(event, 'abc')).statusCode).toBe(401);
      const ok = await hook(event, sign(event));
      expect(ok.statusCode).toBe(200);
      // Stored, then recorded by the job queue a moment later.
      const status = () =>
        selectRows<{ status: string }>(
          app.database.db,
          sql`select status from donations where reference = ${c.reference}`,
        ).then((r) => r[0]!.status);
      await eventually('the webhook to record the payment', status, (s) => s === 'paid');
      // The browser's own call afterwards records nothing new and answers the same.
      expect((await fund()).json()).toMatchObject({ status: 'paid', reference: c.reference });
      expect((await hook(event, sign(event))).statusCode).toBe(200);
      const [n] = await selectRows<{ n: number }>(
        app.database.db,
        sql`select count(*)::int as n from donation_items i join donations d on d.id = i.donation_id where d.reference = ${c.reference} and i.status = 'allocated'`,
      );
      expect(n!.n).toBe(1);
      expect(paystack.calls.every((call) => call.startsWith('GET /transaction/verify/'))).toBe(true);
    } finally {
      await stopTestApp(app);
      await paystack.close();
    }
  });
});

describe('closing the payment window', () => {
  it('gives the held units back at once, and never releases a paid reference', async () => {
    const rid = await newRecipientCampaign();
    const item = { ...donor, cartItems: [{ campaignId: String(rid) }] };
    const first = (await post(ctx.app, '/api/donations/checkout', item)).json();
    expect(
      (await post(ctx.app, '/api/donations/checkout', { ...item, donorEmail: 'someone.else@example.org' })).statusCode,
    ).toBe(409);
    expect((await post(ctx.app, '/api/donations/release', { reference: first.reference })).json()).toEqual({
      status: 'released',
    });
    expect((await post(ctx.app, '/api/donations/release', { reference: first.reference })).json()).toEqual({
      status: 'unchanged',
    });
    // A released reference cannot be paid into a gift afterwards by mistake: it stays failed.
    const second = (await post(ctx.app, '/api/donations/checkout', item)).json();
    expect(second.reference).toMatch(/^GOI-/);
    await post(ctx.app, '/api/payments/sandbox/charge', { reference: second.reference });
    expect((await post(ctx.app, '/api/donations/release', { reference: second.reference })).json()).toEqual({
      status: 'paid',
    });
    expect((await campaignRow('recipient', rid)).status).toBe('purchased');
  });
});

describe('a guest who signs up later', () => {
  it('sees gifts made as a guest once the same email is verified', async () => {
    const email = 'later.member@example.org';
    const rid = await newRecipientCampaign();
    const c = (
      await post(ctx.app, '/api/donations/checkout', {
        donorEmail: email,
        donorFullName: 'Later Member',
        cartItems: [{ campaignId: String(rid) }],
      })
    ).json();
    await post(ctx.app, '/api/payments/sandbox/charge', { reference: c.reference });
    expect((await post(ctx.app, '/api/donations/fund', { transactionId: c.reference })).json().status).toBe('paid');

    const { token } = await signUpUser(ctx.app, smtp, { role: 'donor', email });
    const gifts = (
      await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(gifts.giftsMade).toBe(1);
    expect(gifts.totalGiven).toBe(c.amountKobo);
  });
});
