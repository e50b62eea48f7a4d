import type { AuthReply } from '@contract/auth';
import type { Db } from '../../db/client';
import { createSessionRow, loadSessionUser } from './queries';
import { randomToken, sha256 } from './tokens';

/** Opens a session for a user and answers what the web app stores: the token and the user. */
export async function startSession(db: Db, userId: number, days: number, userAgent?: string): Promise<AuthReply> {
  const token = randomToken();
  await createSessionRow(db, userId, sha256(token), days, userAgent);
  const user = await loadSessionUser(db, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return { token, user };
}
