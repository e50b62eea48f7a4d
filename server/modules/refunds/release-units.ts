import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { toCampaignId, type CampaignKind } from '@contract/ids';
import type { Db } from '../../db/client';
import { donationItems, organizationCampaigns, organizationDeliveries, recipientCampaigns } from '../../db/schema/all';
import { CAMPAIGN_KINDS } from '../campaigns/kinds';
import { factsOf, OPEN_STATUSES, releaseMove, type StatusOf } from '../campaign-core/status-rules';

/** One campaign's part of a gift, as a refund that frees units would give it back. */
type Part = {
  kind: CampaignKind;
  id: number;
  units: number;
  amountKobo: number;
  itemIds: number[];
};

/** A campaign as the release reads it. */
type CampaignNow = { status: string; unitsFulfilled: number; ownerId: number };

/** What freeing a gift's units would do: the refusal in words, or each campaign's move. */
export type ReleasePlan =
  { refusal: string } | { moves: Array<Part & { from: string; to: string; unitsLeft: number }>; itemIds: number[] };

const OTHERWISE = 'Refund without freeing units instead.';

const tables = { recipient: recipientCampaigns, organization: organizationCampaigns } as const;

/** The gift's allocated items, summed by campaign. */
async function allocatedParts(tx: Db, donationId: number): Promise<Part[]> {
  const items = await tx
    .select({
      id: donationItems.id,
      recipientCampaignId: donationItems.recipientCampaignId,
      organizationCampaignId: donationItems.organizationCampaignId,
      units: donationItems.units,
      amountKobo: donationItems.amountKobo,
    })
    .from(donationItems)
    .where(and(eq(donationItems.donationId, donationId), eq(donationItems.status, 'allocated')))
    .orderBy(donationItems.id);
  const parts = new Map<string, Part>();
  for (const item of items) {
    const kind: CampaignKind = item.recipientCampaignId !== null ? 'recipient' : 'organization';
    const id = (item.recipientCampaignId ?? item.organizationCampaignId)!;
    const part = parts.get(`${kind}:${id}`) ?? { kind, id, units: 0, amountKobo: 0, itemIds: [] };
    part.units += item.units;
    part.amountKobo += item.amountKobo;
    part.itemIds.push(item.id);
    parts.set(`${kind}:${id}`, part);
  }
  return [...parts.values()];
}

/**
 * The campaigns, locked when `lock` (recipients, then organizations, each by id: the order gifts
 * and checkouts lock them, after the donation row the caller holds).
 */
async function readCampaigns(tx: Db, parts: Part[], lock: boolean): Promise<Map<string, CampaignNow>> {
  const found = new Map<string, CampaignNow>();
  for (const kind of CAMPAIGN_KINDS) {
    const ids = parts.filter((p) => p.kind === kind).map((p) => p.id);
    if (ids.length === 0) continue;
    const t = tables[kind];
    const owner = kind === 'recipient' ? recipientCampaigns.recipientId : organizationCampaigns.organizationId;
    const query = tx
      .select({ id: t.id, status: t.status, unitsFulfilled: t.unitsFulfilled, ownerId: owner })
      .from(t)
      .where(inArray(t.id, ids))
      .orderBy(t.id);
    const rows = lock ? await query.for('no key update') : await query;
    for (const row of rows) found.set(`${kind}:${row.id}`, row);
  }
  return found;
}

/** Units already handed over, by organization campaign: never more than its units fulfilled (decision 0039). */
async function deliveredUnits(tx: Db, parts: Part[]): Promise<Map<number, number>> {
  const ids = parts.filter((p) => p.kind === 'organization').map((p) => p.id);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: organizationDeliveries.organizationCampaignId,
      units: sql<number>`sum(${organizationDeliveries.units})::int`,
    })
    .from(organizationDeliveries)
    .where(inArray(organizationDeliveries.organizationCampaignId, ids))
    .groupBy(organizationDeliveries.organizationCampaignId);
  return new Map(rows.map((r) => [r.id, Number(r.units)]));
}

/** Whether the owner has another campaign of this kind that counts as their one open request. */
async function ownerHasOtherOpen(tx: Db, kind: CampaignKind, campaignId: number, ownerId: number): Promise<boolean> {
  const t = tables[kind];
  const owner = kind === 'recipient' ? recipientCampaigns.recipientId : organizationCampaigns.organizationId;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(owner, ownerId), ne(t.id, campaignId), inArray(sql`${t.status}`, [...OPEN_STATUSES[kind]])))
    .limit(1);
  return rows.length > 0;
}

/**
 * What freeing the gift's allocated units would do, decided by the rule book: each campaign goes
 * back the way a gift moved it forward (`releaseMove`), and is refused when it has moved past where a
 * refund may free units, when fewer units would stay funded than were handed over, or when it would
 * count as an open request beside its owner's other one. Pass `lock` to hold the campaign rows.
 */
export async function planRelease(tx: Db, donationId: number, lock: boolean): Promise<ReleasePlan> {
  const parts = await allocatedParts(tx, donationId);
  if (parts.length === 0)
    return { refusal: `No units of this payment are allocated to a campaign, so there are none to free. ${OTHERWISE}` };
  const campaigns = await readCampaigns(tx, parts, lock);
  const delivered = await deliveredUnits(tx, parts);
  const moves: Extract<ReleasePlan, { moves: unknown }>['moves'] = [];
  for (const part of parts) {
    const ref = toCampaignId(part);
    const now = campaigns.get(`${part.kind}:${part.id}`);
    if (!now) return { refusal: `Campaign ${ref} no longer exists. ${OTHERWISE}` };
    const unitsLeft = now.unitsFulfilled - part.units;
    const to = unitsLeft < 0 ? undefined : releaseMove(part.kind, now.status as StatusOf<typeof part.kind>, unitsLeft);
    if (to === undefined)
      return {
        refusal: `The units of campaign ${ref} cannot be freed: it is ${now.status.replace(/_/g, ' ')}, past where a refund may free units. ${OTHERWISE}`,
      };
    const handedOver = delivered.get(part.id) ?? 0;
    if (part.kind === 'organization' && handedOver > unitsLeft)
      return {
        refusal: `The units of campaign ${ref} cannot be freed: ${handedOver} of its units are already handed over, and only ${unitsLeft} would stay funded. ${OTHERWISE}`,
      };
    const opens = !factsOf(part.kind, now.status as never).open && factsOf(part.kind, to as never).open;
    if (opens && (await ownerHasOtherOpen(tx, part.kind, part.id, now.ownerId)))
      return {
        refusal: `The units of campaign ${ref} cannot be freed: it would take gifts again while its owner has another open request. ${OTHERWISE}`,
      };
    moves.push({ ...part, from: now.status, to, unitsLeft });
  }
  return { moves, itemIds: parts.flatMap((p) => p.itemIds) };
}

/**
 * Frees the gift's allocated units, in the caller's transaction with the donation row locked: the
 * items become released, and each campaign gives back their units and amount and moves back as the
 * rule book says. Answers the refusal in words when the rule book does not allow it now.
 */
export async function releaseUnits(tx: Db, donationId: number): Promise<{ released: true } | { refusal: string }> {
  const plan = await planRelease(tx, donationId, true);
  if ('refusal' in plan) return plan;
  await tx.update(donationItems).set({ status: 'released' }).where(inArray(donationItems.id, plan.itemIds));
  for (const move of plan.moves) {
    const t = tables[move.kind];
    const changes = {
      unitsFulfilled: sql`${t.unitsFulfilled} - ${move.units}`,
      amountRaisedKobo: sql`${t.amountRaisedKobo} - ${move.amountKobo}`,
      status: move.to,
      updatedAt: sql`now()`,
    };
    if (move.kind === 'recipient')
      await tx
        .update(recipientCampaigns)
        .set({
          ...changes,
          status: move.to as StatusOf<'recipient'>,
          ...(move.unitsLeft === 0 ? { deliveryStatus: null } : {}),
        })
        .where(eq(recipientCampaigns.id, move.id));
    else
      await tx
        .update(organizationCampaigns)
        .set({ ...changes, status: move.to as StatusOf<'organization'> })
        .where(eq(organizationCampaigns.id, move.id));
  }
  return { released: true };
}

/** Whether the gift's units may be freed now, read without locking the campaigns: the early answer before asking the provider. */
export async function releaseRefusal(tx: Db, donationId: number): Promise<string | null> {
  const plan = await planRelease(tx, donationId, false);
  return 'refusal' in plan ? plan.refusal : null;
}
