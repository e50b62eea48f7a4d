import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchResult } from '@contract/campaigns';
import { openPostgres, selectRows, type Database, type Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { createRecipientCampaign, createUsers } from '../../test/fixtures';
import { openTestDatabase } from '../../test/harness';
import { refreshOrganizationSearchText, refreshRecipientSearchText } from '../campaign-core/search-text';
import { decodeSearchCursor, searchCampaigns, type SearchPosition } from './search-campaigns';
import { createSearchIndex, parseAlternatives, parseVector, type SearchIndex } from './search-index';

// Only the ids and kinds of the answers are compared; image links play no part.
const storage = { publicUrl: (key: string) => `/files/${key}` } as unknown as Storage;

let database: Database;
/** A second connection pool on PostgreSQL (a second server process's view); the same engine on PGlite. */
let second: Database | undefined;
let indexA: SearchIndex;
let indexB: SearchIndex;

const reasons = [
  'I am a student and I read everything by ear',
  'I teach at a primary school and copy lessons by hand in braille',
  'I sell fabric at the market and my phone is too slow for a screen reader',
  'I am preparing for my exams and cannot read printed notes',
];

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  // More than SEARCH_CANDIDATES campaigns share words, many created at the same moment, some not public.
  const owners = await createUsers(db, 'recipient', 260);
  await db.execute(sql`
    insert into recipient_campaigns (recipient_id, product_id, price_kobo, reason, status, created_at)
    select o.id, p.id, p.price_kobo,
           (${sql.param(reasons)}::text[])[1 + o.n % 4] || '. Request ' || o.n || '.',
           (array['approved', 'approved', 'purchased', 'delivered', 'pending', 'rejected'])[1 + o.n % 6],
           now() - ((o.n % 30) || ' minutes')::interval
      from unnest(${sql.param(owners)}::int[]) with ordinality o(id, n)
      join lateral (select id, price_kobo from products order by id offset (o.n % (select count(*) from products)) limit 1) p on true`);
  await refreshRecipientSearchText(db);
  await refreshOrganizationSearchText(db);
  second = database.url ? await openPostgres(database.url, 2) : undefined;
  indexA = createSearchIndex(db);
  indexB = createSearchIndex(second?.db ?? db);
  await Promise.all([indexA.start(), indexB.start()]);
}, 120_000);

afterAll(async () => {
  indexA?.stop();
  indexB?.stop();
  await second?.close();
  await database?.close();
});

/** Every page of a search, as kind:id, following the cursor as a visitor would. */
async function allPages(db: Db, q: string, index: SearchIndex | undefined, limit = 7) {
  const seen: string[] = [];
  let position: SearchPosition = decodeSearchCursor(undefined);
  for (let pages = 0; pages < 6; pages += 1) {
    const page = await searchCampaigns(db, storage, { q, limit, position, index });
    seen.push(...page.items.map((text) => JSON.parse(text) as SearchResult).map((c) => `${c.type}:${c.id}`));
    if (!page.next) break;
    position = page.next;
  }
  return seen;
}

const ids = async (db: Db, q: string, index: SearchIndex) =>
  (await searchCampaigns(db, storage, { q, limit: 50, position: decodeSearchCursor(undefined), index })).items.map(
    (text) => (JSON.parse(text) as SearchResult).id,
  );

describe('search index', () => {
  it('reads PostgreSQL text-search vectors and the alternatives of a query word', () => {
    expect(parseVector("'braill':1A,4 'display':2A 'o''neil':7B")).toEqual([
      ['braill', [3, 0]],
      ['display', [3]],
      ["o'neil", [2]],
    ]);
    expect(parseAlternatives("( 'brail' | 'braill' | 'brailler' )")).toEqual(['brail', 'braill', 'brailler']);
    // An alternative of more than one lexeme is left to the database.
    expect(parseAlternatives("( 'e' & 'mail' | 'email' )")).toBeNull();
  });

  it('holds the public campaigns once built', async () => {
    expect(indexA.size().campaigns).toBeGreaterThan(150);
    expect(await indexA.fresh()).toBe(true);
    const page = indexA.search([['braill']], { limit: 5, offset: 0, anyWord: false, cap: 200 });
    expect(page.hits.length).toBe(5);
  });

  it.each([
    'braille',
    'brail disply',
    'Lagos School for the Blind',
    'student exams',
    'read',
    'market phone',
    'xylophone braille',
    'cane walk',
    'tallking watch',
    'scren reader',
    'request 17',
    'Tunde',
    'the',
    'xylophone quartz',
  ])('answers %j with the same campaigns in the same order as the database, page after page', async (q) => {
    const fromDatabase = await allPages(database.db, q, undefined);
    const fromIndex = await allPages(database.db, q, indexA);
    expect(fromIndex).toEqual(fromDatabase);
  });

  it('sees a campaign added through another server process, misspelt words included', async () => {
    const id = await createRecipientCampaign(database.db, {
      reason: 'I tune accordions in Kaduna and need to read the invoices myself.',
    });
    await refreshRecipientSearchText(database.db, [id]);
    const other = second?.db ?? database.db;
    expect(await ids(other, 'accordions kaduna', indexB)).toContain(id);
    expect(await ids(other, 'acordions kadna', indexB)).toContain(id);
    expect(await ids(database.db, 'accordions', indexA)).toContain(id);
  });

  it('drops a campaign that stops being public, and follows a change of its words, in every process', async () => {
    const id = await createRecipientCampaign(database.db, {
      reason: 'I carve calabashes in Zaria and price them by touch.',
    });
    await refreshRecipientSearchText(database.db, [id]);
    const other = second?.db ?? database.db;
    expect(await ids(other, 'calabashes', indexB)).toContain(id);

    await database.db.execute(
      sql`update recipient_campaigns set reason = 'I weave baskets in Zaria.' where id = ${id}`,
    );
    await refreshRecipientSearchText(database.db, [id]);
    expect(await ids(other, 'calabashes', indexB)).not.toContain(id);
    expect(await ids(other, 'baskets zaria', indexB)).toContain(id);

    await database.db.execute(sql`update recipient_campaigns set status = 'rejected' where id = ${id}`);
    expect(await ids(other, 'baskets zaria', indexB)).not.toContain(id);
    expect(await ids(database.db, 'baskets zaria', indexA)).not.toContain(id);
  });

  it('keeps the replies it has shown, and any change a reply shows reaches every process at its next search', async () => {
    const id = await createRecipientCampaign(database.db, {
      reason: 'I repair gramophones in Ilorin and read the parts lists by touch.',
    });
    await refreshRecipientSearchText(database.db, [id]);
    const other = second?.db ?? database.db;
    const shown = async () => {
      const page = await searchCampaigns(other, storage, {
        q: 'gramophones ilorin',
        limit: 5,
        position: decodeSearchCursor(undefined),
        index: indexB,
      });
      return page.items.map((text) => JSON.parse(text) as SearchResult).find((c) => c.id === id)!;
    };
    expect((await shown()).amount_raised).toBe(0);
    const [hit] = indexB.search([['gramophon']], { limit: 1, offset: 0, anyWord: false, cap: 200 }).hits;
    expect(indexB.replies([hit!]).texts[0]).toContain('gramophones');

    // A gift, a new name, the product's words and the recipient's choice of how they are named.
    await database.db.execute(sql`update recipient_campaigns set amount_raised_kobo = 123450 where id = ${id}`);
    expect((await shown()).amount_raised).toBe(123450);
    await database.db.execute(
      sql`update users set first_name = 'Adaeze' where id = (select recipient_id from recipient_campaigns where id = ${id})`,
    );
    expect((await shown()).first_name).toBe('Adaeze');
    const [product] = await selectRows<{ id: number; description: string }>(
      database.db,
      sql`select p.id, p.description from products p join recipient_campaigns c on c.product_id = p.id where c.id = ${id}`,
    );
    await database.db.execute(
      sql`update products set description = 'Now with a longer strap.' where id = ${product!.id}`,
    );
    expect((await shown()).product_description).toBe('Now with a longer strap.');
    await database.db.execute(sql`update products set description = ${product!.description} where id = ${product!.id}`);
  });

  it('names in its log every campaign whose reply a change to a profile, a name or a product alters', async () => {
    const db = database.db;
    const logged = async (kind: string, id: number) =>
      Number(
        (
          await selectRows<{ n: string }>(
            db,
            sql`select count(*)::text as n from search_changes where kind = ${kind} and campaign_id = ${id}`,
          )
        )[0]!.n,
      );
    const [recipient] = await selectRows<{ id: number; user_id: number }>(
      db,
      sql`select c.id, rp.user_id from recipient_campaigns c join recipient_profiles rp on rp.user_id = c.recipient_id order by c.id limit 1`,
    );
    const [organization] = await selectRows<{ id: number; user_id: number; product_id: number }>(
      db,
      sql`select c.id, op.user_id, c.organization_product_id as product_id
            from organization_campaigns c join organization_profiles op on op.user_id = c.organization_id
           order by c.id limit 1`,
    );
    const r = Number(recipient!.id);
    const o = Number(organization!.id);
    const writes: Array<[string, number, ReturnType<typeof sql>]> = [
      [
        'recipient',
        r,
        sql`update recipient_profiles set show_state = not show_state where user_id = ${recipient!.user_id}`,
      ],
      ['recipient', r, sql`update users set last_name = last_name || 'e' where id = ${recipient!.user_id}`],
      [
        'organization',
        o,
        sql`update organization_profiles set organization_name = organization_name || ' Trust' where user_id = ${organization!.user_id}`,
      ],
      [
        'organization',
        o,
        sql`update organization_products set description = description || '.' where id = ${organization!.product_id}`,
      ],
    ];
    for (const [kind, id, write] of writes) {
      const before = await logged(kind, id);
      await db.execute(write);
      expect(await logged(kind, id), `${kind} ${id} after: ${write}`).toBe(before + 1);
    }
    // A write that changes nothing a reply shows is not logged.
    const before = await logged('recipient', r);
    await db.execute(sql`update users set phone_number = '+2348030000001' where id = ${recipient!.user_id}`);
    expect(await logged('recipient', r)).toBe(before);
  });

  it('keeps at most the replies it is allowed, dropping the one kept longest', async () => {
    const small = createSearchIndex(database.db, { repliesKept: 2 });
    await small.start();
    try {
      const hits = small.search([['braill']], { limit: 3, offset: 0, anyWord: false, cap: 200 }).hits;
      expect(hits).toHaveLength(3);
      const asked = small.replies(hits);
      hits.forEach((_, i) => asked.keep(i, `{"n":${i}}`));
      expect(small.size().replies).toBe(2);
      expect(small.replies(hits).texts).toEqual([undefined, '{"n":1}', '{"n":2}']);
    } finally {
      small.stop();
    }
  });

  it('does not keep a reply read before a change the index has since taken in', async () => {
    const id = await createRecipientCampaign(database.db, { reason: 'I bind ledgers in Sokoto for the traders.' });
    await refreshRecipientSearchText(database.db, [id]);
    expect(await indexA.fresh()).toBe(true);
    const [hit] = indexA.search([['ledger'], ['sokoto']], { limit: 1, offset: 0, anyWord: false, cap: 200 }).hits;
    expect(hit).toMatchObject({ kind: 'recipient', id });
    const asked = indexA.replies([hit!]);
    expect(asked.texts).toEqual([undefined]);
    await database.db.execute(sql`update recipient_campaigns set amount_raised_kobo = 5000 where id = ${id}`);
    expect(await indexA.fresh()).toBe(true);
    asked.keep(0, '{"read":"before the gift"}');
    expect(indexA.replies([hit!]).texts).toEqual([undefined]);
    // Asked again after the change, it keeps what it is given.
    const again = indexA.replies([hit!]);
    again.keep(0, '{"read":"after the gift"}');
    expect(indexA.replies([hit!]).texts).toEqual(['{"read":"after the gift"}']);
  });
});
