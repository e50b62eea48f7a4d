import { useQuery } from '@tanstack/react-query';
import { donorGiftsSchema, type DonorGifts, type Gift } from '@contract/giving';
import { apiGet, retryUnlessRefused } from '@/lib/api';

export function useDonorGifts() {
  return useQuery({
    queryKey: ['donor', 'gifts'],
    queryFn: async (): Promise<DonorGifts> => donorGiftsSchema.parse(await apiGet<unknown>('/donor/gifts')),
    retry: retryUnlessRefused,
  });
}

/** The name a donor knows the gift by: the organization, or the person. */
export function recipientName(gift: Gift): string {
  const org = gift.organization_name?.trim();
  if (org) return org;
  return `${gift.recipient_first_name} ${gift.recipient_last_name}`.trim();
}
