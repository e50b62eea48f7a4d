import { createBusyGate } from '../../http/busy-gate';

export const PREVIEWS_BUSY = 'Preview images are busy right now. Try again in a few seconds.';

/**
 * Drawn preview PNGs by their hash. A shared link brings a burst of crawlers (every chat member's
 * app asks for the same image at once): one drawing serves them all, and the drawn image is kept
 * while it is among the most recently used that fit in `maxBytes`. At most `concurrency` drawings
 * run at once and `queue` wait; beyond that a request gets 503 with Retry-After, so a burst of
 * distinct previews cannot take the processor from the rest of the site.
 */
export function createPreviewCache(options: { maxBytes: number; concurrency: number; queue: number }) {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const drawing = new Map<string, Promise<Buffer>>();
  const gate = createBusyGate({
    concurrency: options.concurrency,
    queue: options.queue,
    retryAfterSeconds: 5,
    message: PREVIEWS_BUSY,
  });

  function keep(hash: string, png: Buffer) {
    if (png.length > options.maxBytes) return;
    kept.set(hash, png);
    keptBytes += png.length;
    // A Map iterates in insertion order: the first entry is the least recently used.
    for (const [oldest, bytes] of kept) {
      if (keptBytes <= options.maxBytes) break;
      kept.delete(oldest);
      keptBytes -= bytes.length;
    }
  }

  return {
    /** The PNG for `hash`: kept, being drawn, or drawn now by `draw`. */
    get(hash: string, draw: () => Promise<Buffer>): Promise<Buffer> {
      const hit = kept.get(hash);
      if (hit) {
        kept.delete(hash);
        kept.set(hash, hit);
        return Promise.resolve(hit);
      }
      const shared = drawing.get(hash);
      if (shared) return shared;
      const png = gate(draw)
        .then((drawn) => {
          keep(hash, drawn);
          return drawn;
        })
        .finally(() => drawing.delete(hash));
      drawing.set(hash, png);
      return png;
    },
    /** What is kept now, for tests. */
    stats: () => ({ images: kept.size, bytes: keptBytes }),
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;
