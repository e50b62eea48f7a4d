import { randomBytes } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrganizationCampaignSchema, publicRecipientCampaignSchema } from '@contract/campaigns';
import { donorGiftsSchema } from '@contract/giving';
import { paymentDetailSchema, paymentListSchema } from '@contract/money-desk';
import { transparencySchema } from '@contract/transparency';
import { CAMPAIGN_ID_INVALID } from '@contract/ids';
import { MATCH_ALREADY_CLOSED, MATCH_NOT_FOUND, matchPoolListSchema } from '@contract/match-admin';
import { matchLine } from '@contract/match-words';
import { SPONSOR_LOGO_ALT_REQUIRED } from '@contract/matching';
import sharp from 'sharp';
import { selectRows, type Db } from '../../db/client';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  signInNewAdmin,
  signUpUser,
  uploadFile,
} from '../../test/fixtures';
import { refreshOrganizationSearchText } from '../campaign-core/search-text';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';

const SLATE = 1_200_000; // Braille Slate and Stylus Set, ₦12,000 a unit
const CANE = 4_500_000; // Folding White Cane, ₦45,000

let ctx: TestContext;
let db: Db;
let admin: string;
let donor: string;
let donorId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  admin = (await signInNewAdmin(ctx.app, db)).token;
  const signedUp = await signUpUser(ctx.app, undefined, { role: 'donor' });
  donor = signedUp.token;
  donorId = signedUp.user.id;
});
afterAll(() => stopTestApp(ctx));

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

function open(body: Record<string, unknown>, token = admin) {
  return ctx.app.inject({ method: 'POST', url: '/api/admin/matches', headers: as(token), payload: body });
}

async function openPool(body: Record<string, unknown>): Promise<number> {
  const res = await open({
    sponsorName: 'Zenith Cares',
    poolKobo: 10_000_000,
    startsAt: hours(-1),
    endsAt: hours(48),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function orgReply(id: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/org-campaigns/${id}` });
  expect(res.statusCode).toBe(200);
  return publicOrganizationCampaignSchema.parse(res.json());
}

async function recipientReply(id: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${id}` });
  expect(res.statusCode).toBe(200);
  return publicRecipientCampaignSchema.parse(res.json());
}

async function pools() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/matches', headers: as(admin) });
  expect(res.statusCode).toBe(200);
  return matchPoolListSchema.parse(res.json()).pools;
}

/**
 * A paid gift whose sponsor's part sits beside the donor's in the same donation, as checkout records
 * it (decision 0080): the donor's items, then the pool's, allocated.
 */
async function matchedGift(
  poolId: number,
  items: Array<{
    kind: 'recipient' | 'organization';
    id: number;
    units: number;
    kobo: number;
    pool?: boolean;
    status?: string;
  }>,
  donorName = 'Adaeze Secretname',
  userId: number | null = null,
): Promise<number> {
  const paid = items.filter((i) => !i.pool).reduce((sum, i) => sum + i.kobo, 0);
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into donations (reference, donor_user_id, donor_email, donor_full_name, total_kobo, status, paid_at)
        values (${`GOI-MATCH-${randomBytes(6).toString('hex')}`}, ${userId}, 'adaeze.secret@example.org', ${donorName}, ${paid}, 'paid', now())
        returning id`,
  );
  for (const item of items)
    await db.execute(
      sql`insert into donation_items (donation_id, recipient_campaign_id, organization_campaign_id, units, amount_kobo, status, match_pool_id)
          values (${row!.id}, ${item.kind === 'recipient' ? item.id : null}, ${item.kind === 'organization' ? item.id : null},
                  ${item.units}, ${item.kobo}, ${item.status ?? 'allocated'}, ${item.pool ? poolId : null})`,
    );
  return Number(row!.id);
}

/** Every word of a PDF, in reading order, one space between pieces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = '';
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')} `;
  }
  return text.replace(/\s+/g, ' ');
}

describe('opening a match', () => {
  it('answers each mistake with a sentence, never a 500', async () => {
    const base = { sponsorName: 'Zenith Cares', poolKobo: 5_000_000, startsAt: hours(-1), endsAt: hours(24) };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, sponsorName: '  ' }, "Enter the sponsor's name."],
      [{ ...base, poolKobo: 50 }, 'A pool is at least ₦100.'],
      [{ ...base, poolKobo: 1.5 }, 'The pool must be a whole number of kobo.'],
      [{ ...base, ratio: 5 }, 'The ratio is 1, 2 or 3 naira for each naira given.'],
      [{ ...base, endsAt: hours(-2) }, 'The match must close after it opens.'],
      [{ ...base, startsAt: 'next week' }, 'Enter when the match opens.'],
      [{ ...base, campaignIds: ['twelve'] }, CAMPAIGN_ID_INVALID],
      [{ ...base, campaignIds: ['org-2000000000'] }, 'No campaign has the id org-2000000000.'],
    ];
    for (const [body, message] of cases) {
      const res = await open(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const none = await open('not json at all' as unknown as Record<string, unknown>);
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
  });

  it('opens a pool for named campaigns, lists it with its figures, and records who opened it', async () => {
    const org = await createOrganizationCampaign(db, 10);
    const person = await createRecipientCampaign(db);
    const id = await openPool({
      sponsorName: 'Access Foundation',
      poolKobo: 20_000_000,
      campaignIds: [`org-${org}`, String(person), `org-${org}`],
    });

    const pool = (await pools()).find((p) => p.id === id)!;
    expect(pool).toMatchObject({
      sponsorName: 'Access Foundation',
      poolKobo: 20_000_000,
      ratio: 1,
      allCampaigns: false,
      state: 'open',
      givenKobo: 0,
      heldKobo: 0,
      returnedKobo: 0,
      remainingKobo: 20_000_000,
    });
    expect(pool.campaigns.map((c) => c.id).sort()).toEqual([String(person), `org-${org}`].sort());
    expect(pool.campaigns.find((c) => c.id === `org-${org}`)!.title).toMatch(/^Braille Slate and Stylus Set for /);

    const [entry] = await selectRows<{ action: string; details: { sponsorName: string } }>(
      db,
      sql`select action, details from admin_audit_log where entity_type = 'match_pool' and entity_id = ${String(id)}`,
    );
    expect(entry).toMatchObject({ action: 'match.create', details: { sponsorName: 'Access Foundation' } });
  });
});

describe('what public campaign replies say of a match', () => {
  it('carries the match only while a pool is open and covers the campaign, in the list and on the page', async () => {
    const covered = await createOrganizationCampaign(db, 20);
    const other = await createOrganizationCampaign(db, 20);
    const upcomingOnly = await createOrganizationCampaign(db, 20);
    const id = await openPool({
      sponsorName: 'Covered Sponsor',
      poolKobo: 9_000_000,
      ratio: 2,
      campaignIds: [`org-${covered}`],
    });
    await openPool({
      sponsorName: 'Later Sponsor',
      startsAt: hours(24),
      endsAt: hours(48),
      campaignIds: [`org-${upcomingOnly}`],
    });

    const page = await orgReply(covered);
    expect(page.match).toMatchObject({ sponsorName: 'Covered Sponsor', remainingKobo: 9_000_000, ratio: 2 });
    expect(matchLine(page.match!)).toMatch(/^Every naira tripled by Covered Sponsor until \d{1,2} \w+, ₦90,000 left$/);
    expect((await orgReply(other)).match).toBeNull();
    expect((await orgReply(upcomingOnly)).match).toBeNull();

    const list = await ctx.app.inject({ method: 'GET', url: '/api/org-campaigns/active?limit=100' });
    const listed = (list.json() as Array<{ id: number; match: unknown }>).find((c) => c.id === covered);
    expect(listed?.match).toMatchObject({ sponsorName: 'Covered Sponsor' });

    // What the pool has given is taken off what it still promises.
    await matchedGift(id, [
      { kind: 'organization', id: covered, units: 1, kobo: SLATE },
      { kind: 'organization', id: covered, units: 2, kobo: 2 * SLATE, pool: true },
    ]);
    expect((await orgReply(covered)).match?.remainingKobo).toBe(9_000_000 - 2 * SLATE);

    const closed = await ctx.app.inject({ method: 'POST', url: `/api/admin/matches/${id}/close`, headers: as(admin) });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'closed', givenKobo: 2 * SLATE });
    expect((await orgReply(covered)).match).toBeNull();
    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/matches/${id}/close`, headers: as(admin) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MATCH_ALREADY_CLOSED);
  });

  it('says nothing of a match on a campaign that takes no gifts, and covers every campaign when none is named', async () => {
    const person = await createRecipientCampaign(db);
    const done = await createOrganizationCampaign(db, 3, { status: 'fulfilled' });
    const id = await openPool({
      sponsorName: 'Everyone Sponsor',
      poolKobo: 100_000_000,
      campaignIds: null,
      startsAt: hours(-2),
      endsAt: hours(1),
    });
    // Another open pool for all may close sooner and answer first; this one is asked for by name.
    const page = await recipientReply(person);
    expect(page.match).not.toBeNull();
    expect((await orgReply(done)).match).toBeNull();
    await ctx.app.inject({ method: 'POST', url: `/api/admin/matches/${id}/close`, headers: as(admin) });
  });

  it("carries it in search results too, read afresh even where the search keeps a campaign's reply", async () => {
    const org = await createOrganizationCampaign(db, 12);
    await db.execute(
      sql`update organization_campaigns set reason = 'Slates for the Zuwaqa resource room this term.' where id = ${org}`,
    );
    await refreshOrganizationSearchText(db, [org]);
    const found = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/campaigns/search?q=Zuwaqa&limit=10' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ id: number; type: string; match: { sponsorName: string } | null }>).find(
        (c) => c.type === 'organization' && c.id === org,
      );
    };
    // The search index follows the change a moment later; then it shows (and keeps) the reply.
    expect((await eventually('the campaign in search', found, (c) => c !== undefined))?.match).toBeNull();
    const id = await openPool({ sponsorName: 'Search Sponsor', campaignIds: [`org-${org}`] });
    expect((await found())?.match).toMatchObject({ sponsorName: 'Search Sponsor' });
    await ctx.app.inject({ method: 'POST', url: `/api/admin/matches/${id}/close`, headers: as(admin) });
    expect((await found())?.match).toBeNull();
  });

  it('closes a pool that has not opened yet without its ever opening', async () => {
    const id = await openPool({ startsAt: hours(24), endsAt: hours(48) });
    expect((await pools()).find((p) => p.id === id)?.state).toBe('upcoming');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/matches/${id}/close`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('closed');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/matches/999999/close',
      headers: as(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MATCH_NOT_FOUND);
  });
});

describe("the sponsor's report", () => {
  it('lists each campaign the pool funded with units or money and dates, and never a donor', async () => {
    const org = await createOrganizationCampaign(db, 10);
    const person = await createRecipientCampaign(db);
    const id = await openPool({
      sponsorName: 'Report Sponsor',
      poolKobo: 50_000_000,
      campaignIds: [`org-${org}`, String(person)],
    });
    await matchedGift(id, [
      { kind: 'organization', id: org, units: 2, kobo: 2 * SLATE },
      { kind: 'organization', id: org, units: 2, kobo: 2 * SLATE, pool: true },
    ]);
    await matchedGift(id, [
      { kind: 'recipient', id: person, units: 1, kobo: CANE / 2 },
      { kind: 'recipient', id: person, units: 0, kobo: CANE / 2, pool: true },
    ]);
    // A matched gift given back: its money returns to the pool and shows as returned.
    await matchedGift(id, [
      { kind: 'organization', id: org, units: 1, kobo: SLATE, status: 'released' },
      { kind: 'organization', id: org, units: 1, kobo: SLATE, pool: true, status: 'released' },
    ]);

    const pool = (await pools()).find((p) => p.id === id)!;
    expect(pool).toMatchObject({
      givenKobo: 2 * SLATE + CANE / 2,
      returnedKobo: SLATE,
      remainingKobo: 50_000_000 - 2 * SLATE - CANE / 2,
    });

    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/matches/${id}/report.csv`, headers: as(admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Campaign,Title,Given as,Units,Matched (NGN),Returned (NGN),First gift,Last gift');
    expect(lines.find((l) => l.startsWith(`org-${org},`))).toContain(',2 units,2,24000.00,12000.00,');
    expect(lines.find((l) => l.startsWith(`${person},`))).toContain(',Share of the device,0,22500.00,0.00,');
    expect(csv.body).not.toMatch(/Secretname|adaeze/i);

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/admin/matches/${id}/report.pdf`, headers: as(admin) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await getDocument({ data: new Uint8Array(pdf.rawPayload), useSystemFonts: false }).promise;
    const tree = await (await document.getPage(1)).getStructTree();
    expect(tree).not.toBeNull();
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Report Sponsor's match");
    expect(text).toContain('Braille Slate and Stylus Set for');
    expect(text).toContain('₦24,000');
    expect(text).not.toMatch(/Secretname|adaeze/i);
  });
});

describe("a sponsor's logo", () => {
  const logoPng = () =>
    sharp({ create: { width: 120, height: 40, channels: 3, background: '#0a4d8c' } })
      .png()
      .toBuffer();
  const uploadLogo = async (token = admin) =>
    (
      await uploadFile(ctx.app, token, {
        purpose: 'sponsorLogo',
        fileName: 'sponsor-logo.png',
        type: 'image/png',
        bytes: await logoPng(),
      })
    ).key;

  /** Every Figure's alt text in a structure tree, in reading order. */
  const figures = (node: unknown): string[] => {
    const n = node as { role?: string; alt?: string; children?: unknown[] } | null;
    if (!n) return [];
    const own = n.role === 'Figure' ? [n.alt ?? ''] : [];
    return [...own, ...(n.children ?? []).flatMap(figures)];
  };

  it('takes only with its description, and only as the admin’s own unused upload', async () => {
    // Not open yet, so it promises nothing on the other tests' campaigns.
    const base = { sponsorName: 'Logo Sponsor', poolKobo: 5_000_000, startsAt: hours(72), endsAt: hours(96) };
    const noAlt = await open({ ...base, logo: { key: await uploadLogo() } });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toBe(SPONSOR_LOGO_ALT_REQUIRED);
    const blankAlt = await open({ ...base, logo: { key: await uploadLogo(), alt: '   ' } });
    expect(blankAlt.statusCode).toBe(400);
    expect(blankAlt.json().message).toBe(SPONSOR_LOGO_ALT_REQUIRED);
    const twoLines = await open({ ...base, logo: { key: await uploadLogo(), alt: 'Logo\nSponsor' } });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().message).toBe("The logo's description should be one line of text.");
    const long = await open({ ...base, logo: { key: await uploadLogo(), alt: 'x'.repeat(151) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Keep the logo's description to 150 characters or fewer.");

    // Another admin's upload is not this admin's to name.
    const other = (await signInNewAdmin(ctx.app, db)).token;
    const theirs = await open({ ...base, logo: { key: await uploadLogo(other), alt: 'Logo Sponsor' } });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe('That upload was not found or has already been used. Choose the file again.');

    // A donor cannot upload a sponsor's logo at all.
    const presign = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-presigned-url',
      headers: as(donor),
      payload: { fileName: 'logo.png', fileType: 'image/png', purpose: 'sponsorLogo' },
    });
    expect(presign.statusCode).toBeGreaterThanOrEqual(400);
    expect(presign.statusCode).toBeLessThan(500);

    // Used once, a key is not taken again.
    const key = await uploadLogo();
    const first = await open({ ...base, logo: { key, alt: 'Logo Sponsor' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await open({ ...base, logo: { key, alt: 'Logo Sponsor' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('That upload was not found or has already been used. Choose the file again.');
  });

  it('is stored re-encoded, listed, carried by public replies and drawn at the top of the report', async () => {
    const covered = await createOrganizationCampaign(db, 20);
    const plain = await createOrganizationCampaign(db, 20);
    const id = await openPool({
      sponsorName: 'Kente Trust',
      campaignIds: [`org-${covered}`],
      logo: { key: await uploadLogo(), alt: '  Kente Trust logo: a woven blue square  ' },
    });
    await openPool({ sponsorName: 'No Logo Sponsor', campaignIds: [`org-${plain}`] });

    const listed = (await pools()).find((p) => p.id === id)!;
    expect(listed.logoAlt).toBe('Kente Trust logo: a woven blue square');
    // Re-encoded under a public key of its own, served as every public image is.
    expect(listed.logoUrl).toMatch(/^\/media\/public\/.+\.webp$/);
    expect(listed.logoUrl).not.toContain('incoming');
    const image = await ctx.app.inject({ method: 'GET', url: listed.logoUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect((await pools()).find((p) => p.sponsorName === 'No Logo Sponsor')).toMatchObject({
      logoUrl: null,
      logoAlt: null,
    });

    expect((await orgReply(covered)).match).toMatchObject({
      sponsorName: 'Kente Trust',
      logoUrl: listed.logoUrl,
      logoAlt: 'Kente Trust logo: a woven blue square',
    });
    expect((await orgReply(plain)).match).toMatchObject({
      sponsorName: 'No Logo Sponsor',
      logoUrl: null,
      logoAlt: null,
    });

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/admin/matches/${id}/report.pdf`, headers: as(admin) });
    expect(pdf.statusCode).toBe(200);
    const document = await getDocument({ data: new Uint8Array(pdf.rawPayload), useSystemFonts: false }).promise;
    const tree = await (await document.getPage(1)).getStructTree();
    expect(figures(tree)).toEqual(['Kente Trust logo: a woven blue square']);
    expect(await pdfText(pdf.rawPayload)).toContain("Kente Trust's match");
  });
});

describe('who may manage matches', () => {
  it('refuses anyone but an admin on every match route', async () => {
    const id = await openPool({});
    const routes: Array<['GET' | 'POST', string]> = [
      ['POST', '/api/admin/matches'],
      ['GET', '/api/admin/matches'],
      ['POST', `/api/admin/matches/${id}/close`],
      ['GET', `/api/admin/matches/${id}/report.csv`],
      ['GET', `/api/admin/matches/${id}/report.pdf`],
    ];
    for (const [method, url] of routes) {
      const anonymous = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, url).toBe(401);
      const asDonor = await ctx.app.inject({
        method,
        url,
        headers: as(donor),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(asDonor.statusCode, url).toBe(403);
    }
    expect((await pools()).find((p) => p.id === id)?.state).toBe('open');
    // It covers every campaign: closed, so the tests after it see only their own pools.
    await ctx.app.inject({ method: 'POST', url: `/api/admin/matches/${id}/close`, headers: as(admin) });
  });
});

describe("matched money, apart from donors' money", () => {
  it("is shown apart on the ledger, the money desk, the receipt, the history and the campaign's donors", async () => {
    const org = await createOrganizationCampaign(db, 10);
    const id = await openPool({ sponsorName: 'Ledger Sponsor', poolKobo: 30_000_000, campaignIds: [`org-${org}`] });
    // Read through the API: the modules behind these replies read campaigns, which read matches.
    const ledger = async () =>
      transparencySchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/transparency' })).json());
    const before = await ledger();
    const deskTotals = async () =>
      paymentListSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/payments?limit=1', headers: as(admin) })).json(),
      ).totals;
    const totalsBefore = await deskTotals();
    const donation = await matchedGift(
      id,
      [
        { kind: 'organization', id: org, units: 1, kobo: SLATE },
        { kind: 'organization', id: org, units: 1, kobo: SLATE, pool: true },
      ],
      'Chidi Historyname',
      donorId,
    );

    // The public ledger: donors' money is what they paid; the sponsor's part is counted apart, by sponsor.
    const after = await ledger();
    expect(after.money.raised_kobo - before.money.raised_kobo).toBe(SLATE);
    expect(after.matched.given_kobo - before.matched.given_kobo).toBe(SLATE);
    expect(after.matched.sponsors.find((s) => s.name === 'Ledger Sponsor')?.given_kobo).toBe(SLATE);
    const thisMonth = (l: typeof after) => l.by_month[l.by_month.length - 1]!.raised_kobo;
    expect(thisMonth(after) - thisMonth(before)).toBe(SLATE);

    // The money desk: what was asked is the donor's; what the sponsors matched is its own figure.
    const totals = await deskTotals();
    expect(totals.totalKobo - totalsBefore.totalKobo).toBe(SLATE);
    expect((totals.matchedKobo ?? 0) - (totalsBefore.matchedKobo ?? 0)).toBe(SLATE);
    const [paid] = await selectRows<{ reference: string }>(
      db,
      sql`select reference from donations where id = ${donation}`,
    );
    const detail = paymentDetailSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/admin/payments/${paid!.reference}`, headers: as(admin) })
      ).json(),
    );
    expect(detail.payment).toMatchObject({ totalKobo: SLATE, matchedKobo: SLATE });
    expect(detail.items.map((i) => i.matchedBy)).toEqual([null, 'Ledger Sponsor']);

    // The receipt: the donor's line and total, and the sponsor's part said after them.
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/donations/${paid!.reference}/receipt.pdf`,
      headers: as(donor),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('Total ₦12,000');
    expect(text).toContain('Matched by Ledger Sponsor: +₦12,000 to Braille Slate and Stylus Set for');

    // The donor's history: one gift of theirs, with what the sponsor added.
    const history = donorGiftsSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: as(donor) })).json(),
    );
    const gift = history.givingHistory.filter((g) => g.campaign_id === `org-${org}`);
    expect(gift).toHaveLength(1);
    expect(gift[0]).toMatchObject({
      units: 1,
      amount: SLATE,
      matched: { sponsorName: 'Ledger Sponsor', amount: SLATE },
    });

    // The campaign's donors name the sponsor for the sponsor's part, never the donor.
    const donors = (
      await ctx.app.inject({ method: 'GET', url: `/api/admin/org-campaigns/${org}/donations`, headers: as(admin) })
    ).json() as Array<{ first_name: string; email: string }>;
    expect(donors.map((d) => d.first_name).sort()).toEqual(['Chidi', 'Matched by Ledger Sponsor']);
    expect(donors.find((d) => d.first_name.startsWith('Matched'))?.email).toBe('');
  });
});
