import { sql } from 'drizzle-orm';
import type { SearchResult } from '@contract/campaigns';
import { CURSOR_INVALID_MESSAGE } from '@contract/pagination';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Storage } from '../../providers/storage/storage';
import {
  PUBLIC_ORGANIZATION_STATUSES,
  PUBLIC_RECIPIENT_STATUSES,
  listByIds,
} from './queries';

const MAX_OFFSET = 1000;
/**
 * At most this many matches of each campaign kind are ranked (the newest matching ones), so a
 * common word costs the same with 100,000 campaigns as with 1,000. Beyond them, a visitor refines.
 */
export const SEARCH_CANDIDATES = 300;
/** Query words looked at; the rest of a long query is ignored. */
const MAX_TERMS = 8;
/** Similar vocabulary words tried for each query word (pg_trgm's `%`: SESSION_SETTINGS's threshold). */
const VARIANTS_PER_TERM = 3;

/** Where a visitor is in a result list: the offset, and whether the query was widened to any word. */
export type SearchPosition = { offset: number; anyWord: boolean };

export function encodeSearchCursor(position: SearchPosition): string {
  return Buffer.from(JSON.stringify(position.anyWord ? { o: position.offset, a: 1 } : { o: position.offset })).toString('base64url');
}

export function decodeSearchCursor(raw: string | undefined): SearchPosition {
  if (!raw) return { offset: 0, anyWord: false };
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { o?: unknown; a?: unknown } | null;
    const o = v?.o;
    if (typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 && o <= MAX_OFFSET && (v?.a === undefined || v?.a === 1)) {
      return { offset: o, anyWord: v?.a === 1 };
    }
  } catch {
    // fall through
  }
  throw new AppError('bad_request', CURSOR_INVALID_MESSAGE);
}

/**
 * The visitor's words as two text-search queries. Each word stands for itself (stemmed) or for one
 * of the few most similar words of the campaigns' vocabulary (`search_words`, trigram similarity),
 * which is how misspellings find their campaigns. `all` asks for every word, `any` for at least one.
 * Both are null when no word is left (only stop words or punctuation).
 */
async function toTextQueries(db: Db, q: string): Promise<{ all: string; any: string } | null> {
  const [row] = await selectRows<{ all: string | null; any: string | null }>(db, sql`
    with terms as (
      select ord, w from regexp_split_to_table(lower(${q}), '[^[:alnum:]]+') with ordinality t(w, ord)
       where w <> '' order by ord limit ${MAX_TERMS}
    ), variants as (
      select ord, plainto_tsquery('english', w) as tsq from terms
      union all
      select t.ord, plainto_tsquery('english', s.word)
        from terms t cross join lateral (
          select word from search_words
           where length(t.w) >= 3 and word % t.w
           order by similarity(word, t.w) desc, word
           limit ${VARIANTS_PER_TERM}) s
    ), per_term as (
      select ord, '(' || string_agg(distinct tsq::text, ' | ') || ')' as alternatives
        from variants where numnode(tsq) > 0 group by ord
    )
    select string_agg(alternatives, ' & ' order by ord) as all,
           string_agg(alternatives, ' | ' order by ord) as any
      from per_term`);
  return row?.all && row.any ? { all: row.all, any: row.any } : null;
}

/**
 * Full-text match over product name, recipient or organization name and reason, across both kinds
 * of campaign, misspellings included (see toTextQueries). Campaigns with every word come first; only
 * when none has them all does the search widen to any word. The newest SEARCH_CANDIDATES matches of
 * each kind are ranked: text rank, plus how closely the query resembles the product and names.
 */
export async function searchCampaigns(
  db: Db,
  storage: Storage,
  opts: { q: string; limit: number; position: SearchPosition },
): Promise<{ items: SearchResult[]; next?: SearchPosition }> {
  const queries = await toTextQueries(db, opts.q);
  if (!queries) return { items: [] };
  const page = async (anyWord: boolean) => {
    const match = anyWord ? queries.any : queries.all;
    const rows = await selectRows<{ kind: 'recipient' | 'organization'; id: number }>(db, sql`
      with rc as (
        select id from recipient_campaigns
         where status in (${sql.join(PUBLIC_RECIPIENT_STATUSES.map((s) => sql`${s}`), sql`, `)})
           and search_vector @@ ${match}::tsquery
         order by created_at desc, id desc limit ${SEARCH_CANDIDATES}
      ), oc as (
        select id from organization_campaigns
         where status in (${sql.join(PUBLIC_ORGANIZATION_STATUSES.map((s) => sql`${s}`), sql`, `)})
           and search_vector @@ ${match}::tsquery
         order by created_at desc, id desc limit ${SEARCH_CANDIDATES}
      )
      select kind, id from (
        select 'recipient' as kind, c.id, c.created_at,
               ts_rank(c.search_vector, ${queries.any}::tsquery) * 2 + word_similarity(${opts.q}, c.search_title) as score
          from recipient_campaigns c where c.id in (select id from rc)
        union all
        select 'organization' as kind, c.id, c.created_at,
               ts_rank(c.search_vector, ${queries.any}::tsquery) * 2 + word_similarity(${opts.q}, c.search_title) as score
          from organization_campaigns c where c.id in (select id from oc)
      ) hits
      order by score desc, created_at desc, id desc
      limit ${opts.limit + 1} offset ${opts.position.offset}`);
    return rows.map((r) => ({ kind: r.kind, id: Number(r.id) }));
  };
  let anyWord = opts.position.anyWord;
  let ranked = await page(anyWord);
  if (!anyWord && ranked.length === 0 && opts.position.offset === 0 && queries.any !== queries.all) {
    anyWord = true;
    ranked = await page(true);
  }

  const more = ranked.length > opts.limit;
  const hits = more ? ranked.slice(0, opts.limit) : ranked;
  const rows = await listByIds(
    db,
    storage,
    hits.filter((h) => h.kind === 'recipient').map((h) => h.id),
    hits.filter((h) => h.kind === 'organization').map((h) => h.id),
  );
  const items = hits
    .map((h) => rows.get(`${h.kind}:${h.id}`))
    .filter((x): x is SearchResult => x !== undefined);
  const nextOffset = opts.position.offset + opts.limit;
  return { items, next: more && nextOffset <= MAX_OFFSET ? { offset: nextOffset, anyWord } : undefined };
}
