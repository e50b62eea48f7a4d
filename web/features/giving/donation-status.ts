import { useQuery } from '@tanstack/react-query';
import { donationStatusSchema, type DonationStatus } from '@contract/giving';
import { apiGet } from '@/lib/api';

/** First look after 5 seconds, then a little later each time, never more than every 30 seconds. */
export function nextLookMs(looks: number): number {
  return Math.min(30_000, Math.round(5_000 * 1.25 ** looks));
}

export const isWaiting = (status: DonationStatus['status'] | undefined) =>
  status === 'awaiting_confirmation' || status === 'pending';

/**
 * Follows a checkout whose payment the bank has not yet confirmed: asks the server (which only
 * reads what the webhook or the sweep recorded) until it is recorded or closed. Stops when the page
 * is left; a hidden tab waits until it is shown again.
 */
export function useDonationStatus(reference: string | null) {
  return useQuery({
    queryKey: ['donations', reference, 'status'],
    enabled: reference !== null,
    queryFn: async (): Promise<DonationStatus> =>
      donationStatusSchema.parse(await apiGet<unknown>(`/donations/${encodeURIComponent(reference ?? '')}/status`)),
    refetchInterval: (query) =>
      query.state.data && !isWaiting(query.state.data.status)
        ? false
        : nextLookMs(query.state.dataUpdateCount + query.state.errorUpdateCount),
    refetchIntervalInBackground: false,
    retry: false,
  });
}
