export const SEARCH_MAX_LENGTH = 100;

/** Collapses whitespace; the result is what the server searches for. */
export function normalizeSearchQuery(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}
