import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  accountRoleOf,
  ALREADY_A_MEMBER,
  MEMBER_HAS_OTHER_ACCOUNT,
  MEMBER_INVITE_NOT_FOUND,
  type MemberInvitation,
} from '@contract/organization-team';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { organizationMembers, users } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { assertPasswordAllowed } from '../accounts/password-policy';
import { revokeAllSessions, roleIdByName } from '../accounts/queries';
import { sha256 } from '../accounts/tokens';
import { audit } from '../audit/audit';
import { invitee, openInvitation, organizationName } from './queries';
import { hashSecret } from '../accounts/secret-hash';

export type AcceptDetails = {
  firstName: string;
  lastName: string;
  password: string;
  /** A caseworker gives the number people reach them on; anyone else's comes from the invitation, if any. */
  phoneNumber?: string | undefined;
};

/** What the join page shows before the person accepts: who invites them, as what, and where the link was sent. */
export async function invitationByToken(db: Db, token: string): Promise<MemberInvitation> {
  const invitation = await openInvitation(db, token);
  return {
    organization_name: await organizationName(db, invitation.organizationId),
    role: invitation.role,
    email: invitation.email,
    phone: invitation.phoneNumber,
  };
}

/**
 * Accepting an invitation makes the member's account, or attaches a former member's, and joins the
 * team, once: two accepts at once give one member and one 404. The link proves the address or
 * number it was sent to, as a password reset does, so a returning account takes the name and
 * password given and is signed out elsewhere (docs/decisions/0074, 0075). Answers the account's id.
 */
export async function acceptInvitation(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  details: AcceptDetails,
): Promise<{ userId: number; role: string }> {
  const invitation = await openInvitation(deps.db, token);
  const { returning } = await invitee(deps.db, invitation);
  await assertPasswordAllowed(details.password);
  const passwordHash = await hashSecret(details.password);
  const roleId = await roleIdByName(deps.db, accountRoleOf(invitation.role));
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const person = {
      firstName: details.firstName,
      lastName: details.lastName,
      passwordHash,
      roleId,
      ...(details.phoneNumber ? { phoneNumber: details.phoneNumber } : {}),
    };
    const [user] = returning
      ? await tx
          .update(users)
          .set({ ...person, updatedAt: sql`now()` })
          .where(and(eq(users.id, returning), isNull(users.deletedAt)))
          .returning({ id: users.id })
      : await tx
          .insert(users)
          .values({
            ...person,
            email: invitation.email,
            phoneNumber: details.phoneNumber ?? invitation.phoneNumber,
            // The link was sent to the address: opening it proves it. A number is proved likewise.
            emailVerifiedAt: invitation.email ? sql`now()` : null,
            isOnboardingComplete: true,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
    if (!user) throw new AppError('conflict', MEMBER_HAS_OTHER_ACCOUNT);
    // A second invitation accepted meanwhile leaves this one refused, not doubled (one organization per person).
    // The member's own account holds their address from now on: the invitation's copy goes.
    let joined: { id: number }[];
    try {
      joined = await tx
        .update(organizationMembers)
        .set({ userId: user.id, tokenHash: null, email: null, phoneNumber: null, joinedAt: sql`now()` })
        .where(
          and(
            eq(organizationMembers.id, invitation.id),
            eq(organizationMembers.tokenHash, sha256(token)),
            isNull(organizationMembers.userId),
          ),
        )
        .returning({ id: organizationMembers.id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', ALREADY_A_MEMBER);
      throw error;
    }
    if (joined.length === 0) throw notFound(MEMBER_INVITE_NOT_FOUND);
    if (returning) await revokeAllSessions(tx, user.id);
    await audit(tx, {
      adminId: user.id,
      action: 'team.join',
      entity: 'organization_member',
      entityId: invitation.id,
      details: { organizationId: invitation.organizationId, role: invitation.role, returning: returning !== null },
    });
    return { userId: user.id, role: invitation.role };
  });
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return (error as { code?: string } | null)?.code === '23505' || cause?.code === '23505';
}
