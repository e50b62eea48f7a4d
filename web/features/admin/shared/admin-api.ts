import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  organizationActionReplySchema,
  recipientActionReplySchema,
  type DeliveryChange,
  type StatusChange,
} from '@contract/admin';
import { userActionReplySchema } from '@contract/admin-users';
import { apiRequest } from '@/lib/api';

/** Every admin list sits under this key, so one change asks them all again. */
export const ADMIN = ['admin'] as const;

/** Every item loaded so far, and the list's true size from the first page. */
export const loadedOf = <T>(data: { pages: { items: T[]; total: number }[] } | undefined) => ({
  items: data?.pages.flatMap((p) => p.items) ?? [],
  total: data?.pages[0]?.total ?? 0,
});

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
