import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_LIMITS, TOO_MANY_CAMPAIGNS } from '@contract/giving';
import { selectRows } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/demo-data';
import { createTurnstile } from '../../providers/human-check/human-check';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startTurnstileStandIn } from '../../test/stand-ins';
import { OPEN_PER_ADDRESS, OPEN_PER_EMAIL, UNPAID_FROM_ADDRESS, UNPAID_PER_ADDRESS } from './start-checkout';
import { createOrganizationCampaign } from '../../test/fixtures';
import { releaseDonations } from './release-hold';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

// Every test gets its own addresses, so a limit only bites where a test is about it.
let block = 0;
const addressBlock = () => {
  block += 1;
  let n = 0;
  return { fresh: () => `10.7.${block}.${(n += 1)}`, fixed: `10.8.${block}.1` };
};

type Body = Record<string, unknown>;
const call = (url: string, payload: Body, remoteAddress: string, headers: Record<string, string> = {}, app = ctx.app) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, headers });

const checkout = (body: Body, remoteAddress: string, headers: Record<string, string> = {}, app = ctx.app) =>
  call('/api/donations/checkout', { donorFullName: 'Test Donor', ...body }, remoteAddress, headers, app);

async function pay(reference: string, remoteAddress: string, app = ctx.app) {
  await call('/api/payments/sandbox/charge', { reference }, remoteAddress, {}, app);
  return (await call('/api/donations/fund', { transactionId: reference }, remoteAddress, {}, app)).json();
}

/** A fresh approved organization campaign, so a test owns every one of its units. */
async function newOrgCampaign(quantity: number, db = ctx.database.db): Promise<string> {
  return `org-${await createOrganizationCampaign(db, quantity)}`;
}

async function donation(reference: string) {
  const [row] = await selectRows<{ status: string; items: string[]; address: string | null }>(
    ctx.database.db,
    sql`select d.status, d.client_address_hash as address,
               array(select i.status from donation_items i where i.donation_id = d.id order by i.id) as items
          from donations d where d.reference = ${reference}`,
  );
  return row!;
}

describe('what one checkout and one donor may hold', () => {
  it('holds at most 20 units of one organization campaign per checkout, so others can still give', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(60);
    const greedy = await checkout(
      { donorEmail: 'greedy@example.org', cartItems: [{ campaignId: campaign, units: 60 }] },
      a.fresh(),
    );
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json().message).toMatch(/can take at most 20 units in one payment\. Please update your gift bag\.$/);
    // Split over two lines of the same campaign, it is still one campaign's units.
    const split = await checkout(
      {
        donorEmail: 'greedy@example.org',
        cartItems: [
          { campaignId: campaign, units: 15 },
          { campaignId: campaign, units: 6 },
        ],
      },
      a.fresh(),
    );
    expect(split.statusCode).toBe(409);
    expect(
      (
        await checkout(
          { donorEmail: 'greedy@example.org', cartItems: [{ campaignId: campaign, units: 20 }] },
          a.fresh(),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await checkout(
          { donorEmail: 'next.donor@example.org', cartItems: [{ campaignId: campaign, units: 20 }] },
          a.fresh(),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('takes at most 10 campaigns in one checkout', async () => {
    const a = addressBlock();
    const campaigns = [];
    for (let i = 0; i <= CHECKOUT_LIMITS.campaignsPerCheckout; i += 1) campaigns.push(await newOrgCampaign(5));
    const eleven = await checkout(
      { donorEmail: 'many.campaigns@example.org', cartItems: campaigns.map((campaignId) => ({ campaignId })) },
      a.fresh(),
    );
    expect(eleven.statusCode).toBe(409);
    expect(eleven.json().message).toBe(TOO_MANY_CAMPAIGNS);
    const ten = await checkout(
      { donorEmail: 'many.campaigns@example.org', cartItems: campaigns.slice(1).map((campaignId) => ({ campaignId })) },
      a.fresh(),
    );
    expect(ten.statusCode).toBe(200);
  });

  it('keeps at most 3 unpaid checkouts open per donor email, whatever the address', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    const email = 'three.open@example.org';
    const open = [];
    for (let i = 0; i < CHECKOUT_LIMITS.openPerEmail; i += 1) {
      const res = await checkout({ donorEmail: email, cartItems: [{ campaignId: campaign }] }, a.fresh());
      expect(res.statusCode).toBe(200);
      open.push(res.json().reference as string);
    }
    const fourth = await checkout({ donorEmail: email, cartItems: [{ campaignId: campaign }] }, a.fresh());
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(OPEN_PER_EMAIL);
    // Another donor is not affected, and finishing one payment makes room again.
    expect(
      (await checkout({ donorEmail: 'unrelated@example.org', cartItems: [{ campaignId: campaign }] }, a.fresh()))
        .statusCode,
    ).toBe(200);
    expect((await pay(open[0]!, a.fresh())).status).toBe('paid');
    expect((await checkout({ donorEmail: email, cartItems: [{ campaignId: campaign }] }, a.fresh())).statusCode).toBe(
      200,
    );
  });

  it('keeps at most 5 unpaid checkouts open per client address', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    const refs = [];
    for (let i = 0; i < CHECKOUT_LIMITS.openPerAddress; i += 1) {
      const res = await checkout(
        { donorEmail: `address.open${i}@example.org`, cartItems: [{ campaignId: campaign }] },
        a.fixed,
      );
      expect(res.statusCode).toBe(200);
      refs.push(res.json().reference as string);
    }
    const sixth = await checkout(
      { donorEmail: 'address.open.6@example.org', cartItems: [{ campaignId: campaign }] },
      a.fixed,
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(OPEN_PER_ADDRESS);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await checkout({ donorEmail: 'address.open.6@example.org', cartItems: [{ campaignId: campaign }] }, a.fresh()))
        .statusCode,
    ).toBe(200);
    expect((await pay(refs[0]!, a.fixed)).status).toBe('paid');
    expect(
      (await checkout({ donorEmail: 'address.open.6@example.org', cartItems: [{ campaignId: campaign }] }, a.fixed))
        .statusCode,
    ).toBe(200);
  });

  it('says plainly when other donors are paying for the units right now', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(12);
    expect(
      (
        await checkout(
          { donorEmail: 'first.payer@example.org', cartItems: [{ campaignId: campaign, units: 10 }] },
          a.fresh(),
        )
      ).statusCode,
    ).toBe(200);
    const res = await checkout(
      { donorEmail: 'second.payer@example.org', cartItems: [{ campaignId: campaign, units: 5 }] },
      a.fresh(),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/has only 2 units free right now/);
    expect(res.json().message).toMatch(
      /Other donors are paying for those units right now; if they do not finish, the units become free again, usually within 15 minutes\./,
    );
  });
});

describe('checkouts waiting for a bank', () => {
  /** Makes checkouts look as if a transfer had been under way for a long time, with their hold still live. */
  const longAwaiting = (refs: string[]) =>
    ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '70 minutes', awaiting_since = now() - interval '58 minutes',
                 channel = 'bank_transfer', hold_expires_at = now() + interval '50 minutes'
           where reference = any(${sql.param(refs)}::text[])`,
    );
  const start = async (email: string, campaign: string, address: string) => {
    const res = await checkout({ donorEmail: email, cartItems: [{ campaignId: campaign }] }, address);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reference as string;
  };

  it('still count as open per address when they started more than an hour ago', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    await longAwaiting([await start('long.transfer@example.org', campaign, a.fixed)]);
    for (let i = 1; i < CHECKOUT_LIMITS.openPerAddress; i += 1)
      await start(`fresh.${i}@example.org`, campaign, a.fixed);
    const next = await checkout({ donorEmail: 'one.more@example.org', cartItems: [{ campaignId: campaign }] }, a.fixed);
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(OPEN_PER_ADDRESS);
  });

  /** The donor sends a transfer in the sandbox and closes the window: the fund call hears it is under way. */
  const transferSent = async (reference: string, address: string) => {
    await call('/api/payments/sandbox/charge', { reference, channel: 'bank_transfer' }, address);
    const fund = await call('/api/donations/fund', { transactionId: reference }, address);
    expect(fund.json().status, fund.body).toBe('awaiting_confirmation');
  };
  const holdOf = async (reference: string) => {
    const [row] = await selectRows<{ awaiting: boolean; minutes: number }>(
      ctx.database.db,
      sql`select awaiting_since is not null as awaiting,
                 round(extract(epoch from hold_expires_at - created_at) / 60)::int as minutes
            from donations where reference = ${reference}`,
    );
    return row!;
  };

  it('lengthen at most 2 holds per email; a third is still noted as under way but keeps its short hold', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    const email = 'three.transfers@example.org';
    const refs = [];
    for (let i = 0; i < 3; i += 1) {
      const reference = await start(email, campaign, a.fresh());
      await transferSent(reference, a.fresh());
      refs.push(reference);
    }
    expect(await holdOf(refs[0]!)).toEqual({ awaiting: true, minutes: 60 });
    expect(await holdOf(refs[1]!)).toEqual({ awaiting: true, minutes: 60 });
    expect(await holdOf(refs[2]!)).toEqual({ awaiting: true, minutes: 15 });
  });

  it('from one address do not keep another donor there from paying by card', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    for (const email of ['shared.one@example.org', 'shared.two@example.org']) {
      const reference = await start(email, campaign, a.fixed);
      await transferSent(reference, a.fixed);
      expect(await holdOf(reference)).toEqual({ awaiting: true, minutes: 60 });
    }
    const card = await start('shared.card@example.org', campaign, a.fixed);
    expect((await pay(card, a.fixed)).status).toBe('paid');
  });

  it('count as unpaid for an hour after a long hold lapses, not from when they started', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    // Each waited for a bank for a long time and lapsed ten minutes ago, with no payment.
    for (let i = 0; i < UNPAID_PER_ADDRESS.max; i += 1) {
      const reference = await start(`lapsed.${i}@example.org`, campaign, a.fixed);
      await ctx.database.db.execute(
        sql`update donations set created_at = now() - interval '2 hours', awaiting_since = now() - interval '110 minutes',
                   channel = 'ussd', hold_expires_at = now() - interval '10 minutes'
             where reference = ${reference}`,
      );
    }
    const next = await checkout(
      { donorEmail: 'after.lapse@example.org', cartItems: [{ campaignId: campaign }] },
      a.fixed,
    );
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(UNPAID_FROM_ADDRESS);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(45 * 60);
  });
});

describe('starting checkout again', () => {
  it('replaces the checkout this browser names by its reference, in the same step', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(1);
    const me = { donorEmail: 'reload.donor@example.org', cartItems: [{ campaignId: campaign }] };
    const first = (await checkout(me, a.fresh())).json();
    // The email alone releases nothing any more: this is the same person only by their word.
    const again = await checkout(me, a.fresh());
    expect(again.statusCode).toBe(409);
    expect((await donation(first.reference)).status).toBe('pending');

    const second = await checkout({ ...me, previousReference: first.reference }, a.fresh());
    expect(second.statusCode).toBe(200);
    expect(await donation(first.reference)).toMatchObject({ status: 'failed', items: ['released'] });
    // Someone else is still refused while the new checkout holds the unit.
    expect((await checkout({ ...me, donorEmail: 'other@example.org' }, a.fresh())).statusCode).toBe(409);
    expect((await pay(second.json().reference, a.fresh())).status).toBe('paid');
  });

  it('replaces a signed-in donor’s own earlier checkout', async () => {
    const a = addressBlock();
    const login = await call('/api/auth/login', { email: 'donor@example.com', password: DEMO_PASSWORD }, a.fresh());
    const auth = { authorization: `Bearer ${login.json().token}` };
    const campaign = await newOrgCampaign(1);
    const body = { donorEmail: 'donor@example.com', cartItems: [{ campaignId: campaign }] };
    const first = (await checkout(body, a.fresh(), auth)).json();
    // A new device, say: no reference, but the same signed-in donor.
    const second = await checkout(body, a.fresh(), auth);
    expect(second.statusCode).toBe(200);
    expect((await donation(first.reference)).status).toBe('failed');
    expect((await donation(second.json().reference)).status).toBe('pending');
  });

  it('records an earlier checkout that was in fact paid instead of releasing it', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(5);
    const first = (
      await checkout(
        { donorEmail: 'paid.before@example.org', cartItems: [{ campaignId: campaign, units: 2 }] },
        a.fresh(),
      )
    ).json();
    await call('/api/payments/sandbox/charge', { reference: first.reference }, a.fresh());
    const second = await checkout(
      {
        donorEmail: 'paid.before@example.org',
        cartItems: [{ campaignId: campaign, units: 3 }],
        previousReference: first.reference,
      },
      a.fresh(),
    );
    expect(second.statusCode).toBe(200);
    expect(await donation(first.reference)).toMatchObject({ status: 'paid', items: ['allocated'] });
  });
});

describe('releasing a hold', () => {
  it('ends it now, or when it ended if it had already lapsed', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(2);
    const start = async () =>
      (
        await checkout({ donorEmail: 'released.late@example.org', cartItems: [{ campaignId: campaign }] }, a.fresh())
      ).json().reference as string;
    const live = await start();
    const lapsed = await start();
    await ctx.database.db.execute(
      sql`update donations set hold_expires_at = now() - interval '50 minutes' where reference = ${lapsed}`,
    );
    const db = ctx.database.db;
    expect(await db.transaction((tx) => releaseDonations(tx as unknown as typeof db, [live, lapsed]))).toBe(2);
    const rows = await selectRows<{ reference: string; status: string; minutes_ago: number }>(
      db,
      sql`select reference, status, round(extract(epoch from now() - hold_expires_at) / 60)::int as minutes_ago
            from donations where reference in (${live}, ${lapsed}) order by id`,
    );
    expect(rows).toEqual([
      { reference: live, status: 'failed', minutes_ago: 0 },
      { reference: lapsed, status: 'failed', minutes_ago: 50 },
    ]);
  });

  it('is not possible for someone who only knows the donor’s email', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(1);
    const victim = {
      donorEmail: 'victim@example.org',
      donorFullName: 'Victim Donor',
      cartItems: [{ campaignId: campaign }],
    };
    const held = (await checkout(victim, a.fresh())).json();

    const attacker = await checkout({ ...victim, donorFullName: 'Someone Else' }, a.fresh());
    expect(attacker.statusCode).toBe(409);
    const guessed = await checkout({ ...victim, previousReference: 'GOI-GUESSED-000000' }, a.fresh());
    expect(guessed.statusCode).toBe(409);
    expect(await donation(held.reference)).toMatchObject({ status: 'pending', items: ['held'] });

    const paid = await pay(held.reference, a.fresh());
    expect(paid).toMatchObject({ status: 'paid', reference: held.reference });
    expect(await donation(held.reference)).toMatchObject({ status: 'paid', items: ['allocated'] });
  });
});

describe('card testing and shared addresses', () => {
  it('lets 40 different donors behind one carrier address give one after another', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(40);
    for (let i = 0; i < 40; i += 1) {
      const res = await checkout(
        { donorEmail: `cgnat.donor${i}@example.org`, cartItems: [{ campaignId: campaign }] },
        a.fixed,
      );
      expect(res.statusCode, `donor ${i}: ${res.body}`).toBe(200);
      expect((await pay(res.json().reference, a.fixed)).status).toBe('paid');
    }
  });

  it('refuses one email that starts many checkouts in an hour, from any address', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(5);
    let previousReference: string | undefined;
    for (let i = 0; i < 10; i += 1) {
      const res = await checkout(
        { donorEmail: 'card.tester@example.org', cartItems: [{ campaignId: campaign }], previousReference },
        a.fresh(),
      );
      expect(res.statusCode, `checkout ${i}`).toBe(200);
      previousReference = res.json().reference;
    }
    const eleventh = await checkout(
      { donorEmail: 'card.tester@example.org', cartItems: [{ campaignId: campaign }], previousReference },
      a.fresh(),
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(
      /Too many payments have been started with this email address in the last hour/,
    );
    expect(eleventh.headers['retry-after']).toBeDefined();
  });

  it('refuses an address whose recent checkouts were abandoned, released or failed, and stores only a hash of it', async () => {
    const a = addressBlock();
    const campaign = await newOrgCampaign(20);
    const refs: string[] = [];
    for (let i = 0; i < UNPAID_PER_ADDRESS.max; i += 1) {
      const res = await checkout(
        { donorEmail: `tester${i}@example.org`, cartItems: [{ campaignId: campaign }] },
        a.fixed,
      );
      expect(res.statusCode, `checkout ${i}: ${res.body}`).toBe(200);
      refs.push(res.json().reference);
      // Some are closed by the donor; the rest simply lapse unpaid.
      if (i % 2 === 0)
        expect((await call('/api/donations/release', { reference: res.json().reference }, a.fixed)).json().status).toBe(
          'released',
        );
      else
        await ctx.database.db.execute(
          sql`update donations set hold_expires_at = now() - interval '1 second' where reference = ${res.json().reference}`,
        );
    }
    const next = await checkout(
      { donorEmail: 'tester.next@example.org', cartItems: [{ campaignId: campaign }] },
      a.fixed,
    );
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(UNPAID_FROM_ADDRESS);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(UNPAID_PER_ADDRESS.windowMinutes * 60 - 120);
    // The same donor from another connection is fine.
    expect(
      (await checkout({ donorEmail: 'tester.next@example.org', cartItems: [{ campaignId: campaign }] }, a.fresh()))
        .statusCode,
    ).toBe(200);

    const { address } = await donation(refs[0]!);
    expect(address).toMatch(/^[0-9a-f]{64}$/);
    expect(address).not.toContain(a.fixed);
    expect((await donation(refs[1]!)).address).toBe(address);
    // An hour after their holds ended they no longer count.
    await ctx.database.db.execute(
      sql`update donations set created_at = created_at - interval '61 minutes', hold_expires_at = hold_expires_at - interval '61 minutes'
           where reference = any(${sql.param(refs)}::text[])`,
    );
    expect(
      (await checkout({ donorEmail: 'tester.later@example.org', cartItems: [{ campaignId: campaign }] }, a.fixed))
        .statusCode,
    ).toBe(200);
  });

  it('needs the human check on checkout when it is configured', async () => {
    const stand = await startTurnstileStandIn('checkout-secret');
    const guarded = await startTestApp(
      {
        turnstile: { secretKey: 'checkout-secret', siteKey: 'site-2', verifyUrl: stand.verifyUrl, hostname: undefined },
      },
      { humanCheck: createTurnstile({ secretKey: 'checkout-secret', siteKey: 'site-2', verifyUrl: stand.verifyUrl }) },
    );
    try {
      const a = addressBlock();
      const campaign = await newOrgCampaign(5, guarded.database.db);
      const body = { donorEmail: 'human@example.org', cartItems: [{ campaignId: campaign }] };
      const missing = await checkout(body, a.fresh(), {}, guarded.app);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('CAPTCHA verification failed. Please try again.');
      expect((await checkout({ ...body, turnstileToken: 'fail-token' }, a.fresh(), {}, guarded.app)).statusCode).toBe(
        400,
      );
      const good = await checkout({ ...body, turnstileToken: 'pass-token-1' }, a.fresh(), {}, guarded.app);
      expect(good.statusCode).toBe(200);
      // Tokens are single-use.
      expect((await checkout({ ...body, turnstileToken: 'pass-token-1' }, a.fresh(), {}, guarded.app)).statusCode).toBe(
        400,
      );
      expect(stand.seen.at(-1)).toMatchObject({ secret: 'checkout-secret', response: 'pass-token-1' });
      const config = (await guarded.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
      expect(config).toMatchObject({ turnstileSiteKey: 'site-2' });
    } finally {
      await stopTestApp(guarded);
      await stand.close();
    }
  });
});

describe('the stored address', () => {
  it('is the SHA-256 of the address key, never the address', async () => {
    const a = addressBlock();
    const res = await checkout(
      { donorEmail: 'hash.check@example.org', cartItems: [{ campaignId: await newOrgCampaign(1) }] },
      a.fixed,
    );
    const { address } = await donation(res.json().reference);
    expect(address).toBe(createHash('sha256').update(`checkout-address:${a.fixed}`).digest('hex'));
  });
});
