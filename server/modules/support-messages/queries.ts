import { and, count, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { DedicationKind } from '@contract/dedication';
import type { CampaignKind, CampaignRef } from '@contract/ids';
import type { ModerationStatus } from '@contract/moderation';
import type { Db } from '../../db/client';
import { donationItems, donations, giftDedications, supportMessages } from '../../db/schema/all';
import { afterKey, decodeKeyCursor, keyOrder, keyPage, keyText, type Keyset } from '../../db/cursor';
import { campaignKinds } from '../campaigns/kinds';

/** Where a donation's item names its campaign, by kind. */
const itemCampaign = {
  recipient: donationItems.recipientCampaignId,
  organization: donationItems.organizationCampaignId,
} as const satisfies Record<CampaignKind, unknown>;

// A donation-status condition in a fragment of its own: the gift's checkout is paid, not one whose
// payment needs an admin's attention (its items may already be allocated).
const paidDonation = eq(donations.status, 'paid');

/**
 * The message's gift landed somewhere (on `ref` when given): its donation is paid and an item of it
 * was allocated there. Words of a checkout never paid, or of one whose payment needs attention,
 * match nothing, so they are neither queued nor shown.
 */
function landed(db: Db, ref?: CampaignRef): SQL {
  const conditions = [
    eq(donationItems.donationId, supportMessages.donationId),
    eq(donationItems.status, 'allocated'),
    paidDonation,
  ];
  if (ref) conditions.push(eq(itemCampaign[ref.kind], ref.id));
  return exists(
    db
      .select({ one: sql`1` })
      .from(donationItems)
      .innerJoin(donations, eq(donations.id, donationItems.donationId))
      .where(and(...conditions)),
  );
}

export async function insertSupportMessage(
  tx: Db,
  donationId: number,
  words: { body: string; anonymous: boolean },
): Promise<void> {
  await tx.insert(supportMessages).values({ donationId, body: words.body, anonymous: words.anonymous });
}

/** The campaign exists and the rule book lets the public see it. */
export async function isPublicCampaign(db: Db, ref: CampaignRef): Promise<boolean> {
  const kind = campaignKinds[ref.kind];
  const table = kind.campaigns;
  const statuses: readonly string[] = kind.publicStatuses;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, ref.id), inArray(table.status, statuses as never[])))
    .limit(1);
  return rows.length === 1;
}

const newestFirst: Keyset = {
  column: supportMessages.createdAt,
  type: 'timestamp',
  direction: 'desc',
  id: supportMessages.id,
};
const oldestFirst: Keyset = { ...newestFirst, direction: 'asc' };

const row = {
  id: supportMessages.id,
  body: supportMessages.body,
  anonymous: supportMessages.anonymous,
  status: supportMessages.status,
  donationId: supportMessages.donationId,
  createdAt: supportMessages.createdAt,
  reviewedAt: supportMessages.reviewedAt,
  donorFullName: donations.donorFullName,
  dedicationKind: giftDedications.kind,
  dedicationName: giftDedications.name,
};
export type MessageRow = {
  id: number;
  body: string;
  anonymous: boolean;
  status: ModerationStatus;
  donationId: number;
  createdAt: Date;
  reviewedAt: Date | null;
  donorFullName: string;
  /** The gift's dedication, if it was given in someone's name; its address told is never read here. */
  dedicationKind: DedicationKind | null;
  dedicationName: string | null;
};

/** Approved words of the paid gifts that landed on one campaign, newest first. */
export async function approvedMessagesPage(db: Db, ref: CampaignRef, opts: { limit: number; cursor?: string }) {
  const after = decodeKeyCursor(opts.cursor, newestFirst.type);
  const shown = and(eq(supportMessages.status, 'approved'), landed(db, ref))!;
  const rows = await db
    .select({ ...row, sortKey: keyText(newestFirst) })
    .from(supportMessages)
    .innerJoin(donations, eq(donations.id, supportMessages.donationId))
    .leftJoin(giftDedications, eq(giftDedications.donationId, supportMessages.donationId))
    .where(after ? and(shown, afterKey(newestFirst, after)) : shown)
    .orderBy(...keyOrder(newestFirst))
    .limit(opts.limit + 1);
  return keyPage(rows, opts.limit);
}

/** One page of paid gifts' words in a status: awaiting review oldest first, the rest newest first; with the true count. */
export async function queuePage(db: Db, opts: { status: ModerationStatus; limit: number; cursor?: string }) {
  const keyset = opts.status === 'awaiting_review' ? oldestFirst : newestFirst;
  const after = decodeKeyCursor(opts.cursor, keyset.type);
  const inQueue = and(eq(supportMessages.status, opts.status), landed(db))!;
  const rows = await db
    .select({ ...row, sortKey: keyText(keyset) })
    .from(supportMessages)
    .innerJoin(donations, eq(donations.id, supportMessages.donationId))
    .leftJoin(giftDedications, eq(giftDedications.donationId, supportMessages.donationId))
    .where(after ? and(inQueue, afterKey(keyset, after)) : inQueue)
    .orderBy(...keyOrder(keyset))
    .limit(opts.limit + 1);
  const [total] = await db.select({ n: count() }).from(supportMessages).where(inQueue);
  const page = keyPage(rows, opts.limit);
  return { rows: page.rows, total: Number(total?.n ?? 0), nextCursor: page.nextCursor };
}

/** How many paid gifts' words wait for an admin. */
export async function awaitingReviewCount(db: Db): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.status, 'awaiting_review'), landed(db)));
  return Number(total?.n ?? 0);
}

/** One paid gift's words, locked for a decision; undefined when there are none (or the gift was never paid). */
export async function lockMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [found] = await db
    .select(row)
    .from(supportMessages)
    .innerJoin(donations, eq(donations.id, supportMessages.donationId))
    .leftJoin(giftDedications, eq(giftDedications.donationId, supportMessages.donationId))
    .where(and(eq(supportMessages.id, id), landed(db)))
    .for('update', { of: supportMessages });
  return found;
}

export async function setMessageStatus(
  db: Db,
  id: number,
  decision: { status: ModerationStatus; adminId: number },
): Promise<Date> {
  const [updated] = await db
    .update(supportMessages)
    .set({ status: decision.status, reviewedBy: decision.adminId, reviewedAt: sql`now()` })
    .where(eq(supportMessages.id, id))
    .returning({ reviewedAt: supportMessages.reviewedAt });
  return updated!.reviewedAt!;
}

/** The campaigns each donation's gift landed on, in the order they were given. */
export async function landedCampaigns(db: Db, donationIds: number[]) {
  if (donationIds.length === 0) return [];
  return db
    .select({
      donationId: donationItems.donationId,
      recipientCampaignId: donationItems.recipientCampaignId,
      organizationCampaignId: donationItems.organizationCampaignId,
    })
    .from(donationItems)
    .where(and(inArray(donationItems.donationId, donationIds), eq(donationItems.status, 'allocated')))
    .orderBy(donationItems.id);
}
