import { createHash } from 'node:crypto';

/**
 * Keeps rendered files by everything they are drawn from (the campaign's facts, the site address),
 * so a copy is never stale: a new gift changes the facts and so the key. Requests for the same key
 * while it renders share that one rendering. The least recently used copies go first once the
 * copies together pass `maxBytes`.
 */
export function createRenderedCopies(maxBytes: number) {
  const copies = new Map<string, Buffer>();
  const inflight = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  return async function renderedCopy(source: unknown, render: () => Promise<Buffer>): Promise<Buffer> {
    const key = createHash('sha256').update(JSON.stringify(source)).digest('base64url');
    const kept = copies.get(key);
    if (kept) {
      copies.delete(key);
      copies.set(key, kept);
      return kept;
    }
    const pending = inflight.get(key);
    if (pending) return pending;
    const rendering = render()
      .then((file) => {
        if (file.length <= maxBytes) {
          copies.set(key, file);
          bytes += file.length;
          for (const [oldKey, old] of copies) {
            if (bytes <= maxBytes) break;
            copies.delete(oldKey);
            bytes -= old.length;
          }
        }
        return file;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, rendering);
    return rendering;
  };
}
