import argon2 from 'argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITE_DAYS,
  type acceptInviteSchema,
  type CaseworkerInvite,
  type OrganizationCaseworkers,
} from '@contract/caseworkers';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { caseworkerInvites, caseworkers, organizationProfiles, users } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { enqueueMail, JOB } from '../../jobs/names';
import { CENTRE, escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import { assertPasswordAllowed } from '../accounts/password-policy';
import { findUserByEmail, revokeAllSessions, roleIdByName } from '../accounts/queries';
import { randomToken, sha256 } from '../accounts/tokens';
import { requireVerifiedOrganization } from './queries';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

export const INVITE_NOT_FOUND = 'This invitation link is not valid or has expired. Ask the organization for a new one.';
export const EMAIL_HAS_ACCOUNT =
  'An account with this email already exists. A caseworker needs an email address of their own.';
export const CASEWORKER_NOT_FOUND = 'That caseworker or invitation was not found.';
export const ALREADY_A_CASEWORKER =
  'This person is already a caseworker, for you or another organization. A caseworker works for one organization at a time.';

/**
 * Who an invitation would reach: a new account, or a caseworker an organization removed, whose
 * account stays (the people they helped still name them) and may be invited again, by this
 * organization or another (docs/decisions/0074). Any other account, or a caseworker still working
 * for an organization, is refused.
 */
async function invitee(db: Db, email: string): Promise<{ returning: number | null }> {
  const account = await findUserByEmail(db, email);
  if (!account) return { returning: null };
  if (account.roleName !== 'caseworker' || account.deletedAt) throw new AppError('conflict', EMAIL_HAS_ACCOUNT);
  const [working] = await db
    .select({ userId: caseworkers.userId })
    .from(caseworkers)
    .where(eq(caseworkers.userId, account.id));
  if (working) throw new AppError('conflict', ALREADY_A_CASEWORKER);
  return { returning: account.id };
}

/** The invitation: the link holds the only readable copy of the token; the database keeps its hash. */
function inviteMail(to: string, organizationName: string, link: string): MailMessage {
  const line = `${organizationName} has invited you to help people apply for assistive devices on ${CENTRE} as their caseworker.`;
  const next = `To accept, open this link within ${INVITE_DAYS} days and choose your password:`;
  return {
    to,
    subject: `${organizationName} invites you to be a caseworker on ${CENTRE}`,
    text: `Hello,\n\n${line}\n\n${next}\n${link}\n\nIf you did not expect this, you can ignore this email.\n\n${CENTRE}`,
    html: simpleHtml('You are invited to be a caseworker', [
      'Hello,',
      escapeHtml(line),
      `${escapeHtml(next)} <a href="${escapeHtml(link)}">Accept the invitation</a>.`,
      `Or copy this address into your browser: ${escapeHtml(link)}`,
      'If you did not expect this, you can ignore this email.',
    ]),
  };
}

async function organizationName(db: Db, organizationId: number): Promise<string> {
  const [row] = await db
    .select({ name: organizationProfiles.organizationName })
    .from(organizationProfiles)
    .where(eq(organizationProfiles.userId, organizationId));
  return row?.name ?? 'An organization';
}

/**
 * An organization invites a caseworker: a new one-time link (any earlier open invitation to the same
 * address from this organization stops working) mailed in the same transaction.
 */
export async function inviteCaseworker(deps: Deps, organizationId: number, email: string) {
  await requireVerifiedOrganization(deps.db, organizationId);
  await invitee(deps.db, email);
  const name = await organizationName(deps.db, organizationId);
  const token = randomToken();
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .delete(caseworkerInvites)
      .where(
        and(
          eq(caseworkerInvites.organizationId, organizationId),
          eq(caseworkerInvites.email, email),
          isNull(caseworkerInvites.acceptedAt),
        ),
      );
    await tx.insert(caseworkerInvites).values({
      organizationId,
      email,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
    });
    const link = `${publicBaseUrl(deps.config)}/caseworker/join/${token}`;
    await enqueueMail(deps.jobs, tx, inviteMail(email, name, link));
  });
  deps.jobs.wake(JOB.mail);
  return { message: `We have sent an invitation to ${email}. The link works for ${INVITE_DAYS} days.` };
}

/** The organization's caseworkers, with how many people each helped, and its open invitations. */
export async function organizationCaseworkers(db: Db, organizationId: number): Promise<OrganizationCaseworkers> {
  const active = await selectRows<{
    user_id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string | null;
    helped: number;
    created_at: Date | string;
  }>(
    db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.phone_number, c.created_at,
          (select count(*)::int from assisted_applications a where a.caseworker_id = u.id) as helped
        from caseworkers c join users u on u.id = c.user_id
        where c.organization_id = ${organizationId} and u.deleted_at is null
        order by c.created_at, u.id`,
  );
  const invited = await db
    .select()
    .from(caseworkerInvites)
    .where(
      and(
        eq(caseworkerInvites.organizationId, organizationId),
        isNull(caseworkerInvites.acceptedAt),
        gt(caseworkerInvites.expiresAt, sql`now()`),
      ),
    )
    .orderBy(caseworkerInvites.createdAt, caseworkerInvites.id);
  return {
    active: active.map((r) => ({
      user_id: Number(r.user_id),
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      phone: r.phone_number,
      recipients_helped: Number(r.helped),
      joined_at: new Date(r.created_at).toISOString(),
    })),
    invited: invited.map((i) => ({
      id: i.id,
      email: i.email,
      expires_at: i.expiresAt.toISOString(),
      created_at: i.createdAt.toISOString(),
    })),
  };
}

/**
 * Removes a caseworker from the organization: they are signed out and can no longer apply or read
 * anyone; the people they helped stay, and admin review still names who helped them.
 */
export async function removeCaseworker(db: Db, organizationId: number, userId: number) {
  const removed = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = await tx
      .delete(caseworkers)
      .where(and(eq(caseworkers.userId, userId), eq(caseworkers.organizationId, organizationId)))
      .returning({ userId: caseworkers.userId });
    if (rows.length === 0) return false;
    await revokeAllSessions(tx, userId);
    return true;
  });
  if (!removed) throw notFound(CASEWORKER_NOT_FOUND);
  return { message: 'The caseworker has been removed and signed out.' };
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function withdrawInvite(db: Db, organizationId: number, inviteId: number) {
  const rows = await db
    .delete(caseworkerInvites)
    .where(
      and(
        eq(caseworkerInvites.id, inviteId),
        eq(caseworkerInvites.organizationId, organizationId),
        isNull(caseworkerInvites.acceptedAt),
      ),
    )
    .returning({ id: caseworkerInvites.id });
  if (rows.length === 0) throw notFound(CASEWORKER_NOT_FOUND);
  return { message: 'The invitation has been withdrawn.' };
}

async function openInvite(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(caseworkerInvites)
    .where(
      and(
        eq(caseworkerInvites.tokenHash, sha256(token)),
        isNull(caseworkerInvites.acceptedAt),
        gt(caseworkerInvites.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw notFound(INVITE_NOT_FOUND);
  return row;
}

/** What the invitation page shows before the caseworker accepts: the address and who invited it. */
export async function inviteByToken(db: Db, token: string): Promise<CaseworkerInvite> {
  const invite = await openInvite(db, token);
  return { email: invite.email, organization_name: await organizationName(db, invite.organizationId) };
}

/**
 * Accepting an invitation makes the caseworker's account, its email verified by the link: the
 * invitation is used once (two accepts at once give one account and one 404). A removed caseworker
 * accepting again keeps their account: the link proves the address as a password reset does, so
 * the name, phone and password they give replace the old ones (docs/decisions/0074).
 */
export async function acceptInvite(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  details: z.output<typeof acceptInviteSchema>,
) {
  const invite = await openInvite(deps.db, token);
  const { returning } = await invitee(deps.db, invite.email);
  assertPasswordAllowed(details.password);
  const passwordHash = await argon2.hash(details.password, { type: argon2.argon2id });
  const roleId = await roleIdByName(deps.db, 'caseworker');
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [used] = await tx
      .update(caseworkerInvites)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(caseworkerInvites.id, invite.id), isNull(caseworkerInvites.acceptedAt)))
      .returning({ id: caseworkerInvites.id });
    if (!used) throw notFound(INVITE_NOT_FOUND);
    const person = {
      firstName: details.firstName,
      lastName: details.lastName,
      phoneNumber: details.phoneNumber,
      passwordHash,
    };
    const [user] = returning
      ? await tx
          .update(users)
          .set(person)
          .where(and(eq(users.id, returning), isNull(users.deletedAt)))
          .returning({ id: users.id })
      : await tx
          .insert(users)
          .values({ ...person, email: invite.email, roleId, emailVerifiedAt: sql`now()`, isOnboardingComplete: true })
          .onConflictDoNothing()
          .returning({ id: users.id });
    if (!user) throw new AppError('conflict', EMAIL_HAS_ACCOUNT);
    // A second organization's invitation accepted meanwhile leaves this one refused, not doubled.
    const [joined] = await tx
      .insert(caseworkers)
      .values({ userId: user.id, organizationId: invite.organizationId })
      .onConflictDoNothing()
      .returning({ userId: caseworkers.userId });
    if (!joined) throw new AppError('conflict', ALREADY_A_CASEWORKER);
    if (returning) await revokeAllSessions(tx, user.id);
    await tx.update(caseworkerInvites).set({ acceptedUserId: user.id }).where(eq(caseworkerInvites.id, invite.id));
  });
  return { message: 'Your caseworker account is ready. Sign in with your email and new password.' };
}
