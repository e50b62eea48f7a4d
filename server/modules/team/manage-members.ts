import { and, eq } from 'drizzle-orm';
import {
  accountRoleOf,
  LAST_OWNER,
  NOT_A_MEMBER,
  ORGANIZATION_ROLE_WORDS,
  type OrganizationRole,
} from '@contract/organization-team';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { organizationMembers, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { revokeAllSessions, roleIdByName } from '../accounts/queries';
import { audit } from '../audit/audit';
import { tellUser, wakeNotices } from '../notifications/tell-user';
import type { TeamActor } from './invite-member';
import {
  lockTeam,
  memberOf,
  organizationName,
  ownerCount,
  requireVerifiedOrganization,
  type MemberRow,
} from './queries';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

export const FOUNDING_ACCOUNT_STAYS =
  "The account that signed the organization up is the organization's own and stays on its team. You can change its role instead.";
export const USE_HAND_OVER = 'To make someone else an owner in your place, hand over ownership.';

/** Refuses a change that would leave the organization with no owner; the team is locked first. */
async function keepAnOwner(tx: Db, member: MemberRow, newRole: OrganizationRole | null) {
  if (member.userId === null || member.role !== 'owner' || newRole === 'owner') return;
  if ((await ownerCount(tx, member.organizationId)) <= 1) throw new AppError('conflict', LAST_OWNER);
}

/** A member's account role follows their team role: caseworkers have their own area (docs/decisions/0075). */
async function setAccountRole(tx: Db, userId: number, role: OrganizationRole) {
  const roleId = await roleIdByName(tx, accountRoleOf(role));
  await tx.update(users).set({ roleId }).where(eq(users.id, userId));
}

/**
 * An owner changes a member's role, or the role an open invitation offers. A member whose area
 * changes (to or from caseworker) is signed out, to sign in to the new one. The last owner cannot be
 * demoted. Audited; the member is told.
 */
export async function changeMemberRole(deps: Deps, actor: TeamActor, memberId: number, role: OrganizationRole) {
  // A caseworker applies in the organization's name, so the same check as inviting one.
  if (role === 'caseworker') await requireVerifiedOrganization(deps.db, actor.organizationId);
  const organization = await organizationName(deps.db, actor.organizationId);
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockTeam(tx, actor.organizationId);
    const member = await memberOf(tx, actor.organizationId, memberId);
    if (member.role === role) return;
    await keepAnOwner(tx, member, role);
    await tx.update(organizationMembers).set({ role }).where(eq(organizationMembers.id, member.id));
    if (member.userId !== null) {
      if (accountRoleOf(role) !== accountRoleOf(member.role)) {
        await setAccountRole(tx, member.userId, role);
        await revokeAllSessions(tx, member.userId);
      }
      await tellUser(
        { db: tx, jobs: deps.jobs, baseUrl: publicBaseUrl(deps.config) },
        member.userId,
        {
          subject: `Your role at ${organization} has changed`,
          message: `${organization} has made you ${ORGANIZATION_ROLE_WORDS[role].toLowerCase()} on its team (you were ${ORGANIZATION_ROLE_WORDS[member.role].toLowerCase()}).`,
          link: '/organization/team',
          sms: `Gift of Independence: ${organization} has made you ${ORGANIZATION_ROLE_WORDS[role].toLowerCase()} on its team.`,
        },
        { onlyThisPerson: true },
      );
    }
    await audit(tx, {
      adminId: actor.personId,
      action: 'team.role',
      entity: 'organization_member',
      entityId: member.id,
      details: { organizationId: actor.organizationId, from: member.role, to: role },
    });
  });
  wakeNotices(deps.jobs);
  return { message: `The role is now ${ORGANIZATION_ROLE_WORDS[role]}.` };
}

/**
 * An owner removes a member, or withdraws an open invitation. A removed member is signed out
 * everywhere at once and told; their account stays, and the people and records they worked on still
 * name them. The last owner, and the organization's own account, stay.
 */
export async function removeMember(deps: Deps, actor: TeamActor, memberId: number) {
  const organization = await organizationName(deps.db, actor.organizationId);
  const removed = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockTeam(tx, actor.organizationId);
    const member = await memberOf(tx, actor.organizationId, memberId);
    if (member.userId === actor.organizationId) throw new AppError('conflict', FOUNDING_ACCOUNT_STAYS);
    await keepAnOwner(tx, member, null);
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, member.id));
    if (member.userId !== null) {
      await revokeAllSessions(tx, member.userId);
      await tellUser(
        { db: tx, jobs: deps.jobs, baseUrl: publicBaseUrl(deps.config) },
        member.userId,
        {
          subject: `You are no longer on ${organization}'s team`,
          message: `${organization} has removed you from its team, and you have been signed out. Your account stays; ask the organization if this is a mistake.`,
          link: '/',
          sms: `Gift of Independence: ${organization} has removed you from its team. Ask the organization if this is a mistake.`,
        },
        { onlyThisPerson: true },
      );
    }
    await audit(tx, {
      adminId: actor.personId,
      action: member.userId === null ? 'team.withdraw' : 'team.remove',
      entity: 'organization_member',
      entityId: member.id,
      details: { organizationId: actor.organizationId, role: member.role, userId: member.userId },
    });
    return member;
  });
  wakeNotices(deps.jobs);
  return {
    message:
      removed.userId === null
        ? 'The invitation has been withdrawn.'
        : 'The member has been removed and signed out everywhere.',
  };
}

/**
 * An owner hands ownership to another member: they become an owner and the one handing over a
 * manager, in one step. Both are told; audited.
 */
export async function handOverOwnership(deps: Deps, actor: TeamActor, memberId: number) {
  const organization = await organizationName(deps.db, actor.organizationId);
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockTeam(tx, actor.organizationId);
    const member = await memberOf(tx, actor.organizationId, memberId);
    if (member.userId === null)
      throw new AppError('conflict', 'Ownership goes to a member who has joined, not to an invitation.');
    if (member.userId === actor.personId) throw new AppError('conflict', 'You are an owner already.');
    if (member.role !== 'owner') {
      await tx.update(organizationMembers).set({ role: 'owner' }).where(eq(organizationMembers.id, member.id));
      if (accountRoleOf(member.role) !== 'organization') {
        await setAccountRole(tx, member.userId, 'owner');
        await revokeAllSessions(tx, member.userId);
      }
    }
    await tx
      .update(organizationMembers)
      .set({ role: 'manager' })
      .where(
        and(
          eq(organizationMembers.userId, actor.personId),
          eq(organizationMembers.organizationId, actor.organizationId),
        ),
      );
    const notices = { db: tx, jobs: deps.jobs, baseUrl: publicBaseUrl(deps.config) };
    await tellUser(
      notices,
      member.userId,
      {
        subject: `You are now an owner of ${organization}`,
        message: `${organization}'s ownership has been handed over to you: you now manage its team, profile and settings.`,
        link: '/organization/team',
        sms: `Gift of Independence: you are now an owner of ${organization} on its team.`,
      },
      { onlyThisPerson: true },
    );
    await tellUser(
      notices,
      actor.personId,
      {
        subject: `You handed over ${organization}'s ownership`,
        message: `You handed over ${organization}'s ownership and are now a manager on its team.`,
        link: '/organization/team',
      },
      { onlyThisPerson: true },
    );
    await audit(tx, {
      adminId: actor.personId,
      action: 'team.hand_over',
      entity: 'organization_member',
      entityId: member.id,
      details: { organizationId: actor.organizationId, to: member.userId },
    });
  });
  wakeNotices(deps.jobs);
  return { message: 'Ownership has been handed over. You are now a manager.' };
}

/**
 * A member leaves the team of their own accord: the last owner and the organization's own account
 * stay. They are signed out everywhere, as a removed member is; their account stays. Audited.
 */
export async function leaveTeam(deps: Deps, userId: number) {
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [own] = await tx.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
    if (!own) throw new AppError('conflict', NOT_A_MEMBER);
    await lockTeam(tx, own.organizationId);
    if (own.userId === own.organizationId) throw new AppError('conflict', FOUNDING_ACCOUNT_STAYS);
    await keepAnOwner(tx, own, null);
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, own.id));
    await revokeAllSessions(tx, userId);
    await audit(tx, {
      adminId: userId,
      action: 'team.leave',
      entity: 'organization_member',
      entityId: own.id,
      details: { organizationId: own.organizationId, role: own.role },
    });
  });
  return { message: 'You have left the team and are signed out. Your account stays.' };
}
