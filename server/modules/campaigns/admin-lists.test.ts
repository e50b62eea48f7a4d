import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrganizationCampaign, AdminRecipientCampaign } from '@contract/admin';
import { CURSOR_INVALID_MESSAGE, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@contract/pagination';
import { selectRows } from '../../db/client';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  createUsers,
  onboard,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: { token: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
type Paged<T> = { items: T[]; total: number; nextCursor: string | null };
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** Every page of a list by its cursors, checking each page's total; answers the ids in order. */
async function walk(url: string, limit: number, idOf: (item: { id: number }) => number | string = (i) => i.id) {
  const ids: (number | string)[] = [];
  let cursor: string | null = null;
  let total = -1;
  let pages = 0;
  do {
    const res = await get(withQuery(url, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Paged<{ id: number }>;
    if (total < 0) total = page.total;
    expect(page.total).toBe(total);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map(idOf));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, total };
}

/** `count` recipient campaigns in the status, each of its own recipient (one open request per account). */
async function recipientCampaigns(count: number, status: 'pending' | 'approved', isFeatured = false) {
  const owners = await createUsers(ctx.database.db, 'recipient', count);
  const rows = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`insert into recipient_campaigns (recipient_id, product_id, price_kobo, reason, status, is_featured)
        select o, p.id, p.price_kobo, 'A long enough reason for a device of my own.', ${status}, ${isFeatured}
          from unnest(${sql.raw(`array[${owners.join(',')}]`)}::int[]) o, products p where p.name = 'Folding White Cane'
        returning id`,
  );
  return rows.map((r) => Number(r.id));
}

async function organizationCampaigns(count: number, status: 'pending' | 'approved') {
  const owners = await createUsers(ctx.database.db, 'organization', count);
  const rows = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`insert into organization_campaigns (organization_id, organization_product_id, quantity, unit_price_kobo, total_price_kobo, reason, status)
        select o, p.id, 2, p.price_kobo, p.price_kobo * 2, 'Units for the new resource room this term.', ${status}
          from unnest(${sql.raw(`array[${owners.join(',')}]`)}::int[]) o, organization_products p
         where p.name = 'Braille Slate and Stylus Set'
        returning id`,
  );
  return rows.map((r) => Number(r.id));
}

describe('admin lists page past 100', () => {
  it('pages each recipient column by cursor with its true total, and keeps the bare array for older callers', async () => {
    const pending = await recipientCampaigns(120, 'pending');
    const approved = await recipientCampaigns(105, 'approved');
    const featured = await recipientCampaigns(105, 'approved', true);
    const overview = (await get('/api/admin/overview')).json() as Record<string, number>;
    for (const [list, made] of [
      ['pending', pending],
      ['approved', approved],
      ['featured', featured],
    ] as const) {
      const { ids, total } = await walk(`/api/admin/campaigns/${list}?paged=1`, 40);
      expect(total).toBe(overview[list]);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      for (const id of made) expect(ids).toContain(id);
    }
    // The pending queue is oldest first, so the last one made is last.
    const queue = await walk('/api/admin/campaigns/pending?paged=1', 100);
    expect(queue.ids.at(-1)).toBe(pending.at(-1));

    // Without paged=1: a bare array of at most 100, the rest reached by the header's cursor.
    const bare = await get('/api/admin/campaigns/pending');
    const first = bare.json() as AdminRecipientCampaign[];
    expect(first).toHaveLength(100);
    expect(Number(bare.headers[TOTAL_COUNT_HEADER])).toBe(overview.pending);
    const next = bare.headers[NEXT_CURSOR_HEADER] as string;
    const rest = (await get(`/api/admin/campaigns/pending?cursor=${next}`)).json() as AdminRecipientCampaign[];
    expect(first.length + rest.length).toBe(overview.pending);
  });

  it('keeps a cursor stable while campaigns are added, and the table pages by cursor in every order', async () => {
    const first = (await get('/api/admin/campaigns/all?pageSize=30')).json() as Paged<{ id: number }>;
    // Newer campaigns arrive before the next page is asked for: the next page neither repeats nor skips.
    await recipientCampaigns(5, 'pending');
    const seen = first.items.map((c) => c.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await get(`/api/admin/campaigns/all?pageSize=100&cursor=${cursor}`)).json() as Paged<{
        id: number;
      }>;
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(first.total);

    for (const sort of ['oldest', 'raised', 'product']) {
      const url = `/api/admin/campaigns/all?sort=${sort}&pageSize=100`;
      const total = ((await get(url)).json() as Paged<unknown>).total;
      expect(total).toBeGreaterThan(300);
      const ids: number[] = [];
      let next: string | null = ((await get(url)).json() as Paged<{ id: number }>).nextCursor;
      ids.push(...((await get(url)).json() as Paged<{ id: number }>).items.map((c) => c.id));
      while (next) {
        const page = (await get(`${url}&cursor=${next}`)).json() as Paged<{ id: number }>;
        ids.push(...page.items.map((c) => c.id));
        next = page.nextCursor;
      }
      expect(new Set(ids).size).toBe(total);
    }
  });

  it('pages both organization lists, users and the audit log past 100 with true totals', async () => {
    const pending = await organizationCampaigns(110, 'pending');
    await organizationCampaigns(105, 'approved');
    const overview = (await get('/api/admin/overview')).json() as Record<string, number>;
    const orgPending = await walk('/api/admin/org-campaigns/pending?paged=1', 50);
    expect(orgPending.total).toBe(overview.organizationPending);
    expect(new Set(orgPending.ids).size).toBe(orgPending.total);
    for (const id of pending) expect(orgPending.ids).toContain(id);
    const orgActive = await walk('/api/admin/organization/campaigns/approved?paged=1', 50);
    expect(orgActive.total).toBe(overview.organizationActive);
    expect(orgActive.total).toBeGreaterThan(100);
    expect(new Set(orgActive.ids).size).toBe(orgActive.total);

    const [users] = await selectRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from users`);
    const everyone = await walk('/api/admin/users/all?pageSize=45', 45);
    expect(everyone.total).toBe(Number(users!.n));
    expect(everyone.total).toBeGreaterThan(500);
    // pageSize is the page's size in cursor mode too; walk's limit is ignored here.
    expect(new Set(everyone.ids).size).toBe(everyone.total);

    await selectRows(
      ctx.database.db,
      sql`insert into admin_audit_log (action, entity_type, entity_id) select 'approve', 'recipient_campaign', n::text from generate_series(1, 105) n`,
    );
    const log = (await get('/api/admin/audit?limit=100')).json() as {
      items: unknown[];
      total: number;
      nextCursor: number;
    };
    expect(log.total).toBeGreaterThanOrEqual(105);
    const rest = (await get(`/api/admin/audit?limit=100&cursor=${log.nextCursor}`)).json() as { items: unknown[] };
    expect(log.items.length + rest.items.length).toBe(log.total);
  });

  it('pages both catalogues as admins manage them, by name and newest first', async () => {
    await selectRows(
      ctx.database.db,
      sql`insert into products (name, description, price_kobo)
          select 'Paged device ' || lpad(n::text, 3, '0'), 'A device for the paging test.', 100000 from generate_series(1, 105) n`,
    );
    await selectRows(
      ctx.database.db,
      sql`insert into organization_products (name, description, price_kobo, max_quantity)
          select 'Paged kit ' || n, 'A kit for the paging test.', 50000, 10 from generate_series(1, 105) n`,
    );
    for (const url of ['/api/admin/products?paged=1', '/api/admin/org-products?paged=1']) {
      const { ids, total } = await walk(url, 30);
      expect(total).toBeGreaterThan(105);
      expect(new Set(ids).size).toBe(total);
    }
    const byName = ((await get('/api/admin/products?paged=1&limit=100')).json() as Paged<{ name: string }>).items.map(
      (p) => p.name,
    );
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The bare array stays for older callers, with the next page's cursor beside it.
    const bare = await get('/api/admin/org-products');
    expect(bare.json()).toHaveLength(100);
    expect(bare.headers[NEXT_CURSOR_HEADER]).toBeTruthy();
  });

  it('refuses a cursor it did not give with a sentence, never a 500', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const urls = [
      '/api/admin/campaigns/pending',
      '/api/admin/campaigns/featured?paged=1',
      '/api/admin/campaigns/all',
      '/api/admin/campaigns/all?sort=raised',
      '/api/admin/org-campaigns/active?paged=1',
      '/api/admin/users/all',
      '/api/admin/org-products?paged=1',
    ];
    for (const url of urls) {
      for (const cursor of [
        'not-a-cursor',
        forged(['yesterday', 3]),
        forged(['12x', 1]),
        forged(['2026-02-30T00:00:00Z', 1]),
      ]) {
        const res = await get(withQuery(url, `cursor=${cursor}`));
        expect(res.statusCode, `${url} ${cursor}`).toBe(400);
        expect(res.json().message).toBe(CURSOR_INVALID_MESSAGE);
      }
    }
    expect((await get('/api/admin/campaigns/pending?paged=2')).statusCode).toBe(400);
    expect((await get('/api/admin/campaigns/pending?limit=101')).statusCode).toBe(400);
  });
});

describe('review cards', () => {
  it("show an organization's contact, founding, state, description, logo and a signed document link", async () => {
    const org = await signUpUser(ctx.app, undefined, { role: 'organization', firstName: 'Ngozi', lastName: 'Eze' });
    await onboard(ctx.app, org.token, 'organization');
    const id = await createOrganizationCampaign(ctx.database.db, 4, { status: 'pending', organizationId: org.user.id });
    const page = (
      await get(`/api/admin/org-campaigns/pending?paged=1&organizationId=${org.user.id}`)
    ).json() as Paged<AdminOrganizationCampaign>;
    const card = page.items.find((c) => c.id === id)!;
    expect(card.organization).toMatchObject({
      organization_name: 'Fixture School for the Blind',
      contact_name: 'Ngozi Eze',
      email: org.email,
      year_of_establishment: 1990,
      state_of_operation: 'Lagos',
      bio: 'A school for blind pupils.',
      id_type: 'CAC',
    });
    expect(card.organization.phone_number).toMatch(/^\+234/);
    expect(card.organization).toHaveProperty('profile_photo_url');
    expect(card.organization.id_document_url).toMatch(/^\/api\/files\/download\?.*sig=/);
    const download = await ctx.app.inject({ method: 'GET', url: card.organization.id_document_url! });
    expect(download.statusCode).toBe(200);
    const tampered = card.organization.id_document_url!.replace(/name=[^&]+/, 'name=other.pdf');
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("show the requester's verification and earlier requests, for both kinds", async () => {
    const [recipient, stranger] = await createUsers(ctx.database.db, 'recipient', 2);
    const older: number[] = [];
    for (const status of [
      'rejected',
      'delivered',
      'rejected',
      'delivered',
      'rejected',
      'delivered',
      'rejected',
    ] as const)
      older.push(await createRecipientCampaign(ctx.database.db, { status, recipientId: recipient }));
    const current = await createRecipientCampaign(ctx.database.db, { status: 'pending', recipientId: recipient });
    const submissions = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`insert into onboarding_submissions (user_id, kind, version, answers, status, review_note)
          values (${recipient}, 'recipient', 1, '{}', 'verified', null),
                 (${recipient}, 'recipient', 2, '{}', 'correction_requested', 'The ID photo is blurred.')
          returning id`,
    );
    const strangerCampaign = await createRecipientCampaign(ctx.database.db, {
      status: 'pending',
      recipientId: stranger,
    });

    const pending = await walk('/api/admin/campaigns/pending?paged=1', 100, (c) => c.id);
    expect(pending.ids).toContain(current);
    const cards: AdminRecipientCampaign[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await get(`/api/admin/campaigns/pending?paged=1&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      ).json() as Paged<AdminRecipientCampaign>;
      cards.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const card = cards.find((c) => c.id === current)!;
    expect(card.recipient.verification).toEqual({ status: 'correction_requested', submission_id: submissions[1]!.id });
    expect(card.recipient.earlier_requests.total).toBe(7);
    expect(card.recipient.earlier_requests.items.map((c) => c.campaign_id)).toEqual(
      older.slice(-5).reverse().map(String),
    );
    expect(card.recipient.earlier_requests.items[0]).toMatchObject({
      product_name: 'Folding White Cane',
      status: 'rejected',
    });
    expect(card.recipient.earlier_requests.items[1]!.amount_raised).toBeGreaterThan(0);
    const lone = cards.find((c) => c.id === strangerCampaign)!;
    expect(lone.recipient.verification).toBeNull();
    expect(lone.recipient.earlier_requests).toEqual({ total: 0, items: [] });

    const [organization] = await createUsers(ctx.database.db, 'organization', 1);
    const earlier = await createOrganizationCampaign(ctx.database.db, 3, {
      status: 'fulfilled',
      organizationId: organization,
    });
    const now = await createOrganizationCampaign(ctx.database.db, 3, {
      status: 'pending',
      organizationId: organization,
    });
    const [submission] = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`insert into onboarding_submissions (user_id, kind, version, answers) values (${organization}, 'organization', 1, '{}') returning id`,
    );
    const orgPage = (
      await get(`/api/admin/org-campaigns/pending?paged=1&organizationId=${organization}`)
    ).json() as Paged<AdminOrganizationCampaign>;
    const orgCard = orgPage.items.find((c) => c.id === now)!;
    expect(orgCard.organization.verification).toEqual({ status: 'submitted', submission_id: submission!.id });
    expect(orgCard.organization.earlier_requests).toMatchObject({
      total: 1,
      items: [{ campaign_id: `org-${earlier}`, status: 'fulfilled' }],
    });
  });
});
