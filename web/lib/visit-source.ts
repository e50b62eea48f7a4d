import { isGiftSource, type GiftSource } from '@contract/gift-sources';
import { SETTINGS_KEYS } from './settings';

/** How long a share link counts for the gifts made after it (docs/decisions/0032). */
export const VISIT_SOURCE_DAYS = 7;

/** The share link that brought this browser here within the last days, if any. */
export function visitSource(now = Date.now()): GiftSource | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(SETTINGS_KEYS.visitSource) ?? 'null') as {
      source?: unknown;
      at?: unknown;
    } | null;
    const at = Number(kept?.at);
    if (isGiftSource(kept?.source) && now - at >= 0 && now - at < VISIT_SOURCE_DAYS * 86_400_000) return kept.source;
  } catch {
    // Unreadable: as if there were none.
  }
  return undefined;
}
