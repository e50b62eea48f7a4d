import type { OrganizationRole } from '@contract/organization-team';
import type { AppRole } from '@contract/roles';
import type { Db } from '../db/client';

/** A person's place in an organization's team (docs/decisions/0075). */
export type Membership = { organizationId: number; role: OrganizationRole; memberId: number };

/**
 * The signed-in user a request comes from, as `request.user` holds it. On a route acting for an
 * organization (any organization act but `self`), `id` is the organization's account, as every
 * organization use-case expects, and `personId` the member who acts.
 */
export type AuthenticatedUser = {
  id: number;
  /** The person signed in: the same as `id` except on a route acting for an organization. */
  personId: number;
  /** The organization this person is a member of, if any. */
  membership: Membership | null;
  role: AppRole;
  roleName: string;
  sessionId: number;
  /** Made with a temporary password: only choosing a new one, `me` and signing out are open until then. */
  mustChangePassword: boolean;
  /** Has an authenticator app or a passkey in use; every admin must (docs/decisions/0070). */
  hasSecondFactor: boolean;
  /** This session passed a second-factor check within the last few minutes (docs/decisions/0071). */
  secondFactorFresh: boolean;
  /** The session's last-seen time is due to be brought up to date. */
  lastSeenStale: boolean;
};

/**
 * Finds the user a bearer token stands for, or null when the token is unknown, revoked or expired.
 * The accounts module owns sessions, so app.ts hands its resolver to the auth plugin.
 */
export type ResolveSession = (db: Db, token: string) => Promise<AuthenticatedUser | null>;
