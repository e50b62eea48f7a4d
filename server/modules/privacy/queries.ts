import { sql, type SQL } from 'drizzle-orm';
import { ERASED_DONOR_NAME, PRIVACY_LINK_HOURS } from '@contract/privacy';
import { selectRows, type Db } from '../../db/client';
import { keysNamedBy } from '../accounts/person-files';
import type { privacyRequestKinds } from '../../db/schema/privacy';

type RequestKind = (typeof privacyRequestKinds)[number];
type Row = Record<string, unknown>;

/**
 * The rows of a query as JSON objects, built by the database: money stays whole numbers of kobo
 * and times ISO 8601, whichever engine answers.
 */
export async function jsonRows(db: Db, query: SQL): Promise<Row[]> {
  const [row] = await selectRows<{ rows: Row[] | string }>(
    db,
    sql`select coalesce(jsonb_agg(to_jsonb(q)), '[]'::jsonb) as rows from (${query}) q`,
  );
  const rows = row?.rows ?? [];
  return typeof rows === 'string' ? (JSON.parse(rows) as Row[]) : rows;
}

/**
 * Old links are of no use to anyone, and an unused guest request still holds its address: a day
 * after expiry they go, whenever a new link is made and by the hourly sweep.
 */
export async function removeExpiredPrivacyRequests(db: Db): Promise<void> {
  await db.execute(sql`delete from privacy_requests where expires_at < now() - interval '1 day'`);
}

/** Keeps a new one-time link's hash; any earlier open link of the same kind for the same subject stops working. */
export async function insertPrivacyRequest(
  db: Db,
  input: { kind: RequestKind; userId?: number; email?: string; tokenHash: string },
): Promise<void> {
  await removeExpiredPrivacyRequests(db);
  await db.execute(
    input.userId === undefined
      ? sql`delete from privacy_requests where kind = ${input.kind} and email = ${input.email ?? null} and used_at is null`
      : sql`delete from privacy_requests where kind = ${input.kind} and user_id = ${input.userId} and used_at is null`,
  );
  await db.execute(sql`
    insert into privacy_requests (kind, user_id, email, token_hash, expires_at)
    values (${input.kind}, ${input.userId ?? null}, ${input.email ?? null}, ${input.tokenHash},
            now() + make_interval(hours => ${PRIVACY_LINK_HOURS}))`);
}

export type OpenRequest = { id: number; userId: number | null; email: string | null };

/**
 * Takes an open link of the given kind (unused, unexpired) and marks it used, in the caller's
 * transaction: a link works once, even when opened twice at the same moment.
 */
export async function takePrivacyRequest(
  db: Db,
  kind: RequestKind,
  tokenHash: string,
): Promise<OpenRequest | undefined> {
  const [row] = await selectRows<{ id: number; user_id: number | null; email: string | null }>(
    db,
    sql`update privacy_requests set used_at = now()
         where token_hash = ${tokenHash} and kind = ${kind} and used_at is null and expires_at > now()
         returning id, user_id, email`,
  );
  if (!row) return undefined;
  return { id: Number(row.id), userId: row.user_id === null ? null : Number(row.user_id), email: row.email };
}

/** A guest request keeps its address only until it is used. */
export async function forgetRequestEmail(db: Db, id: number): Promise<void> {
  await db.execute(sql`update privacy_requests set email = null where id = ${id}`);
}

/** Gifts given without an account with this address. */
export const guestGiftsOf = (email: string): SQL =>
  sql`d.donor_user_id is null and lower(d.donor_email) = lower(${email})`;

/**
 * A person's gifts: those made signed in, and guest gifts with the account's address only once the
 * address is proved (anyone can type an address at checkout).
 */
export const accountGiftsOf = (user: { id: number; email: string | null; verified: boolean }): SQL =>
  user.verified && user.email
    ? sql`(d.donor_user_id = ${user.id} or (${guestGiftsOf(user.email)}))`
    : sql`d.donor_user_id = ${user.id}`;

export async function countGifts(db: Db, which: SQL): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from donations d where ${which}`);
  return Number(row?.n ?? 0);
}

/**
 * Gifts as the donor sees them: the checkout, what each campaign received, and the dedication given
 * with it (the person's name, the message and the address told), if any.
 */
export function giftRows(which: SQL): SQL {
  return sql`
    select d.reference, d.status, d.donor_full_name, d.donor_email, d.total_kobo, d.fee_kobo, d.currency, d.channel,
           d.source, d.created_at, d.paid_at,
           coalesce((select jsonb_agg(jsonb_build_object(
                       'campaign', coalesce(i.recipient_campaign_id::text, 'org-' || i.organization_campaign_id),
                       'units', i.units, 'amount_kobo', i.amount_kobo, 'status', i.status) order by i.id)
                       -- A sponsor's match in the gift is the sponsor's, not the donor's data (decision 0080).
                       from donation_items i where i.donation_id = d.id and i.match_pool_id is null), '[]'::jsonb) as items,
           (select jsonb_build_object('kind', g.kind, 'name', g.name, 'message', g.message,
                     'notify_email', g.notify_email, 'card_queued_at', g.card_queued_at)
              from gift_dedications g where g.donation_id = d.id) as dedication
      from donations d where ${which}
     order by d.created_at desc, d.id desc`;
}

/**
 * Removes the donor's name and address from gifts (docs/decisions/0054): amounts, units, references,
 * campaigns, dates and payment rows stay, so every total is unchanged. One placeholder address per
 * erasure keeps the count of distinct donors true. Words of support, dedications (with the address
 * a card was sent to) and update-mail choices tied to the address go too, as do the name and address
 * wherever else a gift's record repeats them: the admins' notices naming the gift, and the payment
 * provider's copy of who paid. Answers how many gifts changed.
 */
export async function eraseDonorFromGifts(
  db: Db,
  input: { which: SQL; email: string | null; marker: string },
): Promise<number> {
  await db.execute(sql`delete from support_messages s using donations d where s.donation_id = d.id and ${input.which}`);
  // A dedication is the donor's too: the name honoured, the message and the address told go with their words.
  await db.execute(sql`delete from gift_dedications g using donations d where g.donation_id = d.id and ${input.which}`);
  // Read before the donation loses them: a notice names a gift by its reference and its donor.
  await db.execute(sql`
    update notifications n
       set message = replace(replace(n.message, d.donor_full_name, ${ERASED_DONOR_NAME}), d.donor_email, ${ERASED_DONOR_NAME})
      from donations d
     where ${input.which} and strpos(n.message, d.reference) > 0
       and (strpos(n.message, d.donor_full_name) > 0 or strpos(n.message, d.donor_email) > 0)`);
  await eraseProviderCopies(db, input.which);
  // A monthly gift of these gifts ends: nothing more is charged, the saved card is forgotten, and no
  // later month writes the name and address back (decision 0077).
  await db.execute(sql`
    update monthly_gifts m
       set status = 'cancelled', cancelled_at = coalesce(m.cancelled_at, now()), next_charge_at = null, paused_until = null,
           authorization_sealed = null, card_label = null,
           donor_full_name = ${ERASED_DONOR_NAME}, donor_email = ${`erased-${input.marker}@deleted.invalid`}
      from donations d
     where d.monthly_gift_id = m.id and ${input.which}`);
  const changed = await selectRows<{ id: number }>(
    db,
    sql`update donations d set donor_full_name = ${ERASED_DONOR_NAME}, donor_email = ${`erased-${input.marker}@deleted.invalid`}
         where ${input.which} returning d.id`,
  );
  // A choice not to hear about a campaign still guards the gifts left at the address (an account's
  // own, when a guest erases only the guest ones): it goes only with the last of them.
  if (input.email) {
    await db.execute(sql`
      delete from update_unsubscribes
       where email = lower(${input.email})
         and not exists (select 1 from donations d where lower(d.donor_email) = lower(${input.email}))`);
  }
  return changed.length;
}

/**
 * The payment provider's replies and events hold the payer as the provider knows them (customer,
 * card holder, metadata). They go; the amounts, references, statuses, channels and the provider's
 * ids, which the money desk and refunds read, stay.
 */
async function eraseProviderCopies(db: Db, which: SQL): Promise<void> {
  await db.execute(sql`
    update payments p set provider_response = p.provider_response - 'customer' - 'authorization' - 'metadata'
      from donations d where p.donation_id = d.id and ${which} and p.provider_response is not null`);
  await db.execute(sql`
    update provider_events e
       set payload = e.payload #- '{data,customer}' #- '{data,authorization}' #- '{data,metadata}'
                     #- '{data,transaction,customer}' #- '{data,transaction,authorization}' #- '{data,transaction,metadata}'
      from donations d where (e.donation_id = d.id or e.reference = d.reference) and ${which}`);
  await db.execute(sql`
    update sandbox_transactions t set email = 'erased@deleted.invalid'
     where t.reference in (select d.reference from donations d where ${which}
                           union select p.reference from payments p join donations d on d.id = p.donation_id where ${which})`);
}

/**
 * The stored files a person can download: those their profiles, answers and consent point at, and
 * their other used uploads as kept (an image is kept under its processed name, not the name it was
 * sent to). A caseworker uploads documents for the people they help: those are the other person's,
 * so they are left out of the caseworker's files and belong to that person's.
 */
export async function storedFilesOf(
  db: Db,
  userId: number,
): Promise<{ key: string; purpose: string | null; fileName: string | null }[]> {
  const rows = await selectRows<{ key: string; purpose: string | null; file_name: string | null }>(
    db,
    sql`with others as (${keysNamedBy((column) => sql`${column} <> ${userId}`)}),
        keys as (
          ${keysNamedBy((column) => sql`${column} = ${userId}`)}
          union select coalesce(u.stored_key, u.key) from uploads u
           where u.owner_id = ${userId} and u.status = 'used'
             and not exists (select 1 from others o where o.key in (u.key, u.stored_key)))
        select k.key, u.purpose, u.file_name from keys k
          left join uploads u on k.key in (u.key, u.stored_key)
         where k.key ~ '^(public|private)/' order by k.key`,
  );
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.key) && seen.add(r.key))
    .map((r) => ({ key: r.key, purpose: r.purpose, fileName: r.file_name }));
}
