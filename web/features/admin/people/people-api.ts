import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rolesReplySchema,
  userActionReplySchema,
  userHistoryReplySchema,
  usersReplySchema,
  type NewAdmin,
  type UserRoleFilter,
} from '@contract/admin-users';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { ADMIN } from '../shared/admin-api';

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

/**
 * Resets another admin's second factor (docs/decisions/0072); resolves with the server's sentence and
 * asks the user list again. A step-up check, when the server asks for one, is made by the API layer.
 */
export function useResetSecondFactor() {
  const client = useQueryClient();
  return async (id: number): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(`/admin/users/${id}/second-factor/reset`, { method: 'POST' });
      return userActionReplySchema.parse(data).message;
    } finally {
      await client.invalidateQueries({ queryKey: [...ADMIN, 'users'] });
    }
  };
}
