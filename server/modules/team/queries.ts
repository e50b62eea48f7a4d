import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ALREADY_A_MEMBER,
  MEMBER_HAS_OTHER_ACCOUNT,
  MEMBER_INVITE_NOT_FOUND,
  type Member,
  type OrganizationRole,
} from '@contract/organization-team';
import { selectRows, type Db } from '../../db/client';
import { organizationMembers, organizationProfiles } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { sha256 } from '../accounts/tokens';
import { latestSubmission } from '../onboarding/review-queries';

export const ORGANIZATION_NOT_VERIFIED =
  'Your organization can invite caseworkers once our team has verified its profile.';

/** Only an organization our team has verified vouches for caseworkers who apply in its name. */
export async function requireVerifiedOrganization(db: Db, organizationId: number): Promise<void> {
  const latest = await latestSubmission(db, organizationId);
  if (latest?.kind !== 'organization' || latest.status !== 'verified')
    throw new AppError('forbidden', ORGANIZATION_NOT_VERIFIED).withCode('organization_not_verified');
}

export async function organizationName(db: Db, organizationId: number): Promise<string> {
  const [row] = await db
    .select({ name: organizationProfiles.organizationName })
    .from(organizationProfiles)
    .where(eq(organizationProfiles.userId, organizationId));
  return row?.name ?? 'An organization';
}

/** A person's membership, if they have one. */
export async function membershipOfUser(db: Db, userId: number) {
  const [row] = await db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
  return row;
}

/**
 * Who an invitation would reach: nobody yet (a new account), or a former member, whose account stays
 * (their history still names them) and may be invited again, by this organization or another
 * (docs/decisions/0074, 0075). A member of any organization, and any other account (a donor's, a
 * recipient's, an admin's), is refused with a sentence.
 */
export async function invitee(db: Db, to: { email: string | null; phoneNumber: string | null }) {
  const found = await selectRows<{ id: number; role: string; member: number | null }>(
    db,
    sql`select u.id, r.name as role, m.id as member
          from users u join roles r on r.id = u.role_id left join organization_members m on m.user_id = u.id
         where u.deleted_at is null
           and (${to.email ? sql`u.email = ${to.email}` : sql`false`}
                or ${to.phoneNumber ? sql`(u.phone_number = ${to.phoneNumber} and u.email is null)` : sql`false`})`,
  );
  if (found.length > 1) throw new AppError('conflict', MEMBER_HAS_OTHER_ACCOUNT);
  const account = found[0];
  if (!account) return { returning: null };
  if (account.member !== null) throw new AppError('conflict', ALREADY_A_MEMBER);
  if (account.role !== 'organization' && account.role !== 'caseworker')
    throw new AppError('conflict', MEMBER_HAS_OTHER_ACCOUNT);
  return { returning: Number(account.id) };
}

/** An invitation still open for a token: unused and within its days. */
export async function openInvitation(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.tokenHash, sha256(token)),
        isNull(organizationMembers.userId),
        gt(organizationMembers.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw notFound(MEMBER_INVITE_NOT_FOUND);
  return row;
}

/** The owners an organization has now; callers changing owners lock the team first (`lockTeam`). */
export async function ownerCount(db: Db, organizationId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organization_members
         where organization_id = ${organizationId} and role = 'owner' and user_id is not null`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Locks the organization's team for the rest of the transaction, so two owners demoting or
 * removing each other at once cannot leave it with none.
 */
export async function lockTeam(db: Db, organizationId: number) {
  await db.execute(sql`select id from organization_members where organization_id = ${organizationId} for update`);
}

export type MemberRow = typeof organizationMembers.$inferSelect;

/** One row of the organization's team, refused with a sentence when it is not theirs. */
export async function memberOf(db: Db, organizationId: number, memberId: number): Promise<MemberRow> {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.id, memberId), eq(organizationMembers.organizationId, organizationId)));
  if (!row) throw notFound('That member or invitation was not found.');
  return row;
}

/** The team as the Team page lists it: members first (owners first), then the invitations still open. */
export async function listMembers(db: Db, organizationId: number, viewerId: number): Promise<Member[]> {
  const rows = await selectRows<{
    id: number;
    user_id: number | null;
    role: OrganizationRole;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
    since: Date | string;
    expires_at: Date | string | null;
  }>(
    db,
    sql`select m.id, m.user_id, m.role, u.first_name, u.last_name,
               coalesce(u.email, m.email) as email, coalesce(u.phone_number, m.phone_number) as phone,
               coalesce(m.joined_at, m.created_at) as since, m.expires_at
          from organization_members m left join users u on u.id = m.user_id
         where m.organization_id = ${organizationId}
           and (m.user_id is not null or m.expires_at > now())
           and (u.id is null or u.deleted_at is null)
         order by (m.user_id is null), array_position(array['owner','manager','finance','caseworker'], m.role),
                  coalesce(m.joined_at, m.created_at), m.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.user_id === null ? '' : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    email: r.email,
    phone: r.phone,
    role: r.role,
    status: r.user_id === null ? ('invited' as const) : ('active' as const),
    is_you: r.user_id !== null && Number(r.user_id) === viewerId,
    founding: r.user_id !== null && Number(r.user_id) === organizationId,
    since: new Date(r.since).toISOString(),
    expires_at: r.user_id === null && r.expires_at ? new Date(r.expires_at).toISOString() : null,
  }));
}

/**
 * An invitation that lapsed a month ago will not be sent again, and it still holds the address or
 * number it went to: the hourly sweep removes it. Until then an owner may send it again.
 */
export async function removeLapsedInvitations(db: Db): Promise<void> {
  await db.execute(
    sql`delete from organization_members where user_id is null and expires_at < now() - interval '30 days'`,
  );
}
