import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { FUNDRAISER_OPEN_STATUSES, FUNDRAISER_STATUS } from '@contract/fundraisers';
import type { CampaignRef } from '@contract/ids';
import { donorPublicName } from '@contract/support-messages';
import { selectRows, type Db } from '../../db/client';
import { fundraisers, users } from '../../db/schema/all';
import { campaignKinds } from '../campaigns/kinds';

export type FundraiserRow = typeof fundraisers.$inferSelect;

/** The campaign exists and the rule book lets the public see it. */
export async function isPublicCampaign(db: Db, ref: CampaignRef): Promise<boolean> {
  const kind = campaignKinds[ref.kind];
  const statuses: readonly string[] = kind.publicStatuses;
  const rows = await db
    .select({ id: kind.campaigns.id })
    .from(kind.campaigns)
    .where(and(eq(kind.campaigns.id, ref.id), inArray(kind.campaigns.status, statuses as never[])))
    .limit(1);
  return rows.length === 1;
}

/** The campaign a fundraiser serves, as the campaign modules name it. */
export const campaignOf = (f: Pick<FundraiserRow, 'recipientCampaignId' | 'organizationCampaignId'>): CampaignRef =>
  f.recipientCampaignId !== null
    ? { kind: 'recipient', id: f.recipientCampaignId }
    : { kind: 'organization', id: f.organizationCampaignId! };

export async function findFundraiser(db: Db, slug: string): Promise<FundraiserRow | undefined> {
  const [row] = await db.select().from(fundraisers).where(eq(fundraisers.slug, slug)).limit(1);
  return row;
}

/** One fundraiser, locked for a change by its owner or an admin. */
export async function lockFundraiser(tx: Db, slug: string): Promise<FundraiserRow | undefined> {
  const [row] = await tx.select().from(fundraisers).where(eq(fundraisers.slug, slug)).for('update');
  return row;
}

/** Who owns it, as public pages name a person, and where to reach them (for the admins). */
export async function ownersOf(
  db: Db,
  ids: number[],
): Promise<Map<number, { shownName: string; fullName: string; email: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => {
      const fullName = `${r.first ?? ''} ${r.last ?? ''}`.trim();
      return [r.id, { shownName: donorPublicName(fullName, false), fullName, email: r.email }];
    }),
  );
}

/**
 * Takes turns per owner: two starts at once by one donor are decided one after the other, so the
 * limits below cannot both be passed.
 */
export async function lockOwner(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

/** The owner's open fundraisers (pending or approved): how many in all, and whether one serves `ref`. */
export async function openFundraisersOf(tx: Db, userId: number, ref: CampaignRef) {
  const rows = await tx
    .select({ recipient: fundraisers.recipientCampaignId, organization: fundraisers.organizationCampaignId })
    .from(fundraisers)
    .where(and(eq(fundraisers.ownerUserId, userId), inArray(fundraisers.status, [...FUNDRAISER_OPEN_STATUSES])));
  const forCampaign = rows.some((r) => (ref.kind === 'recipient' ? r.recipient === ref.id : r.organization === ref.id));
  return { count: rows.length, forCampaign };
}

/**
 * What fundraisers raised: the donor's own item amounts (never a sponsor's match, a covered fee or
 * the fund's part) allocated to the fundraiser's campaign, of paid gifts that name it; and how many
 * such gifts.
 */
export async function raisedBy(db: Db, ids: number[]): Promise<Map<number, { raisedKobo: number; giftCount: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: number; raised: string | number; gifts: string | number }>(
    db,
    sql`select d.fundraiser_id as id, coalesce(sum(i.amount_kobo), 0) as raised, count(distinct d.id) as gifts
          from donations d
          join fundraisers f on f.id = d.fundraiser_id
          join donation_items i on i.donation_id = d.id
         where d.fundraiser_id = any(${sql.param(ids)}::int[]) and d.status = 'paid'
           and i.status = 'allocated' and i.match_pool_id is null
           and (i.recipient_campaign_id = f.recipient_campaign_id or i.organization_campaign_id = f.organization_campaign_id)
         group by d.fundraiser_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), { raisedKobo: Number(r.raised), giftCount: Number(r.gifts) }]));
}

/** The gifts through fundraisers, newest first, each donor as they chose to be shown. */
export async function giftsThrough(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectRows<{
    fundraiser_id: number;
    name: string;
    anonymous: boolean | null;
    amount: string | number;
    paid_at: Date | string;
  }>(
    db,
    sql`select d.fundraiser_id, d.donor_full_name as name, m.anonymous, sum(i.amount_kobo) as amount, d.paid_at
          from donations d
          join fundraisers f on f.id = d.fundraiser_id
          join donation_items i on i.donation_id = d.id
          left join support_messages m on m.donation_id = d.id
         where d.fundraiser_id = any(${sql.param(ids)}::int[]) and d.status = 'paid'
           and i.status = 'allocated' and i.match_pool_id is null
           and (i.recipient_campaign_id = f.recipient_campaign_id or i.organization_campaign_id = f.organization_campaign_id)
         group by d.id, m.anonymous
         order by d.paid_at desc, d.id desc`,
  );
  return rows.map((r) => ({
    fundraiserId: Number(r.fundraiser_id),
    name: donorPublicName(r.name, r.anonymous ?? false),
    amountKobo: Number(r.amount),
    at: new Date(r.paid_at).toISOString(),
  }));
}

/** A campaign's approved fundraisers, most raised first (the earliest approved first among equals). */
export async function approvedFor(db: Db, ref: CampaignRef) {
  const column = ref.kind === 'recipient' ? fundraisers.recipientCampaignId : fundraisers.organizationCampaignId;
  const rows = await db
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      goalKobo: fundraisers.goalKobo,
      approvedAt: fundraisers.approvedAt,
    })
    .from(fundraisers)
    .where(and(eq(column, ref.id), eq(fundraisers.status, FUNDRAISER_STATUS.public)));
  const raised = await raisedBy(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => ({ ...r, raisedKobo: raised.get(r.id)?.raisedKobo ?? 0 }))
    .sort(
      (a, b) =>
        b.raisedKobo - a.raisedKobo || (a.approvedAt?.getTime() ?? 0) - (b.approvedAt?.getTime() ?? 0) || a.id - b.id,
    );
}

export async function fundraisersOwnedBy(db: Db, userId: number): Promise<FundraiserRow[]> {
  return db
    .select()
    .from(fundraisers)
    .where(eq(fundraisers.ownerUserId, userId))
    .orderBy(sql`${fundraisers.createdAt} desc`, sql`${fundraisers.id} desc`);
}

/** What waits for the admins: pending fundraisers and approved ones with a revision, oldest first. */
export async function moderationQueue(db: Db): Promise<FundraiserRow[]> {
  return db
    .select()
    .from(fundraisers)
    .where(
      or(
        eq(fundraisers.status, FUNDRAISER_STATUS.waiting),
        and(eq(fundraisers.status, FUNDRAISER_STATUS.public), isNotNull(fundraisers.revisionSubmittedAt)),
      ),
    )
    .orderBy(sql`coalesce(${fundraisers.revisionSubmittedAt}, ${fundraisers.createdAt})`, fundraisers.id);
}
