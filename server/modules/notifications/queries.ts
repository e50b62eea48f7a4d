import { ORGANIZATION_ACTS } from '@contract/organization-roles';
import { NON_ADMIN_ROLES } from '@contract/roles';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Notification } from '@contract/auth';
import type { NotifyBy } from '@contract/sms';
import { selectRows, type Db } from '../../db/client';
import { notifications } from '../../db/schema/all';

export async function listNotifications(db: Db, userId: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(50);
  return rows.map((n) => ({
    id: n.id,
    message: n.message,
    link_to: n.linkTo,
    is_read: n.isRead,
    created_at: n.createdAt.toISOString(),
  }));
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * How a person can be reached beyond the app: the address only when verified (a mail to an unproven
 * address may reach a stranger), the number collected at sign-up, and how they chose to be told.
 */
export type Reach = { email: string | null; firstName: string; phoneNumber: string | null; notifyBy: NotifyBy };

type ReachRow = {
  id: number;
  email: string | null;
  first_name: string;
  phone_number: string | null;
  notify_by: NotifyBy;
};

const reachColumns = sql`id, case when email_verified_at is not null then email end as email, first_name, phone_number, notify_by`;

const toReach = (r: ReachRow): Reach => ({
  email: r.email,
  firstName: r.first_name,
  phoneNumber: r.phone_number,
  notifyBy: r.notify_by,
});

/**
 * Writes a notice for a user and, in the same statement, returns how to reach them (absent only
 * when there is no such user).
 */
export async function notifyAndFindAddress(
  db: Db,
  userId: number,
  message: string,
  linkTo: string,
): Promise<Reach | undefined> {
  const [row] = await selectRows<ReachRow>(
    db,
    sql`with n as (insert into notifications (user_id, message, link_to) values (${userId}, ${message}, ${linkTo}))
        select ${reachColumns} from users where id = ${userId}`,
  );
  return row ? toReach(row) : undefined;
}

/**
 * The other members told of an organization's news when `userId` is its own account: those whose
 * role runs its campaigns (the team's table of acts, docs/decisions/0075). None for anyone else.
 */
export async function teamToldFor(db: Db, userId: number): Promise<number[]> {
  const roles = ORGANIZATION_ACTS.manageCampaigns;
  const rows = await selectRows<{ user_id: number }>(
    db,
    sql`select m.user_id from organization_members m join users u on u.id = m.user_id
         where m.organization_id = ${userId} and m.user_id <> ${userId} and u.deleted_at is null
           and m.role in (${sql.join(
             roles.map((r) => sql`${r}`),
             sql`, `,
           )})
         order by m.id`,
  );
  return rows.map((r) => Number(r.user_id));
}

/** Every active admin (any role other than the non-admin ones). */
const activeAdmins = sql`select u.id from users u join roles r on r.id = u.role_id
     where r.name not in (${sql.join(
       NON_ADMIN_ROLES.map((r) => sql`${r}`),
       sql`, `,
     )}) and u.deleted_at is null`;

/** Tells every active admin. */
export async function notifyAdmins(db: Db, message: string, linkTo = '/admin/dashboard'): Promise<void> {
  await db.execute(
    sql`insert into notifications (user_id, message, link_to) select a.id, ${message}, ${linkTo} from (${activeAdmins}) a`,
  );
}

/**
 * Writes notices for several users and one for every active admin, in one statement, and returns
 * how to reach each user, by user id.
 */
export async function notifyManyAndAdmins(
  db: Db,
  notices: ReadonlyArray<{ userId: number; message: string; linkTo: string }>,
  admins: { message: string; linkTo?: string },
): Promise<Map<number, Reach>> {
  const rows = await selectRows<ReachRow>(
    db,
    sql`with n as (insert into notifications (user_id, message, link_to)
                   select * from unnest(${sql.param(notices.map((n) => n.userId))}::int[], ${sql.param(notices.map((n) => n.message))}::text[],
                                        ${sql.param(notices.map((n) => n.linkTo))}::text[])),
             a as (insert into notifications (user_id, message, link_to)
                   select a.id, ${admins.message}, ${admins.linkTo ?? '/admin/dashboard'} from (${activeAdmins}) a)
        select ${reachColumns} from users where id = any(${sql.param(notices.map((n) => n.userId))}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), toReach(r)]));
}
