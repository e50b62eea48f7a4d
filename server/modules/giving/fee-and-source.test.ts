import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_SOURCES, type GiftSource } from '@contract/gift-sources';
import { formatNaira } from '@contract/money';
import { PAYSTACK_LOCAL_FEE, feeToCover } from '@contract/payment-fee';
import { loadConfig } from '../../config';
import { selectRows } from '../../db/client';
import { createSandboxProvider } from '../../providers/payments/payments';
import { createMailbox } from '../../test/mailbox';
import { startCheckout } from './start-checkout';
import { createOrganizationCampaign, signInNewAdmin } from '../../test/fixtures';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
const mailbox = createMailbox();
let adminToken: string;

beforeAll(async () => {
  ctx = await startTestApp({}, { mailer: mailbox });
  adminToken = (await signInNewAdmin(ctx.app, ctx.database.db)).token;
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `10.32.${(ip += 1) >> 8}.${ip & 255}` });

let donors = 0;
const donor = () => ({ donorEmail: `fee.giver.${(donors += 1)}@example.org`, donorFullName: 'Fee Giver' });

async function donationOf(reference: string) {
  const [row] = await selectRows<{ total: number; fee: number; source: string | null; status: string }>(
    ctx.database.db,
    sql`select total_kobo as total, fee_kobo as fee, source, status from donations where reference = ${reference}`,
  );
  return { total: Number(row!.total), fee: Number(row!.fee), source: row!.source, status: row!.status };
}

async function priceOf(oid: number) {
  const [row] = await selectRows<{ price: number }>(
    ctx.database.db,
    sql`select unit_price_kobo as price from organization_campaigns where id = ${oid}`,
  );
  return Number(row!.price);
}

async function raisedBy(oid: number) {
  const [row] = await selectRows<{ raised: number }>(
    ctx.database.db,
    sql`select amount_raised_kobo as raised from organization_campaigns where id = ${oid}`,
  );
  return Number(row!.raised);
}

const pay = async (reference: string) => {
  expect((await post('/api/payments/sandbox/charge', { reference })).statusCode).toBe(200);
  return post('/api/donations/fund', { transactionId: reference });
};

const giftSources = () =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/gift-sources', headers: { authorization: `Bearer ${adminToken}` } });

describe('covering the payment fee', () => {
  it('adds the fee the server works out to what is asked, and keeps it apart on the donation', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 5);
    const gifts = 3 * (await priceOf(oid));
    const fee = feeToCover(gifts, PAYSTACK_LOCAL_FEE);
    expect(fee).toBeGreaterThan(0);

    const res = await post('/api/donations/checkout', {
      ...donor(),
      coverFee: true,
      cartItems: [{ campaignId: `org-${oid}`, units: 3 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amountKobo: gifts + fee, feeKobo: fee });
    expect(await donationOf(res.json().reference)).toMatchObject({ total: gifts + fee, fee, source: null });

    const without = await post('/api/donations/checkout', { ...donor(), cartItems: [{ campaignId: `org-${oid}` }] });
    expect(without.json()).toMatchObject({ amountKobo: gifts / 3, feeKobo: 0 });
  });

  it('ignores any amount or fee the browser sends', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 5);
    const gifts = await priceOf(oid);
    for (const coverFee of [true, false]) {
      const res = await post('/api/donations/checkout', {
        ...donor(),
        coverFee,
        amountKobo: 100,
        feeKobo: 1,
        totalKobo: 101,
        cartTotal: 1,
        cartItems: [{ campaignId: `org-${oid}`, units: 1, amount: 1 }],
      });
      expect(res.statusCode).toBe(200);
      const fee = coverFee ? feeToCover(gifts, PAYSTACK_LOCAL_FEE) : 0;
      expect(res.json()).toMatchObject({ amountKobo: gifts + fee, feeKobo: fee });
      expect(await donationOf(res.json().reference)).toMatchObject({ total: gifts + fee, fee });
    }
  });

  it('refuses a coverFee that is not yes or no, in words', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 2);
    const res = await post('/api/donations/checkout', {
      ...donor(),
      coverFee: 'please',
      cartItems: [{ campaignId: `org-${oid}` }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cover the payment fee/);
  });

  it('works the fee out again when a checkout replaces the browser’s earlier one', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 5);
    const gifts = await priceOf(oid);
    const who = donor();
    const first = (
      await post('/api/donations/checkout', { ...who, coverFee: true, cartItems: [{ campaignId: `org-${oid}` }] })
    ).json();
    const second = await post('/api/donations/checkout', {
      ...who,
      previousReference: first.reference,
      cartItems: [{ campaignId: `org-${oid}`, units: 2 }],
      coverFee: true,
    });
    expect(second.json()).toMatchObject({
      amountKobo: 2 * gifts + feeToCover(2 * gifts, PAYSTACK_LOCAL_FEE),
      feeKobo: feeToCover(2 * gifts, PAYSTACK_LOCAL_FEE),
    });
    const third = await post('/api/donations/checkout', {
      ...who,
      previousReference: second.json().reference,
      cartItems: [{ campaignId: `org-${oid}`, units: 2 }],
    });
    expect(third.json()).toMatchObject({ amountKobo: 2 * gifts, feeKobo: 0 });
    expect((await donationOf(first.reference)).status).toBe('failed');
  });

  it('refuses a payment of the gifts alone when the fee was asked for (a changed amount in the payment window)', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 2);
    const gifts = await priceOf(oid);
    const checkout = (
      await post('/api/donations/checkout', { ...donor(), coverFee: true, cartItems: [{ campaignId: `org-${oid}` }] })
    ).json();
    expect(checkout.amountKobo).toBeGreaterThan(gifts);
    expect((await post('/api/payments/sandbox/charge', { reference: checkout.reference })).statusCode).toBe(200);
    // The ledger says what the card was charged: here only the gifts, as a popup given another amount would.
    await ctx.database.db.execute(
      sql`update sandbox_transactions set amount_kobo = ${gifts} where reference = ${checkout.reference}`,
    );
    const refused = await post('/api/donations/fund', { transactionId: checkout.reference });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/does not match/);
    expect(await raisedBy(oid)).toBe(0);
    expect((await donationOf(checkout.reference)).status).toBe('needs_attention');
  });

  it('grows the campaign and the donor’s history by the gifts only, and the receipt shows gifts, fee and total', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 5);
    const gifts = 2 * (await priceOf(oid));
    const fee = feeToCover(gifts, PAYSTACK_LOCAL_FEE);
    const who = donor();
    const checkout = (
      await post('/api/donations/checkout', {
        ...who,
        coverFee: true,
        cartItems: [{ campaignId: `org-${oid}`, units: 2 }],
      })
    ).json();
    const funded = await pay(checkout.reference);
    expect(funded.statusCode).toBe(200);
    expect(funded.json()).toMatchObject({ status: 'paid', amountKobo: gifts + fee });
    expect(await raisedBy(oid)).toBe(gifts);
    const [items] = await selectRows<{ sum: number }>(
      ctx.database.db,
      sql`select sum(i.amount_kobo)::bigint as sum from donation_items i join donations d on d.id = i.donation_id
           where d.reference = ${checkout.reference}`,
    );
    expect(Number(items!.sum)).toBe(gifts);

    const receipt = await eventually(
      "the donor's receipt",
      async () => mailbox.messages.find((m) => m.to === who.donorEmail && m.text.includes(checkout.reference)),
      Boolean,
    );
    expect(receipt?.text).toContain(`Gifts: ${formatNaira(gifts)}`);
    expect(receipt?.text).toContain(`Payment fee you covered: ${formatNaira(fee)}`);
    expect(receipt?.text).toContain(`Total charged: ${formatNaira(gifts + fee)}`);
    expect(receipt?.html).toContain('Payment fee you covered');
  });

  it('offers the fee formula to the web app, or none when it never adds anything', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/config' })).json().paymentFee).toEqual(
      PAYSTACK_LOCAL_FEE,
    );
    const free = await startTestApp({ paymentFee: { percentBp: 0, flatKobo: 0, flatFromKobo: 0, capKobo: null } });
    try {
      expect((await free.app.inject({ method: 'GET', url: '/api/auth/config' })).json().paymentFee).toBeNull();
    } finally {
      await stopTestApp(free);
    }
  });
});

describe('the fee settings', () => {
  it('read naira and percentages into kobo and basis points, and refuse nonsense in words', () => {
    expect(loadConfig({}).paymentFee).toEqual(PAYSTACK_LOCAL_FEE);
    expect(
      loadConfig({
        PAYMENT_FEE_PERCENT: '3.9',
        PAYMENT_FEE_FLAT_NAIRA: '50.5',
        PAYMENT_FEE_FLAT_FROM_NAIRA: '0',
        PAYMENT_FEE_CAP_NAIRA: 'none',
      }).paymentFee,
    ).toEqual({ percentBp: 390, flatKobo: 5050, flatFromKobo: 0, capKobo: null });
    expect(() => loadConfig({ PAYMENT_FEE_PERCENT: '150' })).toThrow(/PAYMENT_FEE_PERCENT must be a percentage/);
    expect(() => loadConfig({ PAYMENT_FEE_FLAT_NAIRA: '-1' })).toThrow(/PAYMENT_FEE_FLAT_NAIRA must be an amount/);
    expect(() => loadConfig({ PAYMENT_FEE_CAP_NAIRA: 'lots' })).toThrow(/PAYMENT_FEE_CAP_NAIRA must be an amount/);
  });
});

describe('where gifts come from', () => {
  it('stores the share link’s source on the donation, and the admins see paid gifts by source without fees', async () => {
    const before = (await giftSources()).json() as Array<{ source: string; gifts: number; amountKobo: number }>;
    const whatsappBefore = before.find((r) => r.source === 'whatsapp')!;

    const oid = await createOrganizationCampaign(ctx.database.db, 5);
    const price = await priceOf(oid);
    const checkout = (
      await post('/api/donations/checkout', {
        ...donor(),
        source: 'whatsapp',
        coverFee: true,
        cartItems: [{ campaignId: `org-${oid}` }],
      })
    ).json();
    expect((await donationOf(checkout.reference)).source).toBe('whatsapp');
    expect((await pay(checkout.reference)).json().status).toBe('paid');
    expect(await donationOf(checkout.reference)).toMatchObject({ source: 'whatsapp', status: 'paid' });

    const res = await giftSources();
    expect(res.statusCode).toBe(200);
    const rows = res.json() as typeof before;
    expect(rows.map((r) => r.source)).toEqual(['whatsapp', 'facebook', 'x', 'email', 'qr', 'copy', 'direct']);
    expect(rows.find((r) => r.source === 'whatsapp')).toEqual({
      source: 'whatsapp',
      gifts: whatsappBefore.gifts + 1,
      amountKobo: whatsappBefore.amountKobo + price,
    });
  });

  it('drops a source it does not know rather than refuse the gift, and counts gifts with none as direct', async () => {
    const before = (await giftSources()).json() as Array<{ source: string; gifts: number }>;
    const oid = await createOrganizationCampaign(ctx.database.db, 5);
    for (const source of ['myspace', 42, null]) {
      const res = await post('/api/donations/checkout', {
        ...donor(),
        source,
        cartItems: [{ campaignId: `org-${oid}` }],
      });
      expect(res.statusCode, String(source)).toBe(200);
      expect((await donationOf(res.json().reference)).source).toBeNull();
      await pay(res.json().reference);
    }
    const after = (await giftSources()).json() as typeof before;
    const direct = (rows: typeof before) => rows.find((r) => r.source === 'direct')!.gifts;
    expect(direct(after)).toBe(direct(before) + 3);
  });

  it('stores none for a source that reached the use-case unchecked', async () => {
    const oid = await createOrganizationCampaign(ctx.database.db, 2);
    const started = await startCheckout(
      { db: ctx.database.db, payments: createSandboxProvider(ctx.database.db), paymentFee: PAYSTACK_LOCAL_FEE },
      {
        ...donor(),
        cartItems: [{ campaignId: { kind: 'organization', id: oid }, units: 1 }],
        coverFee: false,
        source: 'tiktok' as GiftSource,
      },
      { donorUserId: null, addressHash: 'unchecked-source', release: [] },
    );
    expect((await donationOf(started.reference)).source).toBeNull();
  });

  it('has every known source accepted by the database, so a new one cannot ship without its migration', async () => {
    for (const source of GIFT_SOURCES) {
      const reference = `GOI-SOURCE-${source.toUpperCase()}-${Date.now()}`;
      await ctx.database.db.execute(
        sql`insert into donations (reference, donor_email, donor_full_name, total_kobo, source, hold_expires_at)
            values (${reference}, 'source.check@example.org', 'Source Check', 100, ${source}, now())`,
      );
      expect((await donationOf(reference)).source).toBe(source);
    }
  });

  it('shows the table to admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/gift-sources' })).statusCode).toBe(401);
  });
});
