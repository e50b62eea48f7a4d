import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MODERATION_RESULT, type ModerationStatus } from '@contract/moderation';
import type { UpdateAuthorRole } from '@contract/updates';
import type { CampaignKind, CampaignRef } from '@contract/ids';
import { selectRows, type Db } from '../../db/client';
import { campaignUpdatePhotos, campaignUpdates, updateUnsubscribes, users } from '../../db/schema/all';
import { campaignKinds } from '../campaigns/kinds';
import { campaignPair, updateColumns } from './update-kinds';

/** The moderation status visitors see (named from the vocabulary, not the campaigns' rule book). */
const SHOWN = MODERATION_RESULT.approve;

export type UpdateRow = typeof campaignUpdates.$inferSelect;

/** The kind and id of the campaign an update row points at. */
export function campaignOf(row: Pick<UpdateRow, 'recipientCampaignId' | 'organizationCampaignId'>): CampaignRef {
  return row.organizationCampaignId !== null
    ? { kind: 'organization', id: row.organizationCampaignId }
    : { kind: 'recipient', id: row.recipientCampaignId! };
}

/** Who owns a campaign and whether visitors may see it, or undefined when there is no such campaign. */
export async function findCampaignOwner(
  db: Db,
  ref: CampaignRef,
): Promise<{ ownerId: number; isPublic: boolean } | undefined> {
  const k = campaignKinds[ref.kind];
  const [row] = await db
    .select({ ownerId: k.ownerId, status: k.campaigns.status })
    .from(k.campaigns)
    .where(eq(k.campaigns.id, ref.id));
  if (!row) return undefined;
  return { ownerId: row.ownerId, isPublic: (k.publicStatuses as readonly string[]).includes(row.status) };
}

export async function insertUpdate(
  db: Db,
  input: {
    ref: CampaignRef;
    authorUserId: number;
    authorRole: UpdateAuthorRole;
    body: string;
    videoUrl: string | null;
    status: ModerationStatus;
    photos: { key: string; alt: string }[];
  },
): Promise<number> {
  const [row] = await db
    .insert(campaignUpdates)
    .values({
      ...campaignPair(input.ref.kind, input.ref.id),
      authorUserId: input.authorUserId,
      authorRole: input.authorRole,
      body: input.body,
      videoUrl: input.videoUrl,
      status: input.status,
    })
    .returning({ id: campaignUpdates.id });
  const id = row!.id;
  if (input.photos.length) {
    await db
      .insert(campaignUpdatePhotos)
      .values(input.photos.map((p, position) => ({ updateId: id, storageKey: p.key, altText: p.alt, position })));
  }
  return id;
}

export type ListedUpdate = Pick<
  UpdateRow,
  'id' | 'body' | 'videoUrl' | 'authorRole' | 'authorUserId' | 'status' | 'createdAt'
> & {
  ref: CampaignRef;
  photos: { key: string; alt: string }[];
};

async function withPhotos(db: Db, rows: UpdateRow[]): Promise<ListedUpdate[]> {
  const ids = rows.map((r) => r.id);
  const photos = ids.length
    ? await db
        .select()
        .from(campaignUpdatePhotos)
        .where(inArray(campaignUpdatePhotos.updateId, ids))
        .orderBy(asc(campaignUpdatePhotos.position))
    : [];
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    videoUrl: r.videoUrl,
    authorRole: r.authorRole,
    authorUserId: r.authorUserId,
    status: r.status,
    createdAt: r.createdAt,
    ref: campaignOf(r),
    photos: photos.filter((p) => p.updateId === r.id).map((p) => ({ key: p.storageKey, alt: p.altText })),
  }));
}

/** A campaign's approved updates, newest first, after the update `before` when given; and how many there are. */
export async function listApprovedUpdates(
  db: Db,
  ref: CampaignRef,
  opts: { limit: number; before?: number },
): Promise<{ total: number; items: ListedUpdate[]; more: boolean }> {
  const column = updateColumns[ref.kind].update;
  const shown = and(eq(column, ref.id), eq(campaignUpdates.status, SHOWN));
  const rows = await db
    .select()
    .from(campaignUpdates)
    .where(opts.before ? and(shown, lt(campaignUpdates.id, opts.before)) : shown)
    .orderBy(desc(campaignUpdates.id))
    .limit(opts.limit + 1);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(campaignUpdates).where(shown);
  return { total: Number(n), items: await withPhotos(db, rows.slice(0, opts.limit)), more: rows.length > opts.limit };
}

/** The names of the people who wrote updates, by account id: erased accounts are left out. */
export async function authorNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Updates in one moderation status for the admins: the queue oldest first, the others newest first. */
export async function listUpdatesByStatus(db: Db, status: ModerationStatus, limit = 100): Promise<ListedUpdate[]> {
  const rows = await db
    .select()
    .from(campaignUpdates)
    .where(eq(campaignUpdates.status, status))
    .orderBy(status === 'awaiting_review' ? asc(campaignUpdates.id) : desc(campaignUpdates.id))
    .limit(limit);
  return withPhotos(db, rows);
}

export async function findUpdateForChange(db: Db, id: number): Promise<UpdateRow | undefined> {
  const [row] = await db.select().from(campaignUpdates).where(eq(campaignUpdates.id, id)).for('update');
  return row;
}

export async function setUpdateStatus(db: Db, id: number, status: ModerationStatus, adminId: number): Promise<void> {
  await db
    .update(campaignUpdates)
    .set({ status, reviewedBy: adminId, reviewedAt: new Date() })
    .where(eq(campaignUpdates.id, id));
}

export async function markDonorsTold(db: Db, id: number): Promise<void> {
  await db.update(campaignUpdates).set({ donorsToldAt: new Date() }).where(eq(campaignUpdates.id, id));
}

// Donation conditions in fragments of their own: a donor's paid gift whose units landed on the
// campaign. The Independence Fund's gifts have no person to tell (decision 0078).
const paidDonation = sql`d.status = 'paid' and not d.from_fund`;
const landedItem = sql`i.status = 'allocated'`;

/** The gifts that landed on one campaign, as `from ... where ...` text for the reads below. */
function giftsTo(kind: CampaignKind, id: number) {
  return sql`from donations d join donation_items i on i.donation_id = d.id
             where i.${updateColumns[kind].columnName} = ${id} and ${paidDonation} and ${landedItem}`;
}

/**
 * Writes one notice, in one statement, for every account that gave to the campaign: the donor
 * signed in at checkout, or a guest whose address belongs to a verified account (as the gift
 * history counts it). Answers how many were written.
 */
export async function noticeDonors(
  db: Db,
  kind: CampaignKind,
  id: number,
  message: string,
  linkTo: string,
): Promise<number> {
  const rows = await selectRows<{ user_id: number }>(
    db,
    sql`insert into notifications (user_id, message, link_to)
        select distinct g.user_id, ${message}, ${linkTo}
          from (select coalesce(d.donor_user_id,
                         (select u.id from users u where u.email = lower(d.donor_email) and u.email_verified_at is not null)) as user_id
                  ${giftsTo(kind, id)}) g
          join users u on u.id = g.user_id and u.deleted_at is null
        returning user_id`,
  );
  return rows.length;
}

/** Every distinct address that gave to the campaign, with the name it gave under, minus those unsubscribed from it. */
export async function donorAddresses(
  db: Db,
  kind: CampaignKind,
  id: number,
): Promise<{ email: string; name: string }[]> {
  return selectRows<{ email: string; name: string }>(
    db,
    sql`select distinct on (lower(d.donor_email)) lower(d.donor_email) as email, d.donor_full_name as name
          ${giftsTo(kind, id)}
           and not exists (select 1 from update_unsubscribes s
                            where s.email = lower(d.donor_email) and s.${updateColumns[kind].columnName} = ${id})
         order by lower(d.donor_email), d.donor_user_id nulls last`,
  );
}

/** Records that an address wants no more update mail about one campaign; a second time changes nothing. */
export async function recordUnsubscribe(db: Db, email: string, ref: CampaignRef): Promise<void> {
  await db
    .insert(updateUnsubscribes)
    .values({ email: email.toLowerCase(), ...campaignPair(ref.kind, ref.id) })
    .onConflictDoNothing();
}
