import { createBusyGate } from '../../http/busy-gate';
import { digestOf } from './digest';

/** A key for a copy from everything it is drawn from, so a copy is never stale: a new gift changes the facts and so the key. */
export const copyKey = (source: unknown) => digestOf(source);

/**
 * A drawn file, and whether it is what its key names for good. A drawing made without a picture
 * that failed to read (storage down for a moment) is not: it is sent once, not kept, so the next
 * request draws it again with the picture.
 */
export type Drawn = { file: Buffer; lasting: boolean };

/**
 * Drawn files (preview images, QR codes, posters) by a key that names what they are drawn from. A
 * shared link brings a burst of requests for the same file (every chat member's app asks for the
 * preview at once): one drawing serves them all, and the file is kept while it is among the most
 * recently used that fit in `maxBytes`. At most `concurrency` drawings run at once and `queue` wait;
 * beyond that a request gets 503 with Retry-After and `busyMessage`, so a burst of distinct files
 * cannot take the processor from the rest of the site.
 */
export function createRenderedCopies(options: {
  maxBytes: number;
  concurrency: number;
  queue: number;
  busyMessage: string;
}) {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const drawing = new Map<string, Promise<Drawn>>();
  const gate = createBusyGate({
    concurrency: options.concurrency,
    queue: options.queue,
    retryAfterSeconds: 5,
    message: options.busyMessage,
  });

  function keep(key: string, file: Buffer) {
    if (file.length > options.maxBytes) return;
    kept.set(key, file);
    keptBytes += file.length;
    // A Map iterates in insertion order: the first entry is the least recently used.
    for (const [oldest, bytes] of kept) {
      if (keptBytes <= options.maxBytes) break;
      kept.delete(oldest);
      keptBytes -= bytes.length;
    }
  }

  return {
    /**
     * The file for `key`: kept, being drawn, or drawn now by `draw`, which answers with the file, or
     * with `{ file, lasting: false }` for one not to keep.
     */
    get(key: string, draw: () => Promise<Buffer | Drawn>): Promise<Drawn> {
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve({ file: hit, lasting: true });
      }
      const shared = drawing.get(key);
      if (shared) return shared;
      const file = gate(draw)
        .then((made) => {
          const drawn = Buffer.isBuffer(made) ? { file: made, lasting: true } : made;
          if (drawn.lasting) keep(key, drawn.file);
          return drawn;
        })
        .finally(() => drawing.delete(key));
      drawing.set(key, file);
      return file;
    },
    /** What is kept now, for tests. */
    stats: () => ({ files: kept.size, bytes: keptBytes }),
  };
}

export type RenderedCopies = ReturnType<typeof createRenderedCopies>;
