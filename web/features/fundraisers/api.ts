import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fundraiserChangeReplySchema, myFundraisersSchema, startFundraiserReplySchema } from '@contract/fundraisers';
import type { FundraiserSubmission } from './fundraiser-form';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

const KEY = ['fundraisers'] as const;

/** The signed-in donor's own fundraisers with their gifts. */
export const useMyFundraisers = () =>
  useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: async () => myFundraisersSchema.parse(await apiGet<unknown>('/fundraisers/mine')),
    retry: retryUnlessRefused,
  });

const asInput = (form: FundraiserSubmission) => ({
  title: form.title,
  story: form.story,
  goalKobo: form.goalNaira * 100,
  ...(form.photo ? { photo: form.photo } : {}),
});

/** After any change: the owner's list, the fundraiser's page and the campaign's list are asked again. */
function useForget() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export function useStartFundraiser() {
  const forget = useForget();
  return useMutation({
    mutationFn: async ({ campaignId, form }: { campaignId: string; form: FundraiserSubmission }) => {
      const { data } = await apiRequest<unknown>('/fundraisers', {
        method: 'POST',
        body: JSON.stringify({ campaignId, ...asInput(form) }),
      });
      return startFundraiserReplySchema.parse(data);
    },
    onSettled: forget,
  });
}

export function useEditFundraiser() {
  const forget = useForget();
  return useMutation({
    mutationFn: async ({ slug, form }: { slug: string; form: FundraiserSubmission }) => {
      const { data } = await apiRequest<unknown>(`/fundraisers/${encodeURIComponent(slug)}`, {
        method: 'PATCH',
        body: JSON.stringify(asInput(form)),
      });
      return fundraiserChangeReplySchema.parse(data);
    },
    onSettled: forget,
  });
}

export function useCloseFundraiser() {
  const forget = useForget();
  return useMutation({
    mutationFn: async (slug: string) => {
      const { data } = await apiRequest<unknown>(`/fundraisers/${encodeURIComponent(slug)}/close`, { method: 'POST' });
      return fundraiserChangeReplySchema.parse(data);
    },
    onSettled: forget,
  });
}
