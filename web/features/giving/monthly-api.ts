import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fundReplySchema, type FundReply } from '@contract/giving';
import {
  monthlyGiftSchema,
  monthlyGiftsSchema,
  monthlyStartReplySchema,
  type MonthlyChange,
  type MonthlyGift,
  type MonthlyStartInput,
  type MonthlyStartReply,
} from '@contract/monthly-giving';
import { apiAct, apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { ShownError, UNEXPECTED_RESPONSE } from './messages';

/**
 * Whose monthly gifts a page shows: the signed-in donor's, or a guest's by the signed link mailed to
 * them (its query string, passed on as it came).
 */
export type MonthlyOwner = { kind: 'donor' } | { kind: 'guest'; query: string };

const listPath = (owner: MonthlyOwner) =>
  owner.kind === 'donor' ? '/donor/monthly' : `/giving/monthly/manage${owner.query}`;
const giftPath = (owner: MonthlyOwner, id: number) =>
  owner.kind === 'donor' ? `/donor/monthly/${id}` : `/giving/monthly/manage/${id}${owner.query}`;
const queryKey = (owner: MonthlyOwner) => ['monthly-gifts', owner.kind === 'donor' ? 'donor' : owner.query];

export function useMonthlyGifts(owner: MonthlyOwner) {
  return useQuery({
    queryKey: queryKey(owner),
    queryFn: async (): Promise<MonthlyGift[]> => monthlyGiftsSchema.parse(await apiGet<unknown>(listPath(owner))),
    retry: retryUnlessRefused,
  });
}

/** A change (amount, pause, resume) or, with `cancel`, the end of the gift; the list follows the answer. */
export function useChangeMonthly(owner: MonthlyOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: MonthlyChange | 'cancel' }) => {
      const { data } = await apiRequest<unknown>(giftPath(owner, id), {
        method: change === 'cancel' ? 'DELETE' : 'PATCH',
        ...(change === 'cancel' ? {} : { body: JSON.stringify(change) }),
      });
      return monthlyGiftSchema.parse(data);
    },
    onSuccess: (gift) => {
      client.setQueryData<MonthlyGift[]>(queryKey(owner), (list) => list?.map((g) => (g.id === gift.id ? gift : g)));
    },
  });
}

export async function startMonthlyGift(input: MonthlyStartInput): Promise<MonthlyStartReply> {
  const { data } = await apiAct<unknown>('/giving/monthly', { method: 'POST', body: JSON.stringify(input) });
  const parsed = monthlyStartReplySchema.safeParse(data);
  if (!parsed.success) throw new ShownError(UNEXPECTED_RESPONSE);
  return parsed.data;
}

/** A checkout paying a monthly gift's month with another card, which is used from then on. */
export async function startCardChange(owner: MonthlyOwner, id: number): Promise<MonthlyStartReply> {
  const query = owner.kind === 'guest' ? owner.query : '';
  const { data } = await apiAct<unknown>(`/giving/monthly/${id}/card${query}`, { method: 'POST' });
  const parsed = monthlyStartReplySchema.safeParse(data);
  if (!parsed.success) throw new ShownError(UNEXPECTED_RESPONSE);
  return parsed.data;
}

/** Records a paid checkout, as every payment is recorded. */
export async function recordPayment(reference: string): Promise<FundReply> {
  const { data } = await apiAct<unknown>('/donations/fund', {
    method: 'POST',
    body: JSON.stringify({ transactionId: reference }),
  });
  const parsed = fundReplySchema.safeParse(data);
  if (!parsed.success) throw new ShownError(UNEXPECTED_RESPONSE);
  return parsed.data;
}

export const monthlyQueryKey = queryKey;
