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

export function encodeSearchCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

export function decodeSearchCursor(raw: string | undefined): number {
  if (!raw) return 0;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const o = (v as { o?: unknown } | null)?.o;
    if (typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 && o <= MAX_OFFSET) return o;
  } catch {
    // fall through
  }
  throw new AppError('bad_request', CURSOR_INVALID_MESSAGE);
}

/**
 * Full-text match (stemmed words) plus trigram word similarity (misspellings), over product name,
 * recipient or organization name and reason, across both kinds of campaign, best match first.
 */
export async function searchCampaigns(
  db: Db,
  storage: Storage,
  opts: { q: string; limit: number; offset: number },
): Promise<{ items: SearchResult[]; nextOffset?: number }> {
  const q = opts.q;
  // `<%` matches above pg_trgm.word_similarity_threshold, set for every connection (db/client.ts).
  const hitRows = await selectRows<{ kind: 'recipient' | 'organization'; id: number }>(db, sql`
      with query as (select websearch_to_tsquery('english', ${q}) as tsq, ${q}::text as raw)
      select kind, id from (
        select 'recipient' as kind, c.id, c.created_at,
               ts_rank(c.search_vector, query.tsq) * 2 + word_similarity(query.raw, c.search_title) as score
          from recipient_campaigns c, query
         where c.status in (${sql.join(PUBLIC_RECIPIENT_STATUSES.map((s) => sql`${s}`), sql`, `)})
           and (c.search_vector @@ query.tsq or query.raw <% c.search_title)
        union all
        select 'organization' as kind, c.id, c.created_at,
               ts_rank(c.search_vector, query.tsq) * 2 + word_similarity(query.raw, c.search_title) as score
          from organization_campaigns c, query
         where c.status in (${sql.join(PUBLIC_ORGANIZATION_STATUSES.map((s) => sql`${s}`), sql`, `)})
           and (c.search_vector @@ query.tsq or query.raw <% c.search_title)
      ) hits
      order by score desc, created_at desc, id desc
      limit ${opts.limit + 1} offset ${opts.offset}`);
  const ranked = hitRows.map((r) => ({ kind: r.kind, id: Number(r.id) }));

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
  return { items, nextOffset: more && opts.offset + opts.limit <= MAX_OFFSET ? opts.offset + opts.limit : undefined };
}

