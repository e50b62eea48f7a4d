import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminOverviewSchema,
  allCampaignsReplySchema,
  auditReplySchema,
  organizationActionReplySchema,
  organizationListPageSchema,
  recipientActionReplySchema,
  recipientListPageSchema,
  type DeliveryChange,
  type StatusChange,
} from '@contract/admin';
import { adminStatSchema, contentActionReplySchema, storySchema, type StatInput } from '@contract/content';
import {
  rolesReplySchema,
  userActionReplySchema,
  userHistoryReplySchema,
  usersReplySchema,
  type NewAdmin,
  type UserRoleFilter,
} from '@contract/admin-users';
import { campaignDonationSchema } from '@contract/giving';
import type { CampaignKind } from '@contract/ids';
import {
  onboardingReviewSchema,
  reviewDecisionReplySchema,
  reviewQueueReplySchema,
  type OnboardingReviewStatus,
} from '@contract/onboarding-review';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

/** Every admin list sits under this key, so one change asks them all again. */
const ADMIN = ['admin'] as const;

export const useOverview = () =>
  useQuery({
    queryKey: [...ADMIN, 'overview'],
    queryFn: async () => adminOverviewSchema.parse(await apiGet<unknown>('/admin/overview')),
    retry: retryUnlessRefused,
  });

/** How many review cards a list loads at a time. */
export const REVIEW_PAGE = 20;

/** The query string of one page of a paged admin list, after the cursor when there is one. */
const pageParams = (limit: number, cursor: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ paged: '1', limit: String(limit), ...extra });
  if (cursor) params.set('cursor', cursor);
  return params;
};

/** Every item loaded so far, and the list's true size from the first page. */
export const loadedOf = <T>(data: { pages: { items: T[]; total: number }[] } | undefined) => ({
  items: data?.pages.flatMap((p) => p.items) ?? [],
  total: data?.pages[0]?.total ?? 0,
});

export type RecipientList = 'pending' | 'approved' | 'featured';
export const useRecipientList = (list: RecipientList) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'campaigns', list],
    queryFn: async ({ pageParam }) =>
      recipientListPageSchema.parse(
        await apiGet<unknown>(`/admin/campaigns/${list}?${pageParams(REVIEW_PAGE, pageParam)}`),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export type OrganizationList = 'pending' | 'active';
export const useOrganizationList = (list: OrganizationList, organizationId?: number) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'org-campaigns', list, organizationId ?? 'all'],
    queryFn: async ({ pageParam }) =>
      organizationListPageSchema.parse(
        await apiGet<unknown>(
          `/admin/org-campaigns/${list}?${pageParams(REVIEW_PAGE, pageParam, organizationId ? { organizationId: String(organizationId) } : {})}`,
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export type AllCampaignsFilter = { status: string; q: string; sort: string; page: number };
export const PAGE_SIZE = 20;
export const useAllCampaigns = ({ status, q, sort, page }: AllCampaignsFilter) =>
  useQuery({
    queryKey: [...ADMIN, 'campaigns', 'all', status, q, sort, page],
    queryFn: async () => {
      const params = new URLSearchParams({ sort, page: String(page), pageSize: String(PAGE_SIZE) });
      if (status) params.set('status', status);
      if (q.trim()) params.set('q', q.trim());
      return allCampaignsReplySchema.parse(await apiGet<unknown>(`/admin/campaigns/all?${params}`));
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

/** Where each kind's campaigns live under /admin. */
const CAMPAIGNS_PATH: Record<CampaignKind, string> = { recipient: 'campaigns', organization: 'org-campaigns' };

/** A campaign's donations, either kind: one call shape under each kind's path. */
export const useDonations = (kind: CampaignKind, id: number) =>
  useQuery({
    queryKey: [...ADMIN, 'donations', kind, id],
    queryFn: async () =>
      z.array(campaignDonationSchema).parse(await apiGet<unknown>(`/admin/${CAMPAIGNS_PATH[kind]}/${id}/donations`)),
    retry: retryUnlessRefused,
  });

export const useAudit = (campaign: string, adminId: string) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'audit', campaign, adminId],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (campaign) params.set('campaign', campaign);
      if (adminId) params.set('adminId', adminId);
      if (pageParam) params.set('cursor', String(pageParam));
      return auditReplySchema.parse(await apiGet<unknown>(`/admin/audit?${params}`));
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export type UsersFilter = { role: UserRoleFilter; q: string };
export const USERS_PAGE_SIZE = 50;
/** The users list, USERS_PAGE_SIZE at a time by cursor, so people signing up meanwhile never shift a page. */
export const useUsers = ({ role, q }: UsersFilter) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'users', 'all', role, q],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ role, pageSize: String(USERS_PAGE_SIZE) });
      if (q.trim()) params.set('q', q.trim());
      if (pageParam) params.set('cursor', pageParam);
      return usersReplySchema.parse(await apiGet<unknown>(`/admin/users/all?${params}`));
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export const useAdminRoles = () =>
  useQuery({
    queryKey: [...ADMIN, 'users', 'roles'],
    queryFn: async () => rolesReplySchema.parse(await apiGet<unknown>('/admin/users/roles')),
    retry: retryUnlessRefused,
  });

export const useUserHistory = (id: string | undefined) =>
  useQuery({
    queryKey: [...ADMIN, 'users', 'history', id],
    queryFn: async () =>
      userHistoryReplySchema.parse(await apiGet<unknown>(`/admin/users/${encodeURIComponent(id ?? '')}/history`)),
    enabled: Boolean(id),
    retry: retryUnlessRefused,
  });

/** A new admin; resolves with the server's sentence and asks the user list again. */
export function useCreateAdmin() {
  const client = useQueryClient();
  return async (input: NewAdmin): Promise<string> => {
    const { data } = await apiRequest<unknown>('/admin/users', { method: 'POST', body: JSON.stringify(input) });
    await client.invalidateQueries({ queryKey: [...ADMIN, 'users'] });
    return userActionReplySchema.parse(data).message;
  };
}

/** One admin change: its call, then every admin list is asked again; resolves with the server's sentence. */
export type AdminCall =
  | { kind: 'status'; id: number | string; status: 'approved' | 'rejected' | 'pending'; adminNotes?: string }
  | { kind: 'feature' | 'unfeature'; id: number }
  | { kind: 'reason'; id: number; reason: string; previousReason: string }
  | { kind: 'delivery'; id: number; deliveryStatus: DeliveryChange['deliveryStatus'] }
  | { kind: 'org-delivery'; id: number; deliveryStatus: DeliveryChange['deliveryStatus'] }
  | { kind: 'video'; id: number; videoUrl: string }
  | { kind: 'org-status'; id: number; status: StatusChange['status']; adminNotes?: string }
  | { kind: 'delete-user'; id: number };

function request(call: AdminCall): [string, string, unknown] {
  switch (call.kind) {
    case 'status':
      return [`/admin/campaigns/${call.id}/status`, 'PATCH', { status: call.status, adminNotes: call.adminNotes }];
    case 'feature':
    case 'unfeature':
      return [`/admin/campaigns/${call.kind}`, 'POST', { campaignId: call.id }];
    case 'reason':
      return [
        `/admin/campaigns/${call.id}/reason`,
        'PUT',
        { reason: call.reason, previousReason: call.previousReason },
      ];
    case 'delivery':
      return [`/admin/campaigns/${call.id}/delivery`, 'PATCH', { deliveryStatus: call.deliveryStatus }];
    case 'org-delivery':
      return [`/admin/org-campaigns/${call.id}/delivery`, 'PATCH', { deliveryStatus: call.deliveryStatus }];
    case 'video':
      return [`/admin/campaigns/${call.id}/video`, 'POST', { videoUrl: call.videoUrl }];
    case 'org-status':
      return [`/admin/org-campaigns/${call.id}/status`, 'PATCH', { status: call.status, adminNotes: call.adminNotes }];
    case 'delete-user':
      return [`/admin/users/${call.id}`, 'DELETE', undefined];
  }
}

const replySchema = z.union([recipientActionReplySchema, organizationActionReplySchema, userActionReplySchema]);

export function useAdminCall() {
  const client = useQueryClient();
  return async (call: AdminCall): Promise<string> => {
    const [path, method, body] = request(call);
    try {
      const { data } = await apiRequest<unknown>(
        path,
        body === undefined ? { method } : { method, body: JSON.stringify(body) },
      );
      return replySchema.parse(data).message;
    } finally {
      // Refused or not, the lists are asked again: a 409 usually means another admin moved first.
      await client.invalidateQueries({ queryKey: ADMIN });
    }
  };
}

export const useAdminStats = () =>
  useQuery({
    queryKey: [...ADMIN, 'stats'],
    queryFn: async () => z.array(adminStatSchema).parse(await apiGet<unknown>('/admin/stats')),
    retry: retryUnlessRefused,
  });

export const useAdminStories = () =>
  useQuery({
    queryKey: [...ADMIN, 'stories'],
    queryFn: async () => z.array(storySchema).parse(await apiGet<unknown>('/stories/admin/all')),
    retry: retryUnlessRefused,
  });

/**
 * A change to what the home page shows: its call, then the admin lists and the public figures and
 * stories are asked again. Resolves with the server's sentence.
 */
export function useContentChange() {
  const client = useQueryClient();
  return async (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return contentActionReplySchema.parse(data).message;
    } finally {
      await Promise.allSettled([
        client.invalidateQueries({ queryKey: ADMIN }),
        client.invalidateQueries({ queryKey: ['stats'] }),
        client.invalidateQueries({ queryKey: ['stories'] }),
      ]);
    }
  };
}

export type { StatInput };

/** The onboarding review queue in one status, oldest first, a page at a time. */
export const useOnboardingQueue = (status: OnboardingReviewStatus) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'onboarding', 'queue', status],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ status, limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return reviewQueueReplySchema.parse(await apiGet<unknown>(`/admin/onboarding-reviews?${params}`));
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

const reviewKey = (id: string | undefined) => [...ADMIN, 'onboarding', 'review', id] as const;

export const useOnboardingReview = (id: string | undefined) =>
  useQuery({
    queryKey: reviewKey(id),
    queryFn: async () =>
      onboardingReviewSchema.parse(await apiGet<unknown>(`/admin/onboarding-reviews/${encodeURIComponent(id ?? '')}`)),
    enabled: Boolean(id),
    // The document link works for 5 minutes: asked again before it lapses while the page stays open.
    refetchInterval: 4 * 60 * 1000,
    retry: retryUnlessRefused,
  });

/** Verifies a version or asks for a correction; resolves with the server's sentence, and every admin list is asked again. */
export function useOnboardingDecision() {
  const client = useQueryClient();
  return async (id: number, decision: { kind: 'verify' } | { kind: 'correction'; reason: string }): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(
        decision.kind === 'verify'
          ? `/admin/onboarding-reviews/${id}/verify`
          : `/admin/onboarding-reviews/${id}/request-correction`,
        decision.kind === 'verify'
          ? { method: 'POST' }
          : { method: 'POST', body: JSON.stringify({ reason: decision.reason }) },
      );
      const reply = reviewDecisionReplySchema.parse(data);
      client.setQueryData(reviewKey(String(id)), reply.review);
      return reply.message;
    } finally {
      // Refused or not, the lists are asked again: a 409 usually means another admin decided first.
      await client.invalidateQueries({ queryKey: ADMIN });
    }
  };
}
