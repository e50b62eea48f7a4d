import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { INVITE_DAYS } from '@contract/caseworkers';
import { JOIN_PATH, type OrganizationRole } from '@contract/organization-team';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { organizationMembers } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import type { AuthenticatedUser } from '../../http/session-user';
import { enqueueMail, enqueueSms, JOB } from '../../jobs/names';
import { randomToken, sha256 } from '../accounts/tokens';
import { audit } from '../audit/audit';
import { invitationMail, invitationSms } from './invitation-messages';
import { invitee, memberOf, organizationName, requireVerifiedOrganization } from './queries';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;
/** Who acts: the organization and the member doing it. */
export type TeamActor = { organizationId: number; personId: number };
/** On an organization route, `user.id` is the organization and `personId` the member acting (http/auth.ts). */
export const teamActor = (user: AuthenticatedUser): TeamActor => ({ organizationId: user.id, personId: user.personId });
export type InviteTo = { email?: string | undefined; phoneNumber?: string | undefined; role: OrganizationRole };

export const NOT_AN_INVITATION = 'That invitation was accepted already or was not found.';

/** Where an invitation's link leads: a caseworker's own page, which also asks their phone number, or the team's. */
function joinLink(deps: Deps, role: OrganizationRole, token: string): string {
  const path = role === 'caseworker' ? '/caseworker/join' : JOIN_PATH;
  return `${publicBaseUrl(deps.config)}${path}/${token}`;
}

/** Sends an invitation's link, by mail and by SMS as it has an address and a number, in the caller's transaction. */
async function sendInvitation(
  deps: Deps,
  tx: Db,
  to: { email: string | null; phoneNumber: string | null },
  organization: string,
  role: OrganizationRole,
  token: string,
) {
  const link = joinLink(deps, role, token);
  if (to.email) await enqueueMail(deps.jobs, tx, invitationMail(to.email, organization, role, link));
  if (to.phoneNumber) await enqueueSms(deps.jobs, tx, invitationSms(to.phoneNumber, organization, role, link));
}

function wake(deps: Deps) {
  deps.jobs.wake(JOB.mail);
  deps.jobs.wake(JOB.sms);
}

/**
 * Invites a person to the team by email, phone number or both: a one-time link, its hash kept, that
 * works for INVITE_DAYS days. An earlier open invitation to the same address or number from this
 * organization stops working. The message is queued in the transaction that records it, and audited.
 */
export async function inviteMember(deps: Deps, actor: TeamActor, invite: InviteTo): Promise<{ id: number }> {
  const to = { email: invite.email?.toLowerCase() ?? null, phoneNumber: invite.phoneNumber ?? null };
  if (invite.role === 'caseworker') await requireVerifiedOrganization(deps.db, actor.organizationId);
  await invitee(deps.db, to);
  const organization = await organizationName(deps.db, actor.organizationId);
  const token = randomToken();
  const id = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const sameAddress = [
      ...(to.email ? [eq(organizationMembers.email, to.email)] : []),
      ...(to.phoneNumber ? [eq(organizationMembers.phoneNumber, to.phoneNumber)] : []),
    ];
    await tx
      .delete(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, actor.organizationId),
          isNull(organizationMembers.userId),
          or(...sameAddress),
        ),
      );
    const [row] = await tx
      .insert(organizationMembers)
      .values({
        organizationId: actor.organizationId,
        role: invite.role,
        email: to.email,
        phoneNumber: to.phoneNumber,
        tokenHash: sha256(token),
        expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
        invitedBy: actor.personId,
      })
      .returning({ id: organizationMembers.id });
    await sendInvitation(deps, tx, to, organization, invite.role, token);
    await audit(tx, {
      adminId: actor.personId,
      action: 'team.invite',
      entity: 'organization_member',
      entityId: row!.id,
      details: { organizationId: actor.organizationId, role: invite.role, by: to.email ? 'email' : 'phone' },
    });
    return row!.id;
  });
  wake(deps);
  return { id };
}

/**
 * Sends an open (or lapsed) invitation again with a new link and a fresh INVITE_DAYS: the old link
 * stops working.
 */
export async function resendInvitation(deps: Deps, actor: TeamActor, memberId: number) {
  const row = await memberOf(deps.db, actor.organizationId, memberId);
  if (row.userId !== null) throw new AppError('conflict', NOT_AN_INVITATION);
  const organization = await organizationName(deps.db, actor.organizationId);
  const token = randomToken();
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [updated] = await tx
      .update(organizationMembers)
      .set({ tokenHash: sha256(token), expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})` })
      .where(and(eq(organizationMembers.id, row.id), isNull(organizationMembers.userId)))
      .returning({ id: organizationMembers.id });
    if (!updated) throw new AppError('conflict', NOT_AN_INVITATION);
    await sendInvitation(deps, tx, row, organization, row.role, token);
    await audit(tx, {
      adminId: actor.personId,
      action: 'team.resend',
      entity: 'organization_member',
      entityId: row.id,
      details: { organizationId: actor.organizationId, role: row.role },
    });
  });
  wake(deps);
  return { message: `The invitation has been sent again. The new link works for ${INVITE_DAYS} days.` };
}
