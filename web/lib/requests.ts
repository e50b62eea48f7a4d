import { useEffect } from 'react';
import { useBooleanSetting } from './settings';

/**
 * Which request cards a dashboard shows (product notes 2 and 3). Until the server answers, the remembered
 * flag decides (requestSubmitted or orgRequestSubmitted); then the server's answer wins and is
 * remembered, so a second device or a cleared browser shows the truth: Start a Campaign while the
 * account may request, Campaign Status while it has a request to follow (both after a rejection).
 * `canRequest` and `hasRequests` are undefined while unknown.
 */
export function useRequestCards(
  flagKey: string,
  canRequest: boolean | undefined,
  hasRequests: boolean | undefined,
): { start: boolean; status: boolean } {
  const [flag, setFlag] = useBooleanSetting(flagKey, () => false);
  const known = canRequest !== undefined && hasRequests !== undefined;
  const open = known && !canRequest && hasRequests;
  useEffect(() => {
    if (known) setFlag(open);
  }, [known, open, setFlag]);
  if (!known) return { start: !flag, status: flag };
  return { start: canRequest, status: hasRequests || !canRequest };
}
