import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  attentionCaseSchema,
  attentionListSchema,
  jobCountsSchema,
  jobListSchema,
  paymentDetailSchema,
  paymentListSchema,
  refundSchema,
  type ExportName,
  type PaymentFilters,
  type Refund,
  type RefundRequest,
  type Resolution,
} from '@contract/money-desk';
import { apiAct, apiDownload, apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

/** Under the admin key, so any admin change asks the desk again too. */
const DESK = ['admin', 'money-desk'] as const;

/** How many payments the list loads at a time. */
export const PAYMENTS_PAGE = 25;

/** The filters as a query string, empty ones left out, in the order the form shows them. */
export function filterParams(filters: PaymentFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

export const usePayments = (filters: PaymentFilters) =>
  useInfiniteQuery({
    queryKey: [...DESK, 'payments', filters],
    queryFn: async ({ pageParam }) => {
      const params = filterParams(filters);
      params.set('limit', String(PAYMENTS_PAGE));
      if (pageParam) params.set('cursor', pageParam);
      return paymentListSchema.parse(await apiGet<unknown>(`/admin/payments?${params}`));
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export const paymentPath = (reference: string) => `/admin/payments/${encodeURIComponent(reference)}`;

export const usePayment = (reference: string) =>
  useQuery({
    queryKey: [...DESK, 'payment', reference],
    queryFn: async () => paymentDetailSchema.parse(await apiGet<unknown>(paymentPath(reference))),
    enabled: reference !== '',
    retry: retryUnlessRefused,
  });

export const useAttention = () =>
  useQuery({
    queryKey: [...DESK, 'attention'],
    queryFn: async () => attentionListSchema.parse(await apiGet<unknown>('/admin/payments/attention')).items,
    retry: retryUnlessRefused,
  });

export type JobState = 'failed' | 'waiting';

export const useJobs = (state: JobState) =>
  useQuery({
    queryKey: [...DESK, 'jobs', state],
    queryFn: async () => jobListSchema.parse(await apiGet<unknown>(`/admin/jobs?state=${state}`)),
    retry: retryUnlessRefused,
  });

export const useJobCounts = () =>
  useQuery({
    queryKey: [...DESK, 'jobs', 'counts'],
    queryFn: async () => jobCountsSchema.parse(await apiGet<unknown>('/admin/jobs/counts')),
    retry: retryUnlessRefused,
  });

/** The money-desk calls that change something; each asks every admin list again, refused or not. */
export function useDeskCalls() {
  const client = useQueryClient();
  // Refused or not: a 409 usually means another admin (or the provider's webhook) moved first.
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });
  return {
    async refund(reference: string, request: RefundRequest): Promise<Refund> {
      try {
        const { data } = await apiAct<unknown>(`${paymentPath(reference)}/refund`, {
          method: 'POST',
          body: JSON.stringify(request),
        });
        return refundSchema.parse(data);
      } finally {
        await refresh();
      }
    },
    async resolve(reference: string, caseId: number, resolution: Resolution, note: string) {
      try {
        const { data } = await apiRequest<unknown>(`${paymentPath(reference)}/resolve`, {
          method: 'POST',
          body: JSON.stringify({ caseId, resolution, note }),
        });
        return attentionCaseSchema.parse(data);
      } finally {
        await refresh();
      }
    },
    /** Resolves with the server's sentence when it gives one. */
    async retryJob(id: string): Promise<string | null> {
      try {
        const { data } = await apiRequest<unknown>(`/admin/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' });
        const reply = z.object({ message: z.string() }).safeParse(data);
        return reply.success ? reply.data.message : null;
      } finally {
        await refresh();
      }
    },
  };
}

/** An export's address under /api, with the list's filters. */
export const exportPath = (name: ExportName, filters: PaymentFilters) => {
  const query = filterParams(filters).toString();
  return `/admin/exports/${name}.csv${query ? `?${query}` : ''}`;
};

/** Saves an export with the session's token (a bearer token cannot ride on a plain link). */
export const downloadExport = (name: ExportName, filters: PaymentFilters) =>
  apiDownload(exportPath(name, filters), `gift-of-independence-${name}-${new Date().toISOString().slice(0, 10)}.csv`);
