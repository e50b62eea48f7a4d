import { sql } from 'drizzle-orm';
import { searchResultSchema } from '@contract/campaigns';
import { CURSOR_INVALID_MESSAGE } from '@contract/pagination';
import { compiledSelect, selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Storage } from '../../providers/storage/storage';
import { campaignMatchOf, poolsForCampaigns } from '../matching/campaign-match';
import { PUBLIC_ORGANIZATION_STATUSES, PUBLIC_RECIPIENT_STATUSES, listByIds } from './queries';
import { parseAlternatives, type IndexHit, type SearchIndex } from './search-index';

const MAX_OFFSET = 1000;
/**
 * At most this many matches of each campaign kind are ranked (the newest matching ones), so a
 * common word costs the same with 100,000 campaigns as with 1,000. Beyond them, a visitor refines.
 */
export const SEARCH_CANDIDATES = 200;
/** Query words looked at; the rest of a long query is ignored. */
const MAX_TERMS = 8;
/** Similar vocabulary words tried for each query word (pg_trgm's `%`: SESSION_SETTINGS's threshold). */
const VARIANTS_PER_TERM = 3;

/** Where a visitor is in a result list: the offset, and whether the query was widened to any word. */
export type SearchPosition = { offset: number; anyWord: boolean };

export function encodeSearchCursor(position: SearchPosition): string {
  return Buffer.from(JSON.stringify(position.anyWord ? { o: position.offset, a: 1 } : { o: position.offset })).toString(
    'base64url',
  );
}

export function decodeSearchCursor(raw: string | undefined): SearchPosition {
  if (!raw) return { offset: 0, anyWord: false };
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { o?: unknown; a?: unknown } | null;
    const o = v?.o;
    if (
      typeof o === 'number' &&
      Number.isSafeInteger(o) &&
      o >= 0 &&
      o <= MAX_OFFSET &&
      (v?.a === undefined || v?.a === 1)
    ) {
      return { offset: o, anyWord: v?.a === 1 };
    }
  } catch {
    // fall through
  }
  throw new AppError('bad_request', CURSOR_INVALID_MESSAGE);
}

/**
 * What a query word stands for: a text-search query, and its lexemes for the in-memory index (null
 * when the database must answer it, see parseAlternatives).
 */
type Alternatives = { query: string; lexemes: string[] | null };

/** What each query word stands for, kept a minute per process: words repeat across visitors' queries. */
const alternativesCache = new Map<string, { alternatives: Alternatives | null; expires: number }>();
const ALTERNATIVES_TTL_MS = 60_000;
const ALTERNATIVES_KEPT = 20_000;

/**
 * For each word, a text-search query for the word itself (stemmed) or one of the few most similar
 * words of the campaigns' vocabulary (`search_words`, trigram similarity): how misspellings find
 * their campaigns. Null for a word that is only a stop word.
 */
async function alternativesFor(db: Db, words: string[]): Promise<Map<string, Alternatives | null>> {
  const now = Date.now();
  const found = new Map<string, Alternatives | null>();
  const missing: string[] = [];
  for (const w of words) {
    const kept = alternativesCache.get(w);
    if (kept && kept.expires > now) found.set(w, kept.alternatives);
    else missing.push(w);
  }
  if (missing.length > 0) {
    const rows = await selectRows<{ w: string; alternatives: string }>(
      db,
      sql`
      select t.w, '(' || string_agg(distinct v.tsq::text, ' | ') || ')' as alternatives
        from unnest(${sql.param(missing)}::text[]) t(w)
        cross join lateral (
          select plainto_tsquery('english', t.w) as tsq
          union all
          select plainto_tsquery('english', s.word)
            from (select word from search_words
                   where length(t.w) >= 3 and word % t.w
                   order by similarity(word, t.w) desc, word
                   limit ${VARIANTS_PER_TERM}) s
        ) v
       where numnode(v.tsq) > 0
       group by t.w`,
    );
    const byWord = new Map(rows.map((r) => [r.w, r.alternatives]));
    for (const w of missing) {
      const query = byWord.get(w);
      const alternatives = query ? { query, lexemes: parseAlternatives(query) } : null;
      found.set(w, alternatives);
      alternativesCache.delete(w);
      alternativesCache.set(w, { alternatives, expires: now + ALTERNATIVES_TTL_MS });
    }
    while (alternativesCache.size > ALTERNATIVES_KEPT) alternativesCache.delete(alternativesCache.keys().next().value!);
  }
  return found;
}

/**
 * The visitor's words as two text-search queries: `all` asks for every word, `any` for at least
 * one (see alternativesFor), and each word's lexemes for the index. Null when no word is left (only
 * stop words or punctuation).
 */
async function toTextQueries(
  db: Db,
  q: string,
): Promise<{ all: string; any: string; lexemes: string[][] | null } | null> {
  const words = [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  const alternatives = await alternativesFor(db, words);
  const parts = words.map((w) => alternatives.get(w)).filter((x): x is Alternatives => Boolean(x));
  if (parts.length === 0) return null;
  const lexemes = parts.map((p) => p.lexemes);
  return {
    all: parts.map((p) => p.query).join(' & '),
    any: parts.map((p) => p.query).join(' | '),
    lexemes: lexemes.every((l): l is string[] => l !== null) ? lexemes : null,
  };
}

/**
 * One page of ranked matches (kind, id, and whether the query was widened to any word) for the
 * placeholders all and any (text-search queries), limit and offset. Each kind's newest matches are
 * ranked as they are read: no second pass over the table.
 */
const rankedPage = (match: 'all' | 'any') => sql`
  select kind, id, created_at, ts_rank(search_vector, ${sql.placeholder('any')}::tsquery) as rank,
         ${sql.raw(match === 'any' ? 'true' : 'false')} as any_word
    from (
      (select 'recipient' as kind, id, created_at, search_vector from recipient_campaigns
        where status in (${sql.join(
          PUBLIC_RECIPIENT_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
          and search_vector @@ ${sql.placeholder(match)}::tsquery
        order by created_at desc, id desc limit ${SEARCH_CANDIDATES})
      union all
      (select 'organization' as kind, id, created_at, search_vector from organization_campaigns
        where status in (${sql.join(
          PUBLIC_ORGANIZATION_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
          and search_vector @@ ${sql.placeholder(match)}::tsquery
        order by created_at desc, id desc limit ${SEARCH_CANDIDATES})
    ) candidates
   order by rank desc, created_at desc, id desc
   limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
type RankedRow = { kind: 'recipient' | 'organization'; id: number; any_word: boolean };
const rankedStatements = {
  everyWord: compiledSelect<RankedRow>(rankedPage('all')),
  anyWord: compiledSelect<RankedRow>(rankedPage('any')),
  // Every word, or only when no campaign has them all, any word: the any-word scans sit behind a
  // one-time check of the first result, so they cost nothing when it found campaigns.
  widening: compiledSelect<RankedRow>(sql`
    with every_word as materialized (${rankedPage('all')})
    select * from every_word
    union all
    select * from (${rankedPage('any')}) any_word where not exists (select from every_word)`),
};

/** A search page's reply body: its campaigns' replies, each already checked and serialised. */
export const searchReplyBody = (items: string[]) => `[${items.join(',')}]`;

/**
 * Full-text match over product name, recipient or organization name and reason, across both kinds
 * of campaign, misspellings included (see toTextQueries). Campaigns with every word come first; only
 * when none has them all does the search widen to any word. The newest SEARCH_CANDIDATES matches of
 * each kind are ranked by text rank, in which the product and names weigh most. Each campaign comes
 * as its public reply, checked against the search result schema and serialised (see replyTexts).
 */
export async function searchCampaigns(
  db: Db,
  storage: Storage,
  opts: { q: string; limit: number; position: SearchPosition; index?: SearchIndex },
): Promise<{ items: string[]; next?: SearchPosition }> {
  const queries = await toTextQueries(db, opts.q);
  if (!queries) return { items: [] };
  const { limit, position } = opts;
  const index = queries.lexemes && opts.index && (await opts.index.fresh()) ? opts.index : undefined;
  const ranked = index
    ? index.search(queries.lexemes!, {
        limit: limit + 1,
        offset: position.offset,
        anyWord: position.anyWord,
        cap: SEARCH_CANDIDATES,
      }).hits
    : await rankedInDatabase(db, queries, limit, position);

  const more = ranked.length > limit;
  const hits = more ? ranked.slice(0, limit) : ranked;
  const items = await replyTexts(db, storage, hits, index);
  const anyWord = ranked[0]?.anyWord ?? position.anyWord;
  const nextOffset = position.offset + limit;
  return { items, next: more && nextOffset <= MAX_OFFSET ? { offset: nextOffset, anyWord } : undefined };
}

/**
 * The public reply of each hit, serialised: the ones the index keeps as they are, the rest read from
 * the database, checked and serialised once, and handed to the index to keep (decision 0056). Only
 * an index that has just caught up with the database is passed: its kept replies are current.
 */
async function replyTexts(db: Db, storage: Storage, hits: IndexHit[], index: SearchIndex | undefined) {
  const kept = index?.replies(hits);
  const texts = kept?.texts ?? hits.map(() => undefined);
  const missing = hits.filter((_, i) => texts[i] === undefined);
  const [rows, pools] = await Promise.all([
    missing.length > 0
      ? listByIds(
          db,
          storage,
          missing.filter((h) => h.kind === 'recipient').map((h) => h.id),
          missing.filter((h) => h.kind === 'organization').map((h) => h.id),
        )
      : undefined,
    poolsForCampaigns(db, hits),
  ]);
  if (rows)
    hits.forEach((h, i) => {
      const row = texts[i] === undefined ? rows.get(`${h.kind}:${h.id}`) : undefined;
      if (!row) return;
      // Kept without its match: a pool opens and closes without the campaign changing (see withMatch).
      const text = JSON.stringify(searchResultSchema.parse({ ...row, match: null }));
      texts[i] = text;
      kept?.keep(i, text);
    });
  return hits.flatMap((h, i) => {
    const text = texts[i];
    return text === undefined ? [] : [withMatch(text, campaignMatchOf(storage, pools, h, TAKES_GIFTS.test(text)))];
  });
}

const MATCH_NULL = '"match":null';
const TAKES_GIFTS = /"takes_gifts":true[,}]/;

/**
 * A kept reply with the match open on its campaign now. Replies are kept with `"match":null`: a key
 * and value that only the reply's own field can write unescaped (a string's quotes are escaped), so
 * the one occurrence is that field.
 */
export function withMatch(text: string, match: ReturnType<typeof campaignMatchOf>): string {
  return match ? text.replace(MATCH_NULL, `"match":${JSON.stringify(match)}`) : text;
}

/** The same page of ranked matches as the in-memory index answers, from the database. */
async function rankedInDatabase(
  db: Db,
  queries: { all: string; any: string },
  limit: number,
  position: SearchPosition,
): Promise<Array<{ kind: 'recipient' | 'organization'; id: number; anyWord: boolean }>> {
  // On a first page, the any-word query comes in the same statement (see widening).
  const widen = !position.anyWord && position.offset === 0 && queries.any !== queries.all;
  const statement = position.anyWord
    ? rankedStatements.anyWord
    : widen
      ? rankedStatements.widening
      : rankedStatements.everyWord;
  return (await statement(db, { all: queries.all, any: queries.any, limit: limit + 1, offset: position.offset })).map(
    (r) => ({ kind: r.kind, id: Number(r.id), anyWord: r.any_word }),
  );
}
