import type { AppDeps } from '../../deps';
import { tellAdmins } from '../notifications/tell-admins';
import { onboardedPerson } from './queries';
import type { OnboardingSentJob } from './submit-onboarding';

/** Tells the admins someone finished or corrected their onboarding, linking to the version that waits. */
export async function notifyAdminsOfOnboarding(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  { userId, submissionId, corrected }: OnboardingSentJob,
): Promise<void> {
  const person = await onboardedPerson(deps.db, userId);
  if (!person) return;
  const who =
    person.role === 'organization'
      ? `The organization ${person.organizationName ?? `${person.firstName} ${person.lastName}`.trim()}`
      : `${person.firstName} ${person.lastName}`.trim();
  await tellAdmins(deps, {
    subject: corrected ? 'Corrected onboarding to review' : 'New onboarding to review',
    message: corrected
      ? `${who} has corrected their onboarding and is ready for review.`
      : `${who} has completed onboarding and is ready for review.`,
    details: [`Contact: ${person.email ?? person.phoneNumber ?? 'none given'}`],
    link: submissionId ? `/admin/onboarding/${submissionId}` : '/admin/onboarding',
  });
}
