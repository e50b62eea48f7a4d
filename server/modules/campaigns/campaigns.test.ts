import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  publicOrganizationCampaignSchema,
  publicRecipientCampaignSchema,
  SEARCH_BUSY_MESSAGE,
  searchResultSchema,
} from '@contract/campaigns';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { createRecipientCampaign } from '../../test/fixtures';
import { refreshRecipientSearchText } from '../campaign-core/search-text';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

async function idsWhere(table: 'recipient_campaigns' | 'organization_campaigns', status: string): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select id from ${sql.identifier(table)} where status = ${status} order by id`,
  );
  return rows.map((r) => Number(r.id));
}

describe('GET /api/campaigns', () => {
  it('lists only live and funded recipient campaigns, newest first, in the contract shape', async () => {
    const res = await get('/api/campaigns');
    expect(res.statusCode).toBe(200);
    const list = z.array(publicRecipientCampaignSchema).parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['approved', 'purchased', 'delivered']));
    const times = list.map((c) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const funded = list.filter((c) => c.status === 'purchased' || c.status === 'delivered');
    expect(funded.length).toBeGreaterThan(0);
    for (const c of funded) {
      expect(c.is_funded).toBe(true);
      expect(c.units_remaining).toBe(0);
      expect(c.amount_raised).toBe(c.total_price);
    }
  });

  it('never exposes contact details, ID documents or admin notes', async () => {
    const body = (await get('/api/campaigns?limit=100')).json() as Array<Record<string, unknown>>;
    for (const c of body) {
      expect(c).not.toHaveProperty('email');
      expect(c).not.toHaveProperty('phone_number');
      expect(c).not.toHaveProperty('id_document_url');
      expect(c).not.toHaveProperty('admin_notes');
    }
  });

  it('pages with limit and the next-page cursor without gaps or repeats', async () => {
    const all = (await get('/api/campaigns?limit=100')).json() as Array<{ id: number }>;
    const seen: number[] = [];
    let url: string | undefined = '/api/campaigns?limit=3';
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Array<{ id: number }>;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((c) => c.id));
      const cursor = res.headers['x-next-cursor'];
      url = typeof cursor === 'string' ? `/api/campaigns?limit=3&cursor=${cursor}` : undefined;
      if (url) expect(res.headers.link).toContain('rel="next"');
      pages += 1;
      expect(pages).toBeLessThan(20);
    }
    expect(seen).toEqual(all.map((c) => c.id));
    expect(pages).toBeGreaterThan(1);
  });

  it.each([
    ['limit=0', 'limit must be at least 1.'],
    ['limit=101', 'limit must be at most 100.'],
    ['limit=abc', 'limit must be a whole number.'],
    ['cursor=not-a-cursor', 'This page link is not valid. Please start again from the first page.'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await get(`/api/campaigns?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/campaigns/:id', () => {
  it('returns a public campaign', async () => {
    const [id] = await idsWhere('recipient_campaigns', 'approved');
    const res = await get(`/api/campaigns/${id}`);
    expect(res.statusCode).toBe(200);
    expect(publicRecipientCampaignSchema.parse(res.json()).id).toBe(id);
  });

  it('hides pending and rejected campaigns behind 404', async () => {
    const hidden = [
      ...(await idsWhere('recipient_campaigns', 'pending')),
      ...(await idsWhere('recipient_campaigns', 'rejected')),
    ];
    expect(hidden.length).toBeGreaterThan(0);
    for (const id of hidden) {
      const res = await get(`/api/campaigns/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Campaign not found.', code: 'not_found' });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/campaigns/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/campaigns/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Campaign id must be a positive whole number.');
    }
  });
});

describe('GET /api/campaigns/featured', () => {
  it('lists only approved featured campaigns', async () => {
    const list = z.array(publicRecipientCampaignSchema).parse((await get('/api/campaigns/featured')).json());
    expect(list.length).toBeGreaterThanOrEqual(1);
    for (const c of list) {
      expect(c.is_featured).toBe(true);
      expect(c.status).toBe('approved');
    }
  });
});

describe('organization campaigns', () => {
  it('lists approved, partially fulfilled and fulfilled ones with figures that add up', async () => {
    const res = await get('/api/org-campaigns/active');
    expect(res.statusCode).toBe(200);
    const list = z.array(publicOrganizationCampaignSchema).parse(res.json());
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['approved', 'partially_fulfilled', 'fulfilled']));
    for (const c of list) {
      expect(c.units_remaining).toBe(c.quantity - c.units_fulfilled);
      expect(c.total_price).toBe(c.unit_price * c.quantity);
      expect(c.amount_raised).toBe(c.unit_price * c.units_fulfilled);
      expect(c.organization_name.length).toBeGreaterThan(0);
      expect(c.is_funded).toBe(c.status === 'fulfilled');
    }
  });

  it('agrees with the paid donation items behind every campaign', async () => {
    const rows = await selectRows<{ id: number; raised: number; paid: number; units: number; fulfilled: number }>(
      ctx.database.db,
      sql`select c.id, c.amount_raised_kobo as raised, c.units_fulfilled as fulfilled,
                 coalesce(sum(i.amount_kobo) filter (where d.status = 'paid'), 0)::bigint as paid,
                 coalesce(sum(i.units) filter (where d.status = 'paid'), 0)::int as units
            from organization_campaigns c
            left join donation_items i on i.organization_campaign_id = c.id
            left join donations d on d.id = i.donation_id
           group by c.id`,
    );
    for (const r of rows) {
      expect(Number(r.raised), `campaign ${r.id}`).toBe(Number(r.paid));
      expect(Number(r.fulfilled)).toBe(Number(r.units));
    }
    const recipientRows = await selectRows<{ id: number; raised: number; paid: number }>(
      ctx.database.db,
      sql`select c.id, c.amount_raised_kobo as raised,
                 coalesce(sum(i.amount_kobo) filter (where d.status = 'paid'), 0)::bigint as paid
            from recipient_campaigns c
            left join donation_items i on i.recipient_campaign_id = c.id
            left join donations d on d.id = i.donation_id
           group by c.id`,
    );
    for (const r of recipientRows) expect(Number(r.raised), `campaign ${r.id}`).toBe(Number(r.paid));
  });

  it('hides pending organization campaigns and says so in its own words', async () => {
    const [pending] = await idsWhere('organization_campaigns', 'pending');
    const res = await get(`/api/org-campaigns/${pending}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Organization campaign not found.');
    const [live] = await idsWhere('organization_campaigns', 'partially_fulfilled');
    expect(publicOrganizationCampaignSchema.parse((await get(`/api/org-campaigns/${live}`)).json()).id).toBe(live);
  });
});

describe('GET /api/campaigns/search', () => {
  const search = async (q: string) => {
    const res = await get(`/api/campaigns/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return z.array(searchResultSchema).parse(res.json());
  };

  it('finds a campaign by a misspelt product name, best match first', async () => {
    const results = await search('brail disply');
    expect(results[0]?.product_name).toMatch(/Braille Display/);
  });

  it('finds by recipient name and by organization name, across both kinds', async () => {
    expect((await search('Tunde')).some((c) => c.type === 'recipient' && c.first_name === 'Tunde')).toBe(true);
    const org = await search('Lagos School for the Blind');
    expect(org[0]?.type).toBe('organization');
  });

  it('finds words in the reason, stemmed', async () => {
    const results = await search('exams');
    expect(results.some((c) => c.reason.includes('exams'))).toBe(true);
  });

  it('never returns pending or rejected campaigns', async () => {
    // Blessing's magnifier request is pending; Chioma's calculator request was rejected.
    expect((await search('Blessing magnifier')).some((c) => c.first_name === 'Blessing')).toBe(false);
    expect((await search('Chioma')).some((c) => c.first_name === 'Chioma')).toBe(false);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search('xylophone quartz')).toEqual([]);
  });

  it.each([
    ['', 'Enter something to search for.'],
    ['%20%20%20', 'Enter something to search for.'],
    ['a'.repeat(101), 'Search for at most 100 characters.'],
  ])('answers 400 for a blank or over-long query (%#)', async (q, message) => {
    const res = await get(`/api/campaigns/search?q=${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 400 when q is missing', async () => {
    const res = await get('/api/campaigns/search');
    expect(res.statusCode).toBe(400);
  });

  it('survives characters that mean something to SQL and to tsquery', async () => {
    for (const q of ["'; drop table users; --", '!!! & | ()', '%_\\', 'braille:*']) {
      const res = await get(`/api/campaigns/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('pages results with a cursor', async () => {
    const first = await get('/api/campaigns/search?q=braille&limit=1');
    expect((first.json() as unknown[]).length).toBe(1);
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const second = await get(`/api/campaigns/search?q=braille&limit=1&cursor=${cursor}`);
    expect(second.statusCode).toBe(200);
    expect((second.json() as Array<{ id: number }>)[0]).not.toEqual((first.json() as Array<{ id: number }>)[0]);
  });
});

describe('search vocabulary, widening and load', () => {
  it('learns the words of a new campaign, so a misspelling of them finds it', async () => {
    const id = await createRecipientCampaign(ctx.database.db, {
      reason: 'I repair motorcycles in Onitsha and need to read the manuals myself.',
    });
    await refreshRecipientSearchText(ctx.database.db, [id]);
    const res = await get(`/api/campaigns/search?q=${encodeURIComponent('motorcyles onitsa')}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ id: number }>).map((c) => c.id)).toContain(id);
  });

  it('widens to any word when no campaign has them all, and keeps that on the next page', async () => {
    const first = await get(`/api/campaigns/search?q=${encodeURIComponent('xylophone braille')}&limit=1`);
    expect(first.statusCode).toBe(200);
    const [top] = first.json() as Array<{ id: number; product_name: string }>;
    expect(top?.product_name).toMatch(/braille/i);
    const cursor = first.headers['x-next-cursor'] as string;
    const second = await get(
      `/api/campaigns/search?q=${encodeURIComponent('xylophone braille')}&limit=1&cursor=${cursor}`,
    );
    const [next] = second.json() as Array<{ id: number }>;
    expect(next).toBeDefined();
    expect(next!.id).not.toBe(top!.id);
  });

  it('refuses a forged search cursor', async () => {
    const forged = Buffer.from(JSON.stringify({ o: 12, a: 'yes' })).toString('base64url');
    const res = await get(`/api/campaigns/search?q=braille&cursor=${forged}`);
    expect(res.statusCode).toBe(400);
  });

  it('answers searches beyond what it can serve with a 503 and Retry-After, never an error', async () => {
    const busy = await startTestApp({ search: { concurrency: 1, queue: 1 }, publicCacheSeconds: 0 });
    try {
      const words = ['braille', 'cane', 'laptop', 'talking', 'magnifier', 'display', 'reader', 'watch'];
      const replies = await Promise.all(
        words.map((q) => busy.app.inject({ method: 'GET', url: `/api/campaigns/search?q=${q}` })),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      for (const r of replies.filter((x) => x.statusCode === 503)) {
        expect(r.headers['retry-after']).toBe('2');
        expect(r.json().message).toBe(SEARCH_BUSY_MESSAGE);
      }
      // Once the rush is over, searches are answered again.
      expect((await busy.app.inject({ method: 'GET', url: '/api/campaigns/search?q=braille' })).statusCode).toBe(200);
    } finally {
      await stopTestApp(busy);
    }
  });
});
