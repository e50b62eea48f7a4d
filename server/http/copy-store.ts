/**
 * What every kept copy says of itself: its weight in bytes, when it stops being fresh, and up to when
 * the data it was made from is known to be current (a replica's answer may be a moment behind).
 */
export type Copy = { size: number; expires: number; asOf?: number };

/** A copy made on a miss, and whether it may be kept (a page drawn in full may; a fallback may not). */
export type Made<E extends Copy> = { copy: E; keep: boolean };

/** How often copies of one kind were answered: from a copy (fresh or one lifetime stale), or made anew. */
export type CopyCounts = { hits: number; misses: number };

export type CopyStore = {
  /**
   * The copy kept under `key`, or a new one from `make`. Callers of a key at the same moment share
   * one making. A copy less than one lifetime past its own is still answered while a single caller
   * makes the next one, and until that making ends even if it takes longer. With `after`, a copy made
   * from data older than that is not answered: this caller makes the next one (decision 0083).
   */
  load<E extends Copy>(kind: string, key: string, make: () => Promise<Made<E>>, after?: number): Promise<E>;
  /** Forgets every copy; a making under way is answered to its callers but not kept. */
  clear(): void;
  /** Counts per kind since start, and what is kept now. */
  stats(): { kinds: Record<string, CopyCounts>; entries: number; bytes: number };
};

/**
 * Short-lived copies bounded by bytes (decision 0019), shared by the public JSON replies and the
 * public pages (decision 0048) so that one clear forgets both.
 */
export function createCopyStore({ ttlMs, maxBytes }: { ttlMs: number; maxBytes: number }): CopyStore {
  const entries = new Map<string, Copy>();
  const inflight = new Map<string, Promise<Copy>>();
  /** Keys whose copy is being made again while the old one, then still within its stale lifetime, is answered. */
  const refreshing = new Map<string, Promise<unknown>>();
  const kinds: Record<string, CopyCounts> = {};
  let generation = 0;
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  };
  const count = (kind: string) => (kinds[kind] ??= { hits: 0, misses: 0 });

  function makeCopy(key: string, make: () => Promise<Made<Copy>>): Promise<Copy> {
    const startedIn = generation;
    const promise = (async () => {
      const { copy, keep } = await make();
      // A clear() while this was made means the data changed: answer it once, but do not keep it.
      if (keep && ttlMs > 0 && startedIn === generation && copy.size <= maxBytes) {
        forget(key);
        entries.set(key, copy);
        bytes += copy.size;
        // The oldest copies go first (expired ones among them) until the rest fit.
        while (bytes > maxBytes) forget(entries.keys().next().value!);
      }
      return copy;
    })().finally(() => inflight.get(key) === promise && inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  return {
    load<E extends Copy>(kind: string, key: string, make: () => Promise<Made<E>>, after?: number): Promise<E> {
      const counts = count(kind);
      const now = Date.now();
      const kept = entries.get(key) as E | undefined;
      // A reader who has just written is never answered from a copy older than the write.
      if (kept && after !== undefined && (kept.asOf ?? 0) < after) {
        counts.misses += 1;
        return makeCopy(key, make) as Promise<E>;
      }
      const hit = kept;
      if (hit && hit.expires > now) {
        counts.hits += 1;
        return Promise.resolve(hit);
      }
      // Visitors of a busy address never all wait on the making when its copy runs out, nor while
      // that copy's remaking takes longer than a lifetime (a page drawn under load can).
      if (hit && (hit.expires + ttlMs > now || refreshing.has(key))) {
        if (!inflight.has(key)) {
          const refresh: Promise<unknown> = makeCopy(key, make)
            .catch(() => undefined)
            .finally(() => refreshing.get(key) === refresh && refreshing.delete(key));
          refreshing.set(key, refresh);
        }
        counts.hits += 1;
        return Promise.resolve(hit);
      }
      counts.misses += 1;
      return (inflight.get(key) ?? makeCopy(key, make)) as Promise<E>;
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    stats() {
      return {
        kinds: Object.fromEntries(Object.entries(kinds).map(([kind, c]) => [kind, { ...c }])),
        entries: entries.size,
        bytes,
      };
    },
  };
}
