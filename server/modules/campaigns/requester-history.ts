import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { EarlierRequests, Verification } from '@contract/admin';
import { toCampaignId, type CampaignKind } from '@contract/ids';
import type { Db } from '../../db/client';
import { onboardingSubmissions } from '../../db/schema/all';
import { campaignKinds } from './kinds';

/** How many earlier requests a review card lists; the rest are counted. */
export const EARLIER_SHOWN = 5;

type Earlier = { id: number; productName: string; createdAt: Date; status: string; amountRaised: number };

/** What review shows beside a request about the person who made it. */
export type RequesterHistory = { verification: Verification; campaigns: Earlier[]; total: number };

/**
 * Each requester's verification (the latest onboarding version's status) and their newest
 * campaigns of the kind, for a whole page of review cards in two queries.
 */
export async function requesterHistories(
  db: Db,
  kind: CampaignKind,
  ownerIds: number[],
): Promise<Map<number, RequesterHistory>> {
  const histories = new Map<number, RequesterHistory>();
  const ids = [...new Set(ownerIds)];
  if (ids.length === 0) return histories;
  for (const id of ids) histories.set(id, { verification: null, campaigns: [], total: 0 });

  const latest = await db
    .selectDistinctOn([onboardingSubmissions.userId], {
      userId: onboardingSubmissions.userId,
      id: onboardingSubmissions.id,
      status: onboardingSubmissions.status,
    })
    .from(onboardingSubmissions)
    .where(inArray(onboardingSubmissions.userId, ids))
    .orderBy(onboardingSubmissions.userId, desc(onboardingSubmissions.version));
  for (const row of latest) histories.get(row.userId)!.verification = { status: row.status, submission_id: row.id };

  // One more than shown, so the card's own campaign can be left out and still leave a full list.
  const k = campaignKinds[kind];
  const ranked = db
    .select({
      id: k.campaigns.id,
      ownerId: sql<number>`${k.ownerId}`.as('owner_id'),
      productName: sql<string>`${k.products.name}`.as('product_name'),
      createdAt: sql<Date>`${k.campaigns.createdAt}`.as('created_at'),
      status: sql<string>`${k.campaigns.status}`.as('status'),
      amountRaised: sql<number>`${k.campaigns.amountRaisedKobo}`.as('amount_raised'),
      n: sql<number>`row_number() over (partition by ${k.ownerId} order by ${k.campaigns.createdAt} desc, ${k.campaigns.id} desc)`.as(
        'n',
      ),
      total: sql<number>`count(*) over (partition by ${k.ownerId})`.as('total'),
    })
    .from(k.campaigns)
    .innerJoin(k.products, eq(k.products.id, k.productId))
    .where(inArray(k.ownerId, ids))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.n} <= ${EARLIER_SHOWN + 1}`)
    .orderBy(ranked.ownerId, ranked.n);
  for (const row of rows) {
    const history = histories.get(Number(row.ownerId))!;
    history.total = Number(row.total);
    history.campaigns.push({
      id: Number(row.id),
      productName: row.productName,
      createdAt: new Date(row.createdAt),
      status: row.status,
      amountRaised: Number(row.amountRaised),
    });
  }
  return histories;
}

/** The requester's campaigns other than this one, newest first, as a review card shows them. */
export function earlierRequestsOf(
  kind: CampaignKind,
  history: RequesterHistory | undefined,
  campaignId: number,
): EarlierRequests {
  if (!history) return { total: 0, items: [] };
  // The card's own campaign is always one of the owner's, counted in the total.
  const others = history.campaigns.filter((c) => c.id !== campaignId);
  return {
    total: Math.max(0, history.total - 1),
    items: others.slice(0, EARLIER_SHOWN).map((c) => ({
      campaign_id: toCampaignId({ kind, id: c.id }),
      product_name: c.productName,
      created_at: c.createdAt.toISOString(),
      status: c.status,
      amount_raised: c.amountRaised,
    })),
  };
}
