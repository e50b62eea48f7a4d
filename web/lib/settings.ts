import { useCallback, useSyncExternalStore } from 'react';

/** Keys kept in localStorage, as the rest of the app and the theme script expect them. */
export const SETTINGS_KEYS = {
  darkMode: 'darkMode',
  soundEnabled: 'soundEnabled',
  authToken: 'authToken',
  authUser: 'authUser',
  // The stored name stays as it is, so a bag already kept in a browser is read back.
  giftBag: 'giftCart',
  heldCheckout: 'giftCheckout',
  // The share link (`?ref=`) this browser last arrived by, and when (web/lib/visit-source.ts).
  visitSource: 'giftSource',
  // The supporter's fundraiser whose "Give" link this browser followed last (web/lib/fundraiser-visit.ts).
  fundraiser: 'giftFundraiser',
  // Product notes 3: the dashboards' remembered answer to "has a request been made?"; the server's answer wins.
  requestSubmitted: 'requestSubmitted',
  orgRequestSubmitted: 'orgRequestSubmitted',
} as const;

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSetting(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the setting lasts for this page only.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
}

const never = () => () => undefined;

/**
 * A stored yes/no setting, `fallback()` when none is stored. The third value is false only while a
 * page the server drew hydrates (decision 0022): the value is then false, as the server drew it,
 * whatever is stored, and what the setting drives outside React (the theme class) must wait.
 */
export function useBooleanSetting(key: string, fallback: () => boolean): [boolean, (v: boolean) => void, boolean] {
  const raw = useStoredValue(key);
  const known = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const value = !known ? false : raw === null ? fallback() : raw === 'true';
  const set = useCallback((v: boolean) => writeSetting(key, String(v)), [key]);
  return [value, set, known];
}

export function prefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
}

export function readBooleanSetting(key: string, fallback: boolean): boolean {
  const raw = read(key);
  return raw === null ? fallback : raw === 'true';
}
