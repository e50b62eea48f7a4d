/** Shortens text to at most `max` characters, cutting at a word boundary where one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s.,;:!?-]+$/, '')}...`;
}

export const HIGHLIGHT_DESCRIPTION_LENGTH = 90;
export const CATALOG_DESCRIPTION_LENGTH = 100;
