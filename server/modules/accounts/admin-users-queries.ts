import { normalizePhone } from '@contract/auth';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { DELETED_NAME, type AdminUser, type UserHistory, type UsersQuery } from '@contract/admin-users';
import { NON_ADMIN_ROLES } from '@contract/roles';
import { selectRows, type Db } from '../../db/client';
import { afterKey, decodeKeyCursor, keyPage, keyText, type Keyset } from '../../db/cursor';
import { adminMove } from '../campaign-core/status-rules';

const nonAdmin = sql.join(
  NON_ADMIN_ROLES.map((r) => sql`${r}`),
  sql`, `,
);
/** Any role name other than recipient, donor, organization and caseworker is an admin role. */
const isAdminRole = (column: SQL) => sql`${column} not in (${nonAdmin})`;

const iso = (value: string | Date) => new Date(value).toISOString();

const newestFirst: Keyset = { column: sql`u.created_at`, type: 'timestamp', direction: 'desc', id: sql`u.id` };

/**
 * One page of accounts, newest first, narrowed by role kind and a search over name and email: after
 * the cursor when one is given (it stays right while people sign up), else by page number.
 */
export async function listUsers(
  db: Db,
  query: UsersQuery,
): Promise<{ items: AdminUser[]; total: number; nextCursor: string | null; page: number; pageSize: number }> {
  const after = decodeKeyCursor(query.cursor, newestFirst.type);
  const where: SQL[] = [];
  if (query.role === 'admin') where.push(isAdminRole(sql`r.name`));
  else if (query.role !== 'all') where.push(sql`r.name = ${query.role}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // A number is found however it is typed: 0803..., 803... or +234803... (docs/decisions/0066).
    const phone = normalizePhone(query.q);
    const byPhone = phone ? sql` or u.phone_number = ${phone}` : sql``;
    where.push(
      sql`(u.first_name || ' ' || u.last_name ilike ${like} or u.email ilike ${like} or u.phone_number ilike ${like}${byPhone})`,
    );
  }
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const paged = after ? [...where, afterKey(newestFirst, after)] : where;
  const pageCondition = paged.length ? sql`where ${sql.join(paged, sql` and `)}` : sql``;
  const offset = after ? 0 : (query.page - 1) * query.pageSize;
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u join roles r on r.id = u.role_id ${condition}`,
  );
  const rows = await selectRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    phone_number: string | null;
    role: string;
    created_at: string;
    is_active: boolean;
    sort_key: string;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.phone_number, r.name as role, u.created_at, u.deleted_at is null as is_active,
               ${keyText(newestFirst)} as sort_key
          from users u join roles r on r.id = u.role_id ${pageCondition}
         order by u.created_at desc, u.id desc
         limit ${query.pageSize + 1} offset ${offset}`,
  );
  const page = keyPage(
    rows.map((r) => ({ ...r, id: Number(r.id), sortKey: r.sort_key })),
    query.pageSize,
  );
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone_number: r.phone_number,
      role: r.role,
      created_at: iso(r.created_at),
      is_active: Boolean(r.is_active),
    })),
    total: Number(count?.n ?? 0),
    nextCursor: page.nextCursor,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The roles a new admin may be given: admin roles only. */
export async function adminRoles(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await selectRows<{ id: number; name: string }>(
    db,
    sql`select id, name from roles r where ${isAdminRole(sql`r.name`)} order by name`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function findRole(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await selectRows<{ id: number; name: string }>(db, sql`select id, name from roles where id = ${id}`);
  return row ? { id: Number(row.id), name: row.name } : undefined;
}

/** Inserts a verified admin who must choose their own password; undefined when the email is taken. */
export async function insertAdmin(
  db: Db,
  input: { email: string; firstName: string; lastName: string; passwordHash: string; roleId: number },
): Promise<{ id: number; email: string; firstName: string } | undefined> {
  const [row] = await selectRows<{ id: number; email: string; first_name: string }>(
    db,
    sql`insert into users (email, first_name, last_name, password_hash, role_id, email_verified_at, is_onboarding_complete, must_change_password)
        values (${input.email}, ${input.firstName}, ${input.lastName}, ${input.passwordHash}, ${input.roleId}, now(), true, true)
        on conflict do nothing
        returning id, email, first_name`,
  );
  return row ? { id: Number(row.id), email: row.email, firstName: row.first_name } : undefined;
}

export type UserToDelete = { id: number; role: string; deleted: boolean };

export async function findUserForDeletion(db: Db, id: number): Promise<UserToDelete | undefined> {
  const [row] = await selectRows<{ id: number; role: string; deleted: boolean }>(
    db,
    sql`select u.id, r.name as role, u.deleted_at is not null as deleted from users u join roles r on r.id = u.role_id where u.id = ${id} for update of u`,
  );
  return row ? { id: Number(row.id), role: row.role, deleted: Boolean(row.deleted) } : undefined;
}

/**
 * Locks every active admin account in id order (so two deletions wait for each other rather than
 * deadlock) and answers their ids and role names: a deletion that would leave no super admin is refused.
 */
export async function lockActiveAdmins(db: Db): Promise<{ id: number; role: string }[]> {
  const rows = await selectRows<{ id: number; role: string }>(
    db,
    sql`select u.id, r.name as role from users u join roles r on r.id = u.role_id
         where ${isAdminRole(sql`r.name`)} and u.deleted_at is null
         order by u.id for update of u`,
  );
  return rows.map((r) => ({ id: Number(r.id), role: r.role }));
}

/**
 * Deactivates an account and erases what identifies the person: names, phone, email (replaced by
 * an address that cannot receive mail, so the real one may sign up again), a phone change waiting
 * for its code, password, Google link,
 * profile answers and file keys (every onboarding version too), uploads, notices and caseworker
 * invitations. Sessions are revoked. Campaigns and gifts keep their rows and amounts.
 */
export const ACCOUNT_DELETED_NOTE = 'Moved back to pending: the account was deleted.';
export const ORGANIZATION_ACCOUNT_DELETED_NOTE = 'Account deleted.';
const backToPending = adminMove('recipient', 'backToPending')!;
// A deleted organization's open campaigns end: live ones close (what was raised stays), requests are rejected.
const closeOrganization = adminMove('organization', 'close')!;
const rejectOrganization = adminMove('organization', 'reject')!;

/** An organization campaign the erasure ended, for the audit log. */
export type EndedCampaign = { id: number; from: string; to: string; action: 'close' | 'reject' };

export async function eraseUser(db: Db, userId: number): Promise<EndedCampaign[]> {
  // What the phone ways keep of the person goes with the number (docs/decisions/0066 to 0069): the
  // voice PIN, their calls and call backs, and codes or WhatsApp messages waiting on the number,
  // unless another live account shares it (a family's phone).
  await db.execute(sql`delete from voice_pins where user_id = ${userId}`);
  await db.execute(sql`delete from voice_calls where user_id = ${userId}`);
  await db.execute(sql`delete from callback_requests where user_id = ${userId}`);
  await db.execute(sql`
    with mine as (
      select u.phone_number as phone from users u
       where u.id = ${userId} and u.phone_number is not null
         and not exists (select 1 from users o where o.phone_number = u.phone_number and o.id <> u.id and o.deleted_at is null)),
    codes as (delete from phone_sign_in_codes where phone_number in (select phone from mine))
    delete from whatsapp_pending_messages where phone in (select phone from mine)`);
  await db.execute(sql`
    update users set first_name = ${DELETED_NAME}, last_name = '', phone_number = null,
           email = ${`deleted-user-${userId}@deleted.invalid`}, password_hash = null, google_subject = null,
           must_change_password = false, deleted_at = now(), updated_at = now()
     where id = ${userId}`);
  await db.execute(sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`);
  // Their monthly gifts end, and the saved cards are forgotten (decision 0077).
  await db.execute(sql`
    update monthly_gifts
       set status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()), next_charge_at = null, paused_until = null,
           authorization_sealed = null, card_label = null
     where donor_user_id = ${userId}`);
  // A phone change waiting for its code holds the new number.
  await db.execute(sql`delete from phone_changes where user_id = ${userId}`);
  await db.execute(
    sql`update verification_codes set consumed_at = now() where user_id = ${userId} and consumed_at is null`,
  );
  await db.execute(sql`
    update recipient_profiles set bio = '', state_of_origin = '', profile_photo_key = null, id_document_key = null, updated_at = now()
     where user_id = ${userId}`);
  await db.execute(sql`
    update organization_profiles set organization_name = ${DELETED_NAME}, year_of_establishment = null, state_of_operation = null,
           organization_bio = null, id_type = null, profile_photo_key = null, id_document_key = null, updated_at = now()
     where user_id = ${userId}`);
  // A live request nobody has funded yet leaves the public site: donors never give to a deleted account.
  // It waits under review, where an admin rejects it (the same move as "back to pending").
  await db.execute(sql`
    update recipient_campaigns set status = ${backToPending.to}, is_featured = false, admin_notes = ${ACCOUNT_DELETED_NOTE}, updated_at = now()
     where recipient_id = ${userId} and ${inArray(sql`status`, backToPending.from)}`);
  const ended: EndedCampaign[] = [];
  for (const [action, move] of [
    ['close', closeOrganization],
    ['reject', rejectOrganization],
  ] as const) {
    const rows = await selectRows<{ id: number; from: string }>(
      db,
      sql`with old as (
            select id, status from organization_campaigns
             where organization_id = ${userId} and ${inArray(sql`status`, move.from)} for update)
          update organization_campaigns c set status = ${move.to}, admin_notes = ${ORGANIZATION_ACCOUNT_DELETED_NOTE}, updated_at = now()
            from old where c.id = old.id
          returning c.id, old.status as "from"`,
    );
    ended.push(...rows.map((r) => ({ id: Number(r.id), from: r.from, to: move.to, action })));
  }
  await db.execute(sql`delete from uploads where owner_id = ${userId}`);
  await db.execute(sql`delete from notifications where user_id = ${userId}`);
  // Every onboarding version holds the person's answers and file keys, as the profile did.
  await db.execute(sql`delete from onboarding_submissions where user_id = ${userId}`);
  // The consent record names a witness and points at a signed form: it goes with the person.
  await db.execute(sql`delete from assisted_applications where recipient_id = ${userId}`);
  // The person leaves their team; an erased organization's team is signed out and disbanded, and its
  // open invitations, which keep the address they were sent to, go (docs/decisions/0075).
  await db.execute(sql`
    update sessions set revoked_at = now()
     where revoked_at is null
       and user_id in (select user_id from organization_members where organization_id = ${userId} and user_id <> ${userId})`);
  await db.execute(sql`delete from organization_members where organization_id = ${userId} or user_id = ${userId}`);
  await db.execute(sql`
    update recipient_campaigns c set search_title = concat_ws(' ', p.name, ${DELETED_NAME}::text), search_text = concat_ws(' ', p.name, ${DELETED_NAME}::text, c.reason)
      from products p where p.id = c.product_id and c.recipient_id = ${userId}`);
  await db.execute(sql`
    update organization_campaigns c set search_title = concat_ws(' ', p.name, ${DELETED_NAME}::text), search_text = concat_ws(' ', p.name, ${DELETED_NAME}::text, c.reason)
      from organization_products p where p.id = c.organization_product_id and c.organization_id = ${userId}`);
  return ended;
}

/** One person's campaigns of both kinds and the gifts they made while signed in (paid ones). */
export async function userHistory(db: Db, userId: number): Promise<UserHistory | undefined> {
  const [user] = await selectRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    phone_number: string | null;
    role: string;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.phone_number, r.name as role from users u join roles r on r.id = u.role_id where u.id = ${userId}`,
  );
  if (!user) return undefined;
  const campaigns = await selectRows<{ id: string; product_name: string; created_at: string; status: string }>(
    db,
    sql`select c.id::text as id, p.name as product_name, c.created_at, c.status
          from recipient_campaigns c join products p on p.id = c.product_id where c.recipient_id = ${userId}
        union all
        select 'org-' || c.id, p.name, c.created_at, c.status
          from organization_campaigns c join organization_products p on p.id = c.organization_product_id where c.organization_id = ${userId}
        order by created_at desc, id desc`,
  );
  const gifts = await selectRows<{
    campaign_id: string;
    product_name: string;
    amount: number;
    units: number;
    date: string;
  }>(
    db,
    sql`select coalesce(i.recipient_campaign_id::text, 'org-' || i.organization_campaign_id) as campaign_id,
               coalesce(p.name, op.name) as product_name, i.amount_kobo as amount, i.units, d.paid_at as date
          from donations d join donation_items i on i.donation_id = d.id
          left join recipient_campaigns rc on rc.id = i.recipient_campaign_id
          left join products p on p.id = rc.product_id
          left join organization_campaigns oc on oc.id = i.organization_campaign_id
          left join organization_products op on op.id = oc.organization_product_id
         where d.donor_user_id = ${userId} and d.status in ('paid', 'needs_attention')
           -- A sponsor's match in the same donation is the sponsor's gift, not this person's (decision 0080).
           and i.match_pool_id is null
         order by d.paid_at desc, i.id desc`,
  );
  return {
    user: { ...user, id: Number(user.id) },
    campaigns: campaigns.map((c) => ({ ...c, id: String(c.id), created_at: iso(c.created_at) })),
    gifts: gifts.map((g) => ({ ...g, amount: Number(g.amount), units: Number(g.units), date: iso(g.date) })),
  };
}
