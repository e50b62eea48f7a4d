import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITE_DAYS,
  type acceptInviteSchema,
  type CaseworkerInvite,
  type OrganizationCaseworkers,
} from '@contract/caseworkers';
import { MEMBER_INVITE_NOT_FOUND } from '@contract/organization-team';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { organizationMembers } from '../../db/schema/all';
import { notFound } from '../../http/errors';
import { acceptInvitation } from '../team/accept-invitation';
import { inviteMember, type TeamActor } from '../team/invite-member';
import { removeMember } from '../team/manage-members';
import { openInvitation, organizationName } from '../team/queries';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

export const CASEWORKER_NOT_FOUND = 'That caseworker or invitation was not found.';

/**
 * An organization invites a caseworker: a team invitation with the caseworker role (docs/decisions/0075),
 * mailed in the transaction that records it.
 */
export async function inviteCaseworker(deps: Deps, actor: TeamActor, email: string) {
  await inviteMember(deps, actor, { email, role: 'caseworker' });
  return { message: `We have sent an invitation to ${email}. The link works for ${INVITE_DAYS} days.` };
}

/** The organization's caseworkers, with how many people each helped, and its open invitations to caseworkers. */
export async function organizationCaseworkers(db: Db, organizationId: number): Promise<OrganizationCaseworkers> {
  const active = await selectRows<{
    user_id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    phone_number: string | null;
    helped: number;
    joined_at: Date | string;
  }>(
    db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.phone_number, m.joined_at,
          (select count(*)::int from assisted_applications a where a.caseworker_id = u.id) as helped
        from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${organizationId} and m.role = 'caseworker' and u.deleted_at is null
        order by m.joined_at, u.id`,
  );
  const invited = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'caseworker'),
        isNull(organizationMembers.userId),
        gt(organizationMembers.expiresAt, sql`now()`),
      ),
    )
    .orderBy(organizationMembers.createdAt, organizationMembers.id);
  return {
    active: active.map((r) => ({
      user_id: Number(r.user_id),
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email ?? '',
      phone: r.phone_number,
      recipients_helped: Number(r.helped),
      joined_at: new Date(r.joined_at).toISOString(),
    })),
    invited: invited.map((i) => ({
      id: i.id,
      email: i.email ?? i.phoneNumber ?? '',
      expires_at: i.expiresAt!.toISOString(),
      created_at: i.createdAt.toISOString(),
    })),
  };
}

/** The team row of one of the organization's caseworkers, or of an open invitation to one. */
async function caseworkerRow(db: Db, organizationId: number, where: { userId: number } | { id: number }) {
  const [row] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'caseworker'),
        'userId' in where ? eq(organizationMembers.userId, where.userId) : eq(organizationMembers.id, where.id),
        'userId' in where ? undefined : isNull(organizationMembers.userId),
      ),
    );
  if (!row) throw notFound(CASEWORKER_NOT_FOUND);
  return row.id;
}

/**
 * Removes a caseworker from the organization: they are signed out and can no longer apply or read
 * anyone; the people they helped stay, and admin review still names who helped them.
 */
export async function removeCaseworker(deps: Deps, actor: TeamActor, userId: number) {
  await removeMember(deps, actor, await caseworkerRow(deps.db, actor.organizationId, { userId }));
  return { message: 'The caseworker has been removed and signed out.' };
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function withdrawInvite(deps: Deps, actor: TeamActor, inviteId: number) {
  await removeMember(deps, actor, await caseworkerRow(deps.db, actor.organizationId, { id: inviteId }));
  return { message: 'The invitation has been withdrawn.' };
}

/** What the invitation page shows before the caseworker accepts: the address and who invited it. */
export async function inviteByToken(db: Db, token: string): Promise<CaseworkerInvite> {
  const invite = await openInvitation(db, token);
  if (invite.role !== 'caseworker') throw notFound(MEMBER_INVITE_NOT_FOUND);
  return { email: invite.email ?? '', organization_name: await organizationName(db, invite.organizationId) };
}

/**
 * Accepting a caseworker's invitation makes their account, its email verified by the link, with the
 * phone number people reach them on; a removed caseworker keeps theirs (docs/decisions/0074).
 */
export async function acceptInvite(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  details: z.output<typeof acceptInviteSchema>,
) {
  const invite = await openInvitation(deps.db, token);
  if (invite.role !== 'caseworker') throw notFound(MEMBER_INVITE_NOT_FOUND);
  await acceptInvitation(deps, token, details);
  return { message: 'Your caseworker account is ready. Sign in with your email and new password.' };
}
