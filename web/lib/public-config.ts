import { useSyncExternalStore } from 'react';
import type { AuthConfig } from '@contract/auth';
import { apiGet } from '@/lib/api';

/**
 * Used when the settings cannot be loaded. 'live' only hides the test-mode notice on the form: the
 * checkout reply still names the provider, and the test payment dialog says no money is charged.
 */
const NO_CONFIG: AuthConfig = {
  turnstileSiteKey: null,
  googleClientId: null,
  paymentMode: 'live',
  paymentFee: null,
  payLaterHoldMinutes: null,
};

let config: AuthConfig | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(loaded: AuthConfig) {
  config = loaded;
  for (const notify of listeners) notify();
}

function load() {
  loading ??= apiGet<AuthConfig>('/auth/config').then(publish, () => {
    // Without the settings the forms still work; the server reports a missing check itself. They
    // are asked for again by the next page that needs them, or when the connection comes back.
    loading = undefined;
    if (!config) publish(NO_CONFIG);
    addEventListener('online', () => void (listeners.size && load()), { once: true });
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (config === undefined || config === NO_CONFIG) load();
  return () => void listeners.delete(listener);
}

/** The store behind `usePublicConfig`, as React's `useSyncExternalStore` reads it. */
export const publicConfigStore = { subscribe, current: (): AuthConfig | undefined => config };

/**
 * Public settings the sign-in and checkout pages need before a call (human check, Google sign-in,
 * test or live payments). They only change with a server restart, so they are fetched once they
 * have been had, by the first page that asks, with no query cache: the sign-in page is a light page
 * (decision 0058).
 */
export function usePublicConfig(): { data: AuthConfig | undefined } {
  return {
    data: useSyncExternalStore(publicConfigStore.subscribe, publicConfigStore.current, () => undefined),
  };
}
