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

function subscribe(listener: () => void) {
  listeners.add(listener);
  loading ??= apiGet<AuthConfig>('/auth/config')
    // Without the settings the forms still work; the server reports a missing check itself.
    .catch(() => NO_CONFIG)
    .then((loaded) => {
      config = loaded;
      for (const notify of listeners) notify();
    });
  return () => void listeners.delete(listener);
}

/**
 * Public settings the sign-in and checkout pages need before a call (human check, Google sign-in,
 * test or live payments). They only change with a server restart, so they are fetched once, by the
 * first page that asks, with no query cache: the sign-in page is a light page (decision 0058).
 */
export function usePublicConfig(): { data: AuthConfig | undefined } {
  return {
    data: useSyncExternalStore(
      subscribe,
      () => config,
      () => undefined,
    ),
  };
}
