import type { SessionUser } from '@contract/auth';
import type {
  OrganizationOnboarding,
  OrganizationProfile,
  RecipientOnboarding,
  RecipientProfile,
} from '@contract/onboarding';
import { apiGet, apiRequest } from '@/lib/api';

export { NO_UPLOAD_URL, UPLOAD_FAILED, uploadFile } from '@/lib/uploads';

export const SUBMIT_FAILED = 'Failed to submit onboarding form.';

export async function submitRecipient(payload: RecipientOnboarding) {
  return (
    await apiRequest<{ message: string; redirectTo: string }>('/onboarding/recipient/submit', {
      method: 'POST',
      body: JSON.stringify(payload),
    })
  ).data;
}

export async function submitOrganization(payload: OrganizationOnboarding) {
  return (
    await apiRequest<{ message: string; redirectTo: string }>('/onboarding/organization/submit', {
      method: 'POST',
      body: JSON.stringify(payload),
    })
  ).data;
}

export const fetchMe = () => apiGet<SessionUser>('/auth/me');
export const fetchRecipientProfile = () => apiGet<RecipientProfile>('/profile/recipient');
export const fetchOrganizationProfile = () => apiGet<OrganizationProfile>('/profile/organization');
