import { NON_ADMIN_ROLES } from '@contract/roles';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Notification } from '@contract/auth';
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
 * Writes a notice for a user and, in the same statement, returns where to mail it: the verified
 * address and first name, or nothing when the address is not verified.
 */
export async function notifyAndFindAddress(
  db: Db,
  userId: number,
  message: string,
  linkTo: string,
): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await selectRows<{ email: string; first_name: string }>(
    db,
    sql`with n as (insert into notifications (user_id, message, link_to) values (${userId}, ${message}, ${linkTo}))
        select email, first_name from users where id = ${userId} and email_verified_at is not null`,
  );
  return row ? { email: row.email, firstName: row.first_name } : undefined;
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
 * where to mail each user: the verified address and first name, by user id (absent when the address
 * is not verified).
 */
export async function notifyManyAndAdmins(
  db: Db,
  notices: ReadonlyArray<{ userId: number; message: string; linkTo: string }>,
  admins: { message: string; linkTo?: string },
): Promise<Map<number, { email: string; firstName: string }>> {
  const rows = await selectRows<{ id: number; email: string; first_name: string }>(
    db,
    sql`with n as (insert into notifications (user_id, message, link_to)
                   select * from unnest(${sql.param(notices.map((n) => n.userId))}::int[], ${sql.param(notices.map((n) => n.message))}::text[],
                                        ${sql.param(notices.map((n) => n.linkTo))}::text[])),
             a as (insert into notifications (user_id, message, link_to)
                   select a.id, ${admins.message}, ${admins.linkTo ?? '/admin/dashboard'} from (${activeAdmins}) a)
        select id, email, first_name from users
         where id = any(${sql.param(notices.map((n) => n.userId))}::int[]) and email_verified_at is not null`,
  );
  return new Map(rows.map((r) => [Number(r.id), { email: r.email, firstName: r.first_name }]));
}
