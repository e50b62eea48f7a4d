import { useQuery } from '@tanstack/react-query';
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

/**
 * Public settings the sign-in and checkout pages need before a call (human check, Google sign-in,
 * test or live payments); they only change with a server restart, so they are fetched once.
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    staleTime: Infinity,
    queryFn: async (): Promise<AuthConfig> => {
      try {
        return await apiGet<AuthConfig>('/auth/config');
      } catch {
        // Without the settings the forms still work; the server reports a missing check itself.
        return NO_CONFIG;
      }
    },
  });
}
