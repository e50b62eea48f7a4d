/** Shortens text to at most `max` characters, cutting at a word boundary where one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s.,;:!?-]+$/, '')}...`;
}

/**
 * `text` with its white space made single, cut after a whole word to at most `limit` characters,
 * the ellipsis included (a link preview's description, a poster's reason and title). A word longer
 * than half the room is cut inside it rather than leaving almost nothing.
 */
export function cutAtWord(text: string, limit: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= limit) return plain;
  const room = plain.slice(0, limit);
  const lastSpace = room.lastIndexOf(' ');
  const cut = (lastSpace > limit / 2 ? room.slice(0, lastSpace) : room.slice(0, limit - 1)).replace(
    /[\s,;:.!?–—-]+$/,
    '',
  );
  return `${cut.slice(0, limit - 1)}…`;
}

export const HIGHLIGHT_DESCRIPTION_LENGTH = 90;
export const CATALOG_DESCRIPTION_LENGTH = 100;
