import type { SessionUser } from '@contract/auth';
import { mayAct, type OrganizationAct } from '@contract/organization-roles';
import { appRole } from '@contract/roles';
import { useSession } from './session';

/**
 * Whether the signed-in person may do an act for their organization (docs/decisions/0075), by the
 * one table of roles: the pages show only the controls the role allows, and the server checks each
 * call again. Only organization accounts are checked; a recipient's own area is wholly theirs. A
 * profile stored before roles existed carries none: its controls stay until the fresh one arrives.
 */
export function userMayAct(user: SessionUser | null | undefined, act: OrganizationAct): boolean {
  if (!user || appRole(user.role) !== 'organization') return true;
  if (user.organizationRole === undefined) return true;
  return mayAct(user.organizationRole, act);
}

/** `userMayAct` for the person signed in now, following their session as it changes. */
export function useMayAct(act: OrganizationAct): boolean {
  return userMayAct(useSession().user, act);
}
