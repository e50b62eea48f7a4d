import type { AppDeps } from '../../deps';
import { tellAdmins } from '../notifications/tell-admins';
import { onboardedPerson } from './queries';

/** Tells the admins someone finished onboarding and waits for review. */
export async function notifyAdminsOfOnboarding(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  userId: number,
): Promise<void> {
  const person = await onboardedPerson(deps.db, userId);
  if (!person) return;
  const who =
    person.role === 'organization'
      ? `The organization ${person.organizationName ?? `${person.firstName} ${person.lastName}`.trim()}`
      : `${person.firstName} ${person.lastName}`.trim();
  await tellAdmins(deps, {
    subject: 'New onboarding to review',
    message: `${who} has completed onboarding and is ready for review.`,
    details: [`Contact: ${person.email}`],
    link: '/admin/dashboard',
  });
}
