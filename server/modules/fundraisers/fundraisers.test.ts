import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TAKES_NO_FUNDRAISER,
  FUNDRAISER_CAMPAIGN_FUNDED,
  FUNDRAISER_CAMPAIGN_NOT_IN_BAG,
  FUNDRAISER_NOT_FOUND,
  FUNDRAISER_NOT_OPEN,
  FUNDRAISERS_OPEN_MAX,
  ONE_OPEN_PER_CAMPAIGN,
  PHOTO_ALT_REQUIRED,
  REASON_REQUIRED,
  TOO_MANY_OPEN,
  fundraiserReplySchema,
  myFundraisersSchema,
} from '@contract/fundraisers';
import { STOPPED_CAMPAIGN_WORDS } from '@contract/stopped-campaign';
import { selectRows, type Db } from '../../db/client';
import sharp from 'sharp';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  signInNewAdmin,
  signUpUser,
  uploadFile,
} from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { FUNDED_STATUSES } from '../campaign-core/status-rules';
import { FUNDRAISER_CLOSED } from './read-fundraisers';

let ctx: TestContext;
let db: Db;
let admin: string;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let address = 0;
const nextAddress = () => `10.81.${(address >> 8) & 255}.${++address & 255}`;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  admin = (await signInNewAdmin(ctx.app, db)).token;
});
afterAll(() => stopTestApp(ctx));

// Each test has its own owner and stranger, so the open limits of one never touch another.
beforeEach(async () => {
  const made = await signUpUser(ctx.app, undefined, { role: 'donor', firstName: 'Chiamaka', lastName: 'Obi' });
  owner = { token: made.token, id: made.user.id };
  const other = await signUpUser(ctx.app, undefined, { role: 'donor' });
  stranger = { token: other.token, id: other.user.id };
});

async function start(
  campaignId: string | number,
  who = owner,
  words: { title?: string; story?: string; goalKobo?: number } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/fundraisers',
    headers: bearer(who.token),
    payload: {
      campaignId,
      title: words.title ?? 'Walking for Ada',
      story: words.story ?? 'I am walking 10 km so Ada can travel to school on her own.',
      goalKobo: words.goalKobo ?? 10_000_000,
    },
  });
}

async function started(campaignId: string | number, who = owner, words = {}): Promise<string> {
  const res = await start(campaignId, who, words);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'pending' });
  return res.json().slug as string;
}

const decide = (slug: string, payload: object, token = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/fundraisers/${slug}`, headers: bearer(token), payload });

async function approved(campaignId: string | number, who = owner, words = {}): Promise<string> {
  const slug = await started(campaignId, who, words);
  const res = await decide(slug, { status: 'approved' });
  expect(res.statusCode, res.body).toBe(200);
  return slug;
}

const read = (slug: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/fundraisers/${slug}`, headers: token ? bearer(token) : {} });

async function page(slug: string, token?: string) {
  const res = await read(slug, token);
  expect(res.statusCode, res.body).toBe(200);
  return fundraiserReplySchema.parse(res.json());
}

/** A guest's paid gift through the API, as the browser makes it, optionally through a fundraiser. */
async function give(
  cartItems: Array<{ campaignId: string; units?: number }>,
  extra: {
    fundraiser?: string;
    coverFee?: boolean;
    donorFullName?: string;
    anonymous?: boolean;
    message?: string;
  } = {},
) {
  const remoteAddress = nextAddress();
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    payload: {
      donorEmail: `guest.${address}@example.org`,
      donorFullName: extra.donorFullName ?? 'Ngozi Eze',
      cartItems: cartItems.map((i) => ({ campaignId: i.campaignId, units: i.units ?? 1 })),
      ...(extra.fundraiser ? { fundraiser: extra.fundraiser } : {}),
      ...(extra.coverFee ? { coverFee: true } : {}),
      ...(extra.message ? { message: extra.message, anonymous: extra.anonymous ?? false } : {}),
    },
  });
  if (checkout.statusCode !== 200) return { checkout };
  const { reference, amountKobo, feeKobo } = checkout.json() as {
    reference: string;
    amountKobo: number;
    feeKobo: number;
  };
  const charge = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/charge',
    remoteAddress,
    payload: { reference },
  });
  expect(charge.statusCode, charge.body).toBeLessThan(300);
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode, fund.body).toBe(200);
  return { checkout, reference, amountKobo, feeKobo, fund: fund.json() as { status: string } };
}

async function organizationRaised(id: number): Promise<number> {
  const [row] = await selectRows<{ raised: string }>(
    db,
    sql`select amount_raised_kobo as raised from organization_campaigns where id = ${id}`,
  );
  return Number(row!.raised);
}

async function noticesOf(userId: number): Promise<string[]> {
  const rows = await selectRows<{ message: string }>(
    db,
    sql`select message from notifications where user_id = ${userId} order by id`,
  );
  return rows.map((r) => r.message);
}

describe('moderation', () => {
  it('keeps a new fundraiser private until an admin approves it, then shows it on its page and its campaign', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const slug = await started(`org-${campaign}`, owner, { title: 'Cycling for the resource room' });
    expect(slug).toMatch(/^cycling-for-the-resource-room-[a-z0-9]{4}$/);

    // Pending: not found to the public and to other donors; its owner and the admins read it.
    for (const token of [undefined, stranger.token]) {
      const res = await read(slug, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(FUNDRAISER_NOT_FOUND);
    }
    expect(await page(slug, owner.token)).toMatchObject({ status: 'pending', isOwner: true, takesGifts: false });
    expect(await page(slug, admin)).toMatchObject({ status: 'pending', isOwner: false });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/org-${campaign}/fundraisers` });
    expect(list.json().items).toEqual([]);
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/admin/fundraisers', headers: bearer(admin) });
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({ slug, kind: 'new', ownerName: 'Chiamaka Obi' }),
    );

    const res = await decide(slug, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await page(slug);
    expect(shown).toMatchObject({
      title: 'Cycling for the resource room',
      goalKobo: 10_000_000,
      raisedKobo: 0,
      giftCount: 0,
      campaignId: `org-${campaign}`,
      ownerName: 'Chiamaka O.',
      takesGifts: true,
      stoppedNotice: null,
      isOwner: false,
    });
    const after = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/org-${campaign}/fundraisers` });
    expect(after.json().items).toEqual([
      { slug, title: 'Cycling for the resource room', raisedKobo: 0, goalKobo: 10_000_000 },
    ]);
    const [audited] = await selectRows<{ action: string; admin_id: number }>(
      db,
      sql`select action, admin_id from admin_audit_log where entity_type = 'fundraiser' and details->>'slug' = ${slug}`,
    );
    expect(audited?.action).toBe('fundraiser.approve');
    expect(
      (await noticesOf(owner.id)).some((m) => m.includes('Cycling for the resource room') && m.includes('approved')),
    ).toBe(true);
  });

  it('takes a photo through the upload pipeline, only with a description, and keeps the approved one while a new one waits', async () => {
    const campaign = await createRecipientCampaign(db);
    const png = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const upload = async (colour: string) =>
      (
        await uploadFile(ctx.app, owner.token, {
          purpose: 'fundraiserPhoto',
          fileName: `${colour}.png`,
          type: 'image/png',
          bytes: await png(colour),
        })
      ).key;

    const noAlt = await ctx.app.inject({
      method: 'POST',
      url: '/api/fundraisers',
      headers: bearer(owner.token),
      payload: {
        campaignId: campaign,
        title: 'With a photo',
        story: 'Words.',
        goalKobo: 200_000,
        photo: { key: await upload('red') },
      },
    });
    expect(noAlt.statusCode).toBe(400);
    expect(JSON.stringify(noAlt.json())).toContain(PHOTO_ALT_REQUIRED);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/fundraisers',
      headers: bearer(owner.token),
      payload: {
        campaignId: campaign,
        title: 'With a photo',
        story: 'Words.',
        goalKobo: 200_000,
        photo: { key: await upload('red'), alt: 'Me at the start line in a red shirt' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const slug = res.json().slug as string;
    expect((await decide(slug, { status: 'approved' })).statusCode).toBe(200);
    const first = (await page(slug)).photo;
    expect(first).toMatchObject({ alt: 'Me at the start line in a red shirt' });
    // Re-encoded under a key of its own, never the uploaded one.
    expect(first!.url).not.toContain('incoming');

    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/fundraisers/${slug}`,
      headers: bearer(owner.token),
      payload: {
        title: 'With a photo',
        story: 'Words.',
        goalKobo: 200_000,
        photo: { key: await upload('blue'), alt: 'At the finish' },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await page(slug)).photo).toEqual(first);
    expect((await page(slug, owner.token)).revision?.photo).toMatchObject({ alt: 'At the finish' });
    expect((await decide(slug, { status: 'approved' })).statusCode).toBe(200);
    expect((await page(slug)).photo).toMatchObject({ alt: 'At the finish' });
  });

  it('rejects only with a reason, which the owner is told; the fundraiser stays private', async () => {
    const campaign = await createRecipientCampaign(db);
    const slug = await started(campaign, owner, { title: 'A fundraiser with a phone number in it' });
    const bare = await decide(slug, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain(REASON_REQUIRED);

    const res = await decide(slug, { status: 'rejected', reason: 'Please leave out private phone numbers.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(slug)).statusCode).toBe(404);
    expect(await page(slug, owner.token)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please leave out private phone numbers.',
    });
    expect((await noticesOf(owner.id)).some((m) => m.includes('was not approved'))).toBe(true);
    const mails = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and data::text like '%Please leave out private phone numbers.%'`,
    );
    expect(mails[0]!.n).toBe(1);
    // Nothing waits any more.
    expect((await decide(slug, { status: 'approved' })).statusCode).toBe(409);
  });

  it('keeps the approved words public while an edit waits, and shows the edit once it is approved', async () => {
    const campaign = await createRecipientCampaign(db);
    const slug = await approved(campaign, owner, { title: 'Running for Emeka' });
    const edit = (title: string, token = owner.token) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/fundraisers/${slug}`,
        headers: bearer(token),
        payload: { title, story: 'New words, not yet read.', goalKobo: 20_000_000 },
      });
    expect((await edit('Running twice for Emeka')).statusCode).toBe(200);

    expect(await page(slug)).toMatchObject({ title: 'Running for Emeka', goalKobo: 10_000_000, revision: null });
    expect((await page(slug, owner.token)).revision).toEqual({
      title: 'Running twice for Emeka',
      story: 'New words, not yet read.',
      goalKobo: 20_000_000,
      photo: null,
    });
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/admin/fundraisers', headers: bearer(admin) });
    expect(queue.json().items).toContainEqual(expect.objectContaining({ slug, kind: 'revision' }));

    // A revision rejected leaves the approved words; one approved replaces them.
    expect((await decide(slug, { status: 'rejected', reason: 'Please keep the goal as it was.' })).statusCode).toBe(
      200,
    );
    expect(await page(slug)).toMatchObject({ title: 'Running for Emeka', status: 'approved' });
    expect((await page(slug, owner.token)).revision).toBeNull();

    expect((await edit('Running twice for Emeka')).statusCode).toBe(200);
    expect((await decide(slug, { status: 'approved' })).statusCode).toBe(200);
    expect(await page(slug)).toMatchObject({
      title: 'Running twice for Emeka',
      story: 'New words, not yet read.',
      goalKobo: 20_000_000,
      status: 'approved',
    });
  });
});

describe('gifts through a fundraiser', () => {
  it('counts a gift once in the fundraiser and once in the campaign, never the fee, and tells the owner', async () => {
    const campaign = await createOrganizationCampaign(db, 20);
    const slug = await approved(`org-${campaign}`, owner, { title: 'Swimming for slates' });
    const before = await organizationRaised(campaign);

    const gift = await give([{ campaignId: `org-${campaign}`, units: 2 }], {
      fundraiser: slug,
      coverFee: true,
      donorFullName: 'Ngozi Adaeze Eze',
    });
    expect(gift.fund?.status).toBe('paid');
    const given = gift.amountKobo! - gift.feeKobo!;
    expect(gift.feeKobo).toBeGreaterThan(0);
    expect(await organizationRaised(campaign)).toBe(before + given);
    expect(await page(slug)).toMatchObject({ raisedKobo: given, giftCount: 1 });

    // A gift to the campaign not through the fundraiser counts for the campaign alone; an anonymous one shows so.
    await give([{ campaignId: `org-${campaign}` }]);
    const anonymous = await give([{ campaignId: `org-${campaign}` }], {
      fundraiser: slug,
      message: 'Go well!',
      anonymous: true,
    });
    const shown = await page(slug);
    expect(shown).toMatchObject({ raisedKobo: given + anonymous.amountKobo!, giftCount: 2 });

    const mine = myFundraisersSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/fundraisers/mine', headers: bearer(owner.token) })).json(),
    );
    const own = mine.items.find((f) => f.slug === slug)!;
    expect(own.gifts.map((g) => [g.name, g.amountKobo])).toEqual([
      ['Anonymous', anonymous.amountKobo],
      ['Ngozi E.', given],
    ]);
    // The stranger's list holds none of it.
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/fundraisers/mine',
      headers: bearer(stranger.token),
    });
    expect(JSON.stringify(theirs.json())).not.toContain(slug);
    expect((await noticesOf(owner.id)).filter((m) => m.includes('Swimming for slates') && m.includes('gave'))).toEqual([
      expect.stringContaining('Ngozi E. gave'),
      expect.stringContaining('Anonymous gave'),
    ]);
  });

  it('lists a campaign’s fundraisers most raised first', async () => {
    const campaign = await createOrganizationCampaign(db, 20);
    const quiet = await approved(`org-${campaign}`, owner, { title: 'Quiet one' });
    const busy = await approved(`org-${campaign}`, stranger, { title: 'Busy one' });
    await give([{ campaignId: `org-${campaign}`, units: 2 }], { fundraiser: busy });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/org-${campaign}/fundraisers` });
    expect(list.json().items.map((f: { slug: string }) => f.slug)).toEqual([busy, quiet]);
  });

  it('refuses a fundraiser that is not approved, or whose campaign is not in the bag', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const other = await createOrganizationCampaign(db, 10);
    const pending = await started(`org-${campaign}`, stranger);
    const refused = await give([{ campaignId: `org-${campaign}` }], { fundraiser: pending });
    expect(refused.checkout.statusCode).toBe(409);
    expect(refused.checkout.json().message).toBe(FUNDRAISER_NOT_OPEN);
    const unknown = await give([{ campaignId: `org-${campaign}` }], { fundraiser: 'no-such-fundraiser-zzzz' });
    expect(unknown.checkout.statusCode).toBe(409);

    expect((await decide(pending, { status: 'approved' })).statusCode).toBe(200);
    const elsewhere = await give([{ campaignId: `org-${other}` }], { fundraiser: pending });
    expect(elsewhere.checkout.statusCode).toBe(409);
    expect(elsewhere.checkout.json().message).toBe(FUNDRAISER_CAMPAIGN_NOT_IN_BAG);
    // Nothing was held by the refused checkouts.
    const [held] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from donations where fundraiser_id = (select id from fundraisers where slug = ${pending})`,
    );
    expect(held!.n).toBe(0);
  });

  it('says so and takes no gift once the campaign is funded or closed, or the fundraiser is closed', async () => {
    const person = await createRecipientCampaign(db);
    const funded = await approved(person, owner, { title: 'For a cane' });
    await db.execute(
      sql`update recipient_campaigns set status = ${FUNDED_STATUSES.recipient[0]!}, units_fulfilled = 1 where id = ${person}`,
    );
    expect(await page(funded)).toMatchObject({ takesGifts: false, stoppedNotice: FUNDRAISER_CAMPAIGN_FUNDED });
    const toFunded = await give([{ campaignId: String(person) }], { fundraiser: funded });
    expect(toFunded.checkout.statusCode).toBe(409);

    const organization = await createOrganizationCampaign(db, 10);
    const closing = await approved(`org-${organization}`, owner, { title: 'For slates' });
    await db.execute(sql`update organization_campaigns set status = 'closed' where id = ${organization}`);
    expect(await page(closing)).toMatchObject({
      takesGifts: false,
      stoppedNotice: STOPPED_CAMPAIGN_WORDS.closed.notice,
    });
    const toClosed = await give([{ campaignId: `org-${organization}` }], { fundraiser: closing });
    expect(toClosed.checkout.statusCode).toBe(409);
    expect(toClosed.checkout.json().message).toBe(STOPPED_CAMPAIGN_WORDS.closed.checkout);
    // A campaign that takes no gifts takes no new fundraiser either.
    const late = await start(`org-${organization}`, stranger);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CAMPAIGN_TAKES_NO_FUNDRAISER);

    const open = await createOrganizationCampaign(db, 10);
    const ended = await approved(`org-${open}`, owner, { title: 'Ends soon' });
    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/fundraisers/${ended}/close`,
      headers: bearer(owner.token),
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(await page(ended)).toMatchObject({ status: 'closed', takesGifts: false, stoppedNotice: FUNDRAISER_CLOSED });
    const toEnded = await give([{ campaignId: `org-${open}` }], { fundraiser: ended });
    expect(toEnded.checkout.statusCode).toBe(409);
    expect(toEnded.checkout.json().message).toBe(FUNDRAISER_NOT_OPEN);
  });
});

describe('limits and ownership', () => {
  it('allows one open fundraiser per campaign and five in all, and counts a closed one out', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const who = { token: donor.token, id: donor.user.id };
    const campaigns = await Promise.all(
      Array.from({ length: FUNDRAISERS_OPEN_MAX + 1 }, () => createOrganizationCampaign(db, 5)),
    );
    const first = await started(`org-${campaigns[0]}`, who);
    const twice = await start(`org-${campaigns[0]}`, who);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ONE_OPEN_PER_CAMPAIGN);
    for (const id of campaigns.slice(1, FUNDRAISERS_OPEN_MAX)) await started(`org-${id}`, who);
    const sixth = await start(`org-${campaigns[FUNDRAISERS_OPEN_MAX]}`, who);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(TOO_MANY_OPEN);

    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/fundraisers/${first}/close`,
      headers: bearer(who.token),
    });
    expect(close.statusCode).toBe(200);
    await started(`org-${campaigns[FUNDRAISERS_OPEN_MAX]}`, who);
  });

  it('lets nobody but the owner change or close a fundraiser, and only admins decide', async () => {
    const campaign = await createRecipientCampaign(db);
    const slug = await started(campaign);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/fundraisers/${slug}`,
      headers: bearer(stranger.token),
      payload: { title: 'Taken over', story: 'Mine now.', goalKobo: 200_000 },
    });
    expect(edit.statusCode).toBe(404);
    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/fundraisers/${slug}/close`,
      headers: bearer(stranger.token),
    });
    expect(close.statusCode).toBe(404);
    expect((await decide(slug, { status: 'approved' }, owner.token)).statusCode).toBe(403);
    expect(await page(slug, owner.token)).toMatchObject({ title: 'Walking for Ada', status: 'pending' });
  });

  it('answers bad input with a sentence, never a 500', async () => {
    const campaign = await createRecipientCampaign(db);
    const cases = [
      { campaignId: 'nonsense', title: 'x', story: 'y', goalKobo: 200_000 },
      { campaignId: campaign, title: '', story: 'y', goalKobo: 200_000 },
      { campaignId: campaign, title: 'x'.repeat(81), story: 'y', goalKobo: 200_000 },
      { campaignId: campaign, title: 'x', story: 'y', goalKobo: 5 },
      { campaignId: campaign, title: 'x', story: 'y', goalKobo: 1.5 },
      { campaignId: 999_999, title: 'x', story: 'y', goalKobo: 200_000 },
    ];
    for (const payload of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/fundraisers',
        headers: bearer(owner.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await decide('no-such-slug', { status: 'approved' })).statusCode).toBe(404);
    expect((await decide('x', { status: 'maybe' })).statusCode).toBe(400);
  });
});
