import { sql } from 'drizzle-orm';
import { compiledSelect, selectRows, type Db } from '../../db/client';
import { PUBLIC_ORGANIZATION_STATUSES, PUBLIC_RECIPIENT_STATUSES } from './queries';

/**
 * Every public campaign's text-search vector, held in this process, so a search costs the database
 * nothing but the page's rows (decision 0049). The vectors are PostgreSQL's own (`search_vector`),
 * so a search matches the same lexemes and ranks with the same arithmetic as `ts_rank` would: the
 * answers are the database path's answers. The database stays the source of truth: the index is
 * built from it and follows the `search_changes` log its triggers write (migrations 0022 and 0024).
 * It also keeps the public replies of the campaigns searches have shown (decision 0056): the log names
 * a campaign whenever anything its reply shows changes, and a changed campaign's kept reply goes with
 * its old vector.
 */

type Kind = 'recipient' | 'organization';
const KINDS: readonly Kind[] = ['recipient', 'organization'];

type Doc = {
  kind: Kind;
  id: number;
  /** created_at in microseconds since 1970, as the database orders by it. */
  created: number;
  /** The campaign's lexeme numbers, ascending, and each one's share of the text rank. */
  lexemes: Int32Array;
  shares: Float64Array;
  /** The campaign's public reply as search sends it, once a search has loaded it (see replies). */
  reply?: string;
};

/** One page of ranked matches, as the database path answers it. */
export type IndexHit = { kind: Kind; id: number; anyWord: boolean };

/** Newer first, then the larger id first: the database's `order by created_at desc, id desc`. */
function before(a: Doc, b: Doc): number {
  return a.created !== b.created ? b.created - a.created : b.id - a.id;
}

// ts_rank's default weights (D, C, B, A), in single precision as PostgreSQL keeps them.
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1)];

/**
 * One lexeme's share of `ts_rank` for a vector, from its positions' weights in the order stored:
 * PostgreSQL's calc_rank_or for one entry, step by step in single precision, so ranks tie and
 * order exactly as the database's do.
 */
function shareOf(weights: number[]): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < weights.length; j += 1) {
    const w = WEIGHTS[weights[j]!]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

/**
 * Visits the lexemes of a `tsvector` as PostgreSQL writes it (`'braill':1A,4 'display':2A`), with
 * each one's weights (3 for A down to 0 for D; an entry without positions counts as one D). A hand
 * loop rather than a regular expression: a build reads millions of them.
 */
function forEachEntry(text: string, visit: (lexeme: string, weights: number[]) => void) {
  const weights: number[] = [];
  const n = text.length;
  for (let i = text.indexOf("'"); i >= 0 && i < n; i = text.indexOf("'", i)) {
    let j = i + 1;
    let from = j;
    let lexeme = '';
    for (; j < n; j += 1) {
      const c = text.charCodeAt(j);
      if (c === 39) {
        if (text.charCodeAt(j + 1) !== 39) break;
        lexeme += text.slice(from, j + 1);
        j += 1;
        from = j + 1;
      } else if (c === 92) {
        lexeme += text.slice(from, j);
        from = j + 1;
        j += 1;
      }
    }
    lexeme += text.slice(from, j);
    j += 1;
    weights.length = 0;
    if (text.charCodeAt(j) === 58) {
      j += 1;
      while (j < n && text.charCodeAt(j) !== 32) {
        while (j < n && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j += 1;
        const c = text.charCodeAt(j);
        if (c >= 65 && c <= 68) {
          weights.push(68 - c);
          j += 1;
        } else weights.push(0);
        if (text.charCodeAt(j) === 44) j += 1;
      }
    } else weights.push(0);
    visit(lexeme, weights);
    i = j;
  }
}

/** The lexemes of a `tsvector` as PostgreSQL writes it, with each one's weights (see forEachEntry). */
export function parseVector(text: string): Array<[string, number[]]> {
  const out: Array<[string, number[]]> = [];
  forEachEntry(text, (lexeme, weights) => out.push([lexeme, [...weights]]));
  return out;
}

/**
 * The lexemes of a query word's alternatives as the search builds them (`('braill' | 'brail')`),
 * or null when an alternative is more than one lexeme (a phrase or an and): the database answers those.
 */
export function parseAlternatives(text: string): string[] | null {
  const tokens = text.match(/'(?:[^'\\]|''|\\.)*'|[^\s']+/g) ?? [];
  const lexemes: string[] = [];
  for (const token of tokens) {
    if (token.startsWith("'")) lexemes.push(token.slice(1, -1).replace(/''/g, "'").replace(/\\(.)/g, '$1'));
    else if (token !== '(' && token !== ')' && token !== '|') return null;
  }
  return lexemes.length > 0 ? lexemes : null;
}

const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

const PUBLIC = { recipient: PUBLIC_RECIPIENT_STATUSES, organization: PUBLIC_ORGANIZATION_STATUSES };
const TABLE = { recipient: 'recipient_campaigns', organization: 'organization_campaigns' };
const BUILD_CHUNK = 2000;
/** Changes are kept a day; an index that has not looked for an hour builds itself anew. */
const CHANGES_KEPT = '1 day';
const STALE_AFTER_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * Public replies kept at most: about 1.3 kB each, so some 26 MB. Searches show the newest matches
 * first, so the campaigns they show are far fewer than those held; the oldest kept goes first.
 */
export const REPLIES_KEPT = 20_000;

type Row = { id: number | string; created: string; public: boolean; vector: string };
const rowsOf = (kind: Kind, where: ReturnType<typeof sql>) => sql`
  select id, (extract(epoch from created_at) * 1000000)::bigint::text as created,
         status in (${sql.join(
           PUBLIC[kind].map((s) => sql`${s}`),
           sql`, `,
         )}) as public,
         search_vector::text as vector
    from ${sql.raw(TABLE[kind])} ${where}`;
const chunkStatements = Object.fromEntries(
  KINDS.map((kind) => [
    kind,
    compiledSelect<Row>(
      sql`${rowsOf(
        kind,
        // A range of ids, read by the primary key: no chunk costs more as the table grows.
        sql`where id > ${sql.placeholder('after')} and id <= ${sql.placeholder('upTo')} and status in (${sql.join(
          PUBLIC[kind].map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )}`,
    ),
  ]),
) as Record<Kind, (db: Db, values: Record<string, unknown>) => Promise<Row[]>>;
const byIdStatements = Object.fromEntries(
  KINDS.map((kind) => [kind, compiledSelect<Row>(rowsOf(kind, sql`where id = any(${sql.placeholder('ids')}::int[])`))]),
) as Record<Kind, (db: Db, values: Record<string, unknown>) => Promise<Row[]>>;
// The oldest transaction still running: every change written by one older than it can be read now.
const horizonSql = sql`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;
// Every change committed since the last look's horizon: the ones of transactions younger than the
// new horizon are read again next time (reloading a campaign twice is harmless), since an older
// transaction still running may commit after them.
const changesSince = compiledSelect<{ horizon: string; kind: Kind | null; campaign_id: number | null }>(sql`
  select h.horizon::text as horizon, c.kind, c.campaign_id
    from (select ${horizonSql} as horizon) h
    left join search_changes c on c.xid >= ${sql.placeholder('from')}::bigint`);

export type SearchIndex = ReturnType<typeof createSearchIndex>;

export function createSearchIndex(db: Db, opts: { log?: (message: string) => void; repliesKept?: number } = {}) {
  const repliesKept = opts.repliesKept ?? REPLIES_KEPT;
  const lexemeIds = new Map<string, number>();
  let docs = new Map<string, Doc>();
  /** The documents holding a reply, oldest kept first. */
  let withReply = new Set<Doc>();
  let postings: Record<Kind, Map<number, Doc[]>> = { recipient: new Map(), organization: new Map() };
  let ready = false;
  let horizon = 0;
  let lastSynced = 0;
  let lastPruned = 0;
  let building: Promise<void> | undefined;
  let running: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const lexemeId = (lexeme: string) => {
    let id = lexemeIds.get(lexeme);
    if (id === undefined) {
      id = lexemeIds.size;
      lexemeIds.set(lexeme, id);
    }
    return id;
  };

  function positionIn(list: Doc[], doc: Doc): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(list[mid]!, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function remove(kind: Kind, id: number) {
    const doc = docs.get(`${kind}:${id}`);
    if (!doc) return;
    docs.delete(`${kind}:${id}`);
    withReply.delete(doc);
    for (const lexeme of doc.lexemes) {
      const list = postings[kind].get(lexeme);
      if (!list) continue;
      const at = positionIn(list, doc);
      if (list[at] === doc) list.splice(at, 1);
      if (list.length === 0) postings[kind].delete(lexeme);
    }
  }

  function add(kind: Kind, row: Row, append: boolean) {
    const ids: number[] = [];
    const shares: number[] = [];
    forEachEntry(row.vector, (lexeme, weights) => {
      ids.push(lexemeId(lexeme));
      shares.push(shareOf(weights));
    });
    const order = ids.map((_, i) => i).sort((a, b) => ids[a]! - ids[b]!);
    const doc: Doc = {
      kind,
      id: Number(row.id),
      created: Number(row.created),
      lexemes: Int32Array.from(order, (i) => ids[i]!),
      shares: Float64Array.from(order, (i) => shares[i]!),
    };
    docs.set(`${kind}:${doc.id}`, doc);
    for (const lexeme of doc.lexemes) {
      let list = postings[kind].get(lexeme);
      if (!list) postings[kind].set(lexeme, (list = []));
      if (append) list.push(doc);
      else list.splice(positionIn(list, doc), 0, doc);
    }
  }

  async function build() {
    const started = performance.now();
    const [h] = await selectRows<{ horizon: string }>(db, sql`select ${horizonSql}::text as horizon`);
    docs = new Map();
    withReply = new Set();
    postings = { recipient: new Map(), organization: new Map() };
    for (const kind of KINDS) {
      const [last] = await selectRows<{ id: number | null }>(
        db,
        sql`select max(id) as id from ${sql.raw(TABLE[kind])}`,
      );
      for (let after = 0; after < Number(last?.id ?? 0); after += BUILD_CHUNK) {
        for (const row of await chunkStatements[kind](db, { after, upTo: after + BUILD_CHUNK })) add(kind, row, true);
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Sorted a few lists at a time, letting other work run between them: start-up goes on meanwhile.
      let sorted = 0;
      for (const list of postings[kind].values()) {
        list.sort(before);
        sorted += list.length;
        if (sorted > 50_000) {
          sorted = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    horizon = Number(h!.horizon);
    lastSynced = Date.now();
    ready = true;
    opts.log?.(`search index built: ${docs.size} campaigns in ${(performance.now() - started).toFixed(0)} ms`);
  }

  // One build at a time: a second one would empty the index under the first.
  let inBuild: Promise<void> | undefined;
  const buildOrSay = () =>
    (inBuild ??= build()
      .catch((error: Error) => {
        opts.log?.(`search index not built, searches ask the database: ${error.message}`);
      })
      .finally(() => (inBuild = undefined)));

  /** Takes in the changes of every transaction finished since the last look. */
  async function sync(): Promise<boolean> {
    if (!ready) return false;
    try {
      if (Date.now() - lastSynced > STALE_AFTER_MS) {
        ready = false;
        await buildOrSay();
        return ready;
      }
      const rows = await changesSince(db, { from: horizon });
      const changed: Record<Kind, Set<number>> = { recipient: new Set(), organization: new Set() };
      for (const r of rows) if (r.kind && r.campaign_id !== null) changed[r.kind].add(Number(r.campaign_id));
      for (const kind of KINDS) {
        if (changed[kind].size === 0) continue;
        const current = await byIdStatements[kind](db, { ids: [...changed[kind]] });
        for (const id of changed[kind]) remove(kind, id);
        for (const row of current) if (row.public) add(kind, row, false);
      }
      horizon = Number(rows[0]!.horizon);
      lastSynced = Date.now();
      if (Date.now() - lastPruned > PRUNE_EVERY_MS) {
        lastPruned = Date.now();
        await db.execute(sql`delete from search_changes where changed_at < now() - ${CHANGES_KEPT}::interval`);
      }
      return true;
    } catch (error) {
      opts.log?.(`search index could not follow the database: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * True once the index holds every change committed before this call (a look started after it,
   * shared by the searches that arrive meanwhile); false when it cannot say so and the database
   * must answer.
   */
  function fresh(): Promise<boolean> {
    if (!ready || stopped) return Promise.resolve(false);
    if (!running) {
      running = sync().finally(() => (running = undefined));
      return running;
    }
    if (!queued) {
      queued = running.then(() => {
        queued = undefined;
        return fresh();
      });
    }
    return queued;
  }

  /** The newest `cap` campaigns of a kind that have a lexeme of every group (`all`) or of any group. */
  function candidates(kind: Kind, groups: number[][], mode: 'all' | 'any', cap: number): Doc[] {
    const lists = (group: number[]) => group.map((l) => postings[kind].get(l)).filter((x): x is Doc[] => !!x);
    const has = (doc: Doc, group: number[]) => group.some((l) => hasLexeme(doc, l));
    let driver: number[];
    let checks: number[][] = [];
    if (mode === 'any') driver = groups.flat();
    else {
      const size = (group: number[]) => lists(group).reduce((n, list) => n + list.length, 0);
      const order = [...groups].sort((a, b) => size(a) - size(b));
      driver = order[0]!;
      checks = order.slice(1);
    }
    const heads = lists([...new Set(driver)]);
    const at = heads.map(() => 0);
    const out: Doc[] = [];
    while (out.length < cap) {
      let best: Doc | undefined;
      for (let i = 0; i < heads.length; i += 1) {
        const doc = heads[i]![at[i]!];
        if (doc && (!best || before(doc, best) < 0)) best = doc;
      }
      if (!best) break;
      for (let i = 0; i < heads.length; i += 1) if (heads[i]![at[i]!] === best) at[i] = at[i]! + 1;
      if (checks.every((group) => has(best, group))) out.push(best);
    }
    return out;
  }

  return {
    /**
     * Builds the index; resolves once built (or failed: then searches keep asking the database),
     * or after `waitMs`, the build going on while the database answers.
     */
    async start(waitMs = Infinity): Promise<void> {
      building ??= buildOrSay();
      // Keeps an idle index close to the database, and builds again after a failed build.
      timer ??= setInterval(() => {
        if (ready) void fresh();
        else void buildOrSay();
      }, 5000);
      timer.unref();
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        building,
        new Promise<void>((resolve) => {
          if (Number.isFinite(waitMs)) waited = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(waited);
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
    fresh,
    /** Campaigns held, distinct lexemes, and public replies kept: the index's size. */
    size: () => ({ campaigns: docs.size, lexemes: lexemeIds.size, replies: withReply.size }),
    /**
     * The kept public reply of each hit (undefined where none is kept), and `keep` to hold one loaded
     * from the database for a hit. A loaded reply is kept only while its campaign is still the one
     * the index held when asked: one a change has replaced since may have been read before it.
     */
    replies(hits: IndexHit[]): { texts: Array<string | undefined>; keep(at: number, text: string): void } {
      const held = hits.map((h) => docs.get(`${h.kind}:${h.id}`));
      return {
        texts: held.map((doc) => doc?.reply),
        keep(at, text) {
          const doc = held[at];
          if (!doc || doc.reply !== undefined || docs.get(`${doc.kind}:${doc.id}`) !== doc) return;
          doc.reply = text;
          withReply.add(doc);
          while (withReply.size > repliesKept) {
            const oldest = withReply.values().next().value!;
            oldest.reply = undefined;
            withReply.delete(oldest);
          }
        },
      };
    },
    /**
     * One page of ranked matches for query words given as their alternatives' lexemes, as the
     * database path answers it (search-campaigns.ts): every word first, any word only when no
     * campaign has them all, the newest `cap` matches of each kind ranked by `ts_rank` against the
     * any-word query, then newest first.
     */
    search(
      words: string[][],
      opts: { limit: number; offset: number; anyWord: boolean; cap: number },
    ): { hits: IndexHit[]; anyWord: boolean } {
      // A lexeme no campaign has gets no number: it matches nothing, but still counts in the rank.
      const known = (lexeme: string) => lexemeIds.get(lexeme) ?? -1;
      const groups = words.map((w) => w.map(known));
      const page = (mode: 'all' | 'any') => KINDS.flatMap((kind) => candidates(kind, groups, mode, opts.cap));
      let anyWord = opts.anyWord;
      let found = page(anyWord ? 'any' : 'all');
      if (!anyWord && found.length === 0 && opts.offset === 0 && words.length > 1) {
        anyWord = true;
        found = page('any');
      }
      // ts_rank over the any-word query: its distinct lexemes in PostgreSQL's order, summed in single precision.
      const operands = [...new Set(words.flat())].sort(utf8Order).map(known);
      const ranked = found.map((doc) => {
        let rank = 0;
        for (const l of operands) {
          const i = indexOfLexeme(doc, l);
          if (i >= 0) rank = Math.fround(rank + doc.shares[i]!);
        }
        return { doc, rank: Math.fround(rank / operands.length) };
      });
      ranked.sort((a, b) => b.rank - a.rank || before(a.doc, b.doc));
      return {
        hits: ranked
          .slice(opts.offset, opts.offset + opts.limit)
          .map((r) => ({ kind: r.doc.kind, id: r.doc.id, anyWord })),
        anyWord,
      };
    },
  };
}

function indexOfLexeme(doc: Doc, lexeme: number): number {
  const list = doc.lexemes;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid]!;
    if (v === lexeme) return mid;
    if (v < lexeme) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const hasLexeme = (doc: Doc, lexeme: number) => indexOfLexeme(doc, lexeme) >= 0;
