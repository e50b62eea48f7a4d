import type { OrganizationOnboarding, RecipientOnboarding } from '@contract/onboarding';
import { apiRequest } from '@/lib/api';

export { NO_UPLOAD_URL, UPLOAD_FAILED, uploadFile } from '@/lib/uploads';

export const SUBMIT_FAILED = 'Failed to submit onboarding form.';

export type OnboardingAnswers = { recipient: RecipientOnboarding; organization: OrganizationOnboarding };
export type OnboardingKind = keyof OnboardingAnswers;

/** POST /onboarding/<kind>/submit: the answers with the keys of the files already sent. */
export async function submitOnboarding<K extends OnboardingKind>(kind: K, payload: OnboardingAnswers[K]) {
  return (
    await apiRequest<{ message: string; redirectTo: string }>(`/onboarding/${kind}/submit`, {
      method: 'POST',
      body: JSON.stringify(payload),
    })
  ).data;
}

/** POST /onboarding/<kind>/resubmit: the corrected answers; a file not sent again keeps the one on file. */
export async function resubmitOnboarding<K extends OnboardingKind>(
  kind: K,
  payload: Omit<OnboardingAnswers[K], 'idDocumentKey'> & { idDocumentKey?: string },
) {
  return (
    await apiRequest<{ message: string; redirectTo: string }>(`/onboarding/${kind}/resubmit`, {
      method: 'POST',
      body: JSON.stringify(payload),
    })
  ).data;
}
