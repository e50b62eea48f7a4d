import type { Db } from '../../db/client';
import { findSessionByTokenHash, type AuthenticatedUser } from './queries';
import { touchSession } from './sessions';
import { sha256 } from './tokens';

export type { AuthenticatedUser };

/**
 * The signed-in user a bearer token stands for, or null when the token is unknown, revoked or
 * expired. Only the token's hash is stored, so it is hashed here before the lookup.
 */
export async function resolveSession(db: Db, token: string): Promise<AuthenticatedUser | null> {
  const user = await findSessionByTokenHash(db, sha256(token));
  if (user?.lastSeenStale) await touchSession(db, user.sessionId);
  return user ?? null;
}
