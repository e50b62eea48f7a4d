import type { AppRole } from '@contract/roles';
import type { Db } from '../db/client';

/** The signed-in user a request comes from, as `request.user` holds it. */
export type AuthenticatedUser = {
  id: number;
  role: AppRole;
  roleName: string;
  sessionId: number;
  /** Made with a temporary password: only choosing a new one, `me` and signing out are open until then. */
  mustChangePassword: boolean;
};

/**
 * Finds the user a bearer token stands for, or null when the token is unknown, revoked or expired.
 * The accounts module owns sessions, so app.ts hands its resolver to the auth plugin.
 */
export type ResolveSession = (db: Db, token: string) => Promise<AuthenticatedUser | null>;
