import { z } from 'zod';

export const SEARCH_MAX_LENGTH = 100;

/** Collapses whitespace; the result is what the server searches for. */
export function normalizeSearchQuery(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

export const searchQuerySchema = z
  .string({ error: 'Enter something to search for.' })
  .transform(normalizeSearchQuery)
  .pipe(
    z
      .string()
      .min(1, 'Enter something to search for.')
      .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`),
  );
