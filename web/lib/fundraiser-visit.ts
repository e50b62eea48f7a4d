import { SETTINGS_KEYS } from './settings';

/** How long a visit to a fundraiser's page counts for a gift to its campaign, as a share link does. */
const FUNDRAISER_VISIT_DAYS = 7;

type Kept = { slug: string; campaignId: string; at: number };

/**
 * Kept when a visitor follows a fundraiser's "Give" link: a later checkout whose bag holds the
 * fundraiser's campaign names it, so the gift counts toward the fundraiser too. This browser's own
 * storage, never a cookie; the latest fundraiser replaces an earlier one.
 */
export function keepFundraiser(slug: string, campaignId: string, now = Date.now()): void {
  try {
    localStorage.setItem(SETTINGS_KEYS.fundraiser, JSON.stringify({ slug, campaignId, at: now } satisfies Kept));
  } catch {
    // Private mode or full storage: the gift then reaches the campaign alone.
  }
}

/** Forgets it: the server refused it (closed, or its campaign stopped), so the next try gives without it. */
export function forgetFundraiser(): void {
  try {
    localStorage.removeItem(SETTINGS_KEYS.fundraiser);
  } catch {
    // Nothing kept.
  }
}

/** The fundraiser a checkout of these campaigns is made through, if the visitor came by one lately. */
export function fundraiserFor(campaignIds: readonly string[], now = Date.now()): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(SETTINGS_KEYS.fundraiser) ?? 'null') as Partial<Kept> | null;
    const at = Number(kept?.at);
    if (
      typeof kept?.slug === 'string' &&
      typeof kept.campaignId === 'string' &&
      campaignIds.includes(kept.campaignId) &&
      now - at >= 0 &&
      now - at < FUNDRAISER_VISIT_DAYS * 86_400_000
    )
      return kept.slug;
  } catch {
    // Unreadable: as if there were none.
  }
  return undefined;
}
