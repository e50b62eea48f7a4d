import { and, desc, eq, gt, inArray, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type SessionUser } from '@contract/auth';
import { appRole } from '@contract/roles';
import type { Db } from '../../db/client';
import type { AuthenticatedUser } from '../../http/session-user';
import {
  organizationMembers,
  organizationProfiles,
  roles,
  sessions,
  users,
  verificationCodes,
} from '../../db/schema/all';
import { OPEN_STATUSES } from '../campaign-core/status-rules';
import { STEP_UP_MINUTES } from '@contract/second-factor';

export type UserRow = typeof users.$inferSelect & { roleName: string };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ? { ...row.user, roleName: row.roleName } : undefined;
}

/**
 * The live account with no email that holds the number: the one a code sent to it signs in to
 * (docs/decisions/0066; the users_phone_only_key index keeps it to one).
 */
export async function phoneOnlyAccount(
  db: Db,
  phoneNumber: string,
): Promise<{ id: number; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNull(users.email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function roleIdByName(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`role ${name} is missing`);
  return row.id;
}

/**
 * Request eligibility (product notes 4), computed here and never stored: a recipient or organization whose
 * onboarding is complete and who has no open request (the rule book's open statuses, which the
 * one-open-request indexes name too).
 */
function canCreateCampaignFor(account: { id: AnyColumn; isOnboardingComplete: AnyColumn }, role: { name: AnyColumn }) {
  return sql<boolean>`(${account.isOnboardingComplete} and case ${role.name}
  when 'recipient' then not exists (select 1 from recipient_campaigns c where c.recipient_id = ${account.id} and ${inArray(sql`c.status`, OPEN_STATUSES.recipient)})
  when 'organization' then not exists (select 1 from organization_campaigns c where c.organization_id = ${account.id} and ${inArray(sql`c.status`, OPEN_STATUSES.organization)})
  else false end)`;
}
export const canCreateCampaignSql = canCreateCampaignFor(users, roles);

/** The account a person acts for: their organization's, for a member of one (docs/decisions/0075), else their own. */
const actingAccount = alias(users, 'acting_account');
const actingRole = alias(roles, 'acting_role');

/** Whether the user has a second factor in use (docs/decisions/0070). */
const hasSecondFactorSql = sql<boolean>`exists (select 1 from second_factors f where f.user_id = ${users.id} and f.confirmed_at is not null)`;

/**
 * The signed-in person as `me` answers: their own name and addresses; for an organization's member
 * the organization's name, onboarding and eligibility, and their role on its team.
 */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      role: roles.name,
      isOnboardingComplete: sql<boolean>`case when ${roles.name} = 'organization'
        then coalesce(${actingAccount.isOnboardingComplete}, ${users.isOnboardingComplete}) else ${users.isOnboardingComplete} end`,
      organizationName: organizationProfiles.organizationName,
      organizationRole: organizationMembers.role,
      canCreateCampaign: sql<boolean>`case when ${roles.name} = 'organization' and ${organizationMembers.role} is not null
        then ${organizationMembers.role} in ('owner', 'manager') and ${canCreateCampaignFor(actingAccount, actingRole)}
        else ${canCreateCampaignSql} end`,
      mustChangePassword: users.mustChangePassword,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      hasSecondFactor: hasSecondFactorSql,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .leftJoin(actingAccount, eq(actingAccount.id, organizationMembers.organizationId))
    .leftJoin(actingRole, eq(actingRole.id, actingAccount.roleId))
    .leftJoin(
      organizationProfiles,
      eq(organizationProfiles.userId, sql`coalesce(${organizationMembers.organizationId}, ${users.id})`),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type { AuthenticatedUser };

/** The live session for a token hash: not revoked, not expired, and the account not deleted. */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<AuthenticatedUser | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      roleName: roles.name,
      mustChangePassword: users.mustChangePassword,
      hasSecondFactor: hasSecondFactorSql,
      secondFactorFresh: sql<boolean>`coalesce(${sessions.secondFactorAt} > now() - make_interval(mins => ${STEP_UP_MINUTES}), false)`,
      lastSeenStale: sql<boolean>`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < now() - interval '5 minutes')`,
      memberId: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      memberRole: organizationMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row
    ? {
        id: row.userId,
        personId: row.userId,
        membership:
          row.memberId !== null && row.organizationId !== null && row.memberRole !== null
            ? { memberId: row.memberId, organizationId: row.organizationId, role: row.memberRole }
            : null,
        role: appRole(row.roleName),
        roleName: row.roleName,
        sessionId: row.sessionId,
        mustChangePassword: row.mustChangePassword,
        hasSecondFactor: row.hasSecondFactor,
        secondFactorFresh: row.secondFactorFresh,
        lastSeenStale: row.lastSeenStale,
      }
    : undefined;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs out every other device of the account, keeping the session that asked. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** What decides how a password may change: the current hash, and whether the account has an email. */
export async function findPasswordState(
  db: Db,
  userId: number,
): Promise<{ passwordHash: string | null; email: string | null } | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Sets the hash only while the old one is still in place, so two changes racing cannot both win. */
export async function replacePasswordHash(db: Db, userId: number, oldHash: string, newHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: newHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * A phone-only account's first password: set only while the account still has none and no email,
 * so it cannot replace a password without the current one (docs/decisions/0066).
 */
export async function setFirstPasswordHash(db: Db, userId: number, newHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: newHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.passwordHash), isNull(users.email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export type CodePurpose = 'verify_email' | 'reset_password';

export async function latestCode(db: Db, userId: number, purpose: CodePurpose) {
  const [row] = await db
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
      consumedAt: verificationCodes.consumedAt,
      expired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
      ageSeconds: sql<number>`extract(epoch from now() - ${verificationCodes.createdAt})::float8`,
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

/** Marks a code used; false when it was already used (two requests racing: only one wins). */
export async function consumeCode(db: Db, codeId: number): Promise<boolean> {
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length > 0;
}

export async function insertCode(db: Db, userId: number, purpose: CodePurpose, hash: string, minutes: number) {
  // A new code replaces any earlier one still open.
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    userId,
    purpose,
    codeHash: hash,
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
}
