import type {
  AssistedApplication,
  CaseworkerInvite,
  HelpedRecipient,
  OrganizationCaseworkers,
} from '@contract/caseworkers';
import type { CatalogProduct } from '@contract/requests';
import { apiGet, apiRequest } from '@/lib/api';

/** The calls of the caseworker pages and the organization's Caseworkers page (docs/decisions/0043). */

export const HELPED_KEY = ['caseworker', 'recipients'] as const;
export const ORGANIZATION_CASEWORKERS_KEY = ['organization', 'caseworkers'] as const;

export const fetchHelped = () => apiGet<HelpedRecipient[]>('/caseworker/recipients');
export const fetchCatalog = () => apiGet<CatalogProduct[]>('/products');

export async function applyFor(payload: AssistedApplication) {
  return (
    await apiRequest<{ message: string; recipient: HelpedRecipient }>('/caseworker/recipients', {
      method: 'POST',
      body: JSON.stringify(payload),
    })
  ).data;
}

export const fetchInvite = (token: string) =>
  apiGet<CaseworkerInvite>(`/caseworker-invites/${encodeURIComponent(token)}`);

export async function acceptInvite(
  token: string,
  body: { firstName: string; lastName: string; phoneNumber: string; password: string },
) {
  return (
    await apiRequest<{ message: string }>(`/caseworker-invites/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
      body: JSON.stringify(body),
    })
  ).data;
}

export const fetchOrganizationCaseworkers = () => apiGet<OrganizationCaseworkers>('/organization/caseworkers');

export async function inviteCaseworker(email: string) {
  return (
    await apiRequest<{ message: string }>('/organization/caseworkers', {
      method: 'POST',
      body: JSON.stringify({ email }),
    })
  ).data;
}

export async function removeCaseworker(userId: number) {
  return (await apiRequest<{ message: string }>(`/organization/caseworkers/${userId}`, { method: 'DELETE' })).data;
}

export async function withdrawInvite(id: number) {
  return (await apiRequest<{ message: string }>(`/organization/caseworker-invites/${id}`, { method: 'DELETE' })).data;
}
