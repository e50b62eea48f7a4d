import { isGiftSource } from '@contract/gift-sources';
import { SETTINGS_KEYS } from './settings';

/**
 * Run once as the app starts: an arrival by a share link (`?ref=whatsapp`) is kept in this
 * browser's own storage, never a cookie, and the latest share link replaces an earlier one. Kept
 * apart from the reading (visit-source.ts), which only the checkout needs, so the first page's
 * script carries just this.
 */
export function keepVisitSource(search: string): void {
  const ref = new URLSearchParams(search).get('ref');
  if (!isGiftSource(ref)) return;
  try {
    localStorage.setItem(SETTINGS_KEYS.visitSource, JSON.stringify({ source: ref, at: Date.now() }));
  } catch {
    // Private mode or full storage: the gift is then counted as direct.
  }
}
