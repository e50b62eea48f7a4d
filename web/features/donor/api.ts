import { useQuery } from '@tanstack/react-query';
import { donorGiftsSchema, type DonorGifts, type Gift } from '@contract/giving';
import { ApiError, apiGet } from '@/lib/api';

export function useDonorGifts() {
  return useQuery({
    queryKey: ['donor', 'gifts'],
    queryFn: async (): Promise<DonorGifts> => donorGiftsSchema.parse(await apiGet<unknown>('/donor/gifts')),
    // A refused or expired session will not fix itself by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
}

/** The name a donor knows the gift by: the organization, or the person. */
export function recipientName(gift: Gift): string {
  const org = gift.organization_name?.trim();
  if (org) return org;
  return `${gift.recipient_first_name} ${gift.recipient_last_name}`.trim();
}
