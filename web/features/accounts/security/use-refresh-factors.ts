import { useQueryClient } from '@tanstack/react-query';
import { freshUserQuery } from '@/lib/session';
import { secondFactorQuery } from './api';

/** After a factor changes: the factors shown, and the session's `hasSecondFactor` the guards read. */
export function useRefreshFactors(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: secondFactorQuery.queryKey }),
      client.invalidateQueries({ queryKey: freshUserQuery.queryKey }),
    ]);
  };
}
