import { eq } from 'drizzle-orm';
import {
  DELIVERY_TOO_MANY_UNITS,
  recordDeliverySchema,
  type CampaignDeliveries,
  type RecordDeliveryReply,
} from '@contract/deliveries';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { organizationCampaigns } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { audit } from '../audit/audit';
import { deliveryAuditNames } from '../campaigns/admin-actions';
import { reviewKinds } from '../campaigns/review-kinds';
import { adminMove, statusesAllowing, type OrganizationCampaignStatus } from '../campaign-core/status-rules';
import { CALL_US, clip, signed } from '../notifications/sms-text';
import { tellUser, wakeNotices, type Notice } from '../notifications/tell-user';
import { noticeDonors } from '../updates/queries';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';
import { deliveriesOf, insertDeliveryPhotos, insertDeliveryWithinFunded, unitsDelivered } from './queries';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'config' | 'publicCache'>;
type Input = z.output<typeof recordDeliverySchema>;

const kind = reviewKinds.organization;
const NOT_NOW = (status: string) =>
  new AppError(
    'conflict',
    `Deliveries can be recorded once a campaign is live and has funded units. This campaign is ${status.replace(/_/g, ' ')}.`,
  ).withCode('invalid_campaign_transition');

const unitsWord = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const dayWords = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

/** What an organization is told when units of its campaign are delivered. */
export function deliveryNotice({
  units,
  what,
  day,
  delivered,
  funded,
  completes,
}: {
  units: number;
  what: string;
  day: string;
  delivered: number;
  funded: number;
  completes: boolean;
}): Notice {
  return {
    subject: completes ? "Your organization's devices are delivered" : 'Devices delivered to your organization',
    message: `${unitsWord(units)} of your campaign for ${what} ${units === 1 ? 'was' : 'were'} delivered on ${day}.`,
    details: [
      `${delivered} of ${unitsWord(funded)} funded are now delivered.`,
      ...(completes ? ['Every funded unit is delivered, so the campaign is marked delivered.'] : []),
    ],
    link: kind.link,
    sms: signed(
      `${unitsWord(units)} of your organization's campaign for ${clip(what, 90)} ${units === 1 ? 'was' : 'were'} delivered on ${day}. ${delivered} of ${unitsWord(funded)} funded are now delivered. ${CALL_US}`,
    ),
  };
}

/** Checks each photo by its bytes and re-encodes it before anything is saved; drops those checked if one fails. */
async function acceptPhotos(deps: Deps, adminId: number, input: Input): Promise<AcceptedUpload[]> {
  const accepted: AcceptedUpload[] = [];
  try {
    for (const [index, photo] of input.photos.entries())
      accepted.push(
        await acceptUpload(deps, {
          key: photo.key,
          ownerId: adminId,
          purpose: 'deliveryPhoto',
          field: `photos.${index}.key`,
        }),
      );
  } catch (error) {
    await Promise.all(accepted.map((a) => a.settle(false)));
    throw error;
  }
  return accepted;
}

/**
 * POST /admin/org-campaigns/{id}/deliveries: N units handed over, with photos and a video link
 * (decision 0039). Under the campaign's row lock the units must fit in what was funded and not yet
 * delivered; when the last funded unit of a funded or closed campaign is delivered, the campaign
 * makes the rule book's Mark Delivered move. Both are audited, the move under Mark Delivered's own
 * action (the public ledger reads it); the organization and the campaign's signed-in donors get a
 * notice in the same transaction.
 */
export async function recordDelivery(
  deps: Deps,
  admin: { id: number },
  campaignId: number,
  input: Input,
): Promise<RecordDeliveryReply> {
  const photos = await acceptPhotos(deps, admin.id, input);
  const baseUrl = publicBaseUrl(deps.config);
  const markDelivered = adminMove('organization', 'markDelivered')!;
  let committed = false;
  try {
    const outcome = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [campaign] = await tx
        .select()
        .from(organizationCampaigns)
        .where(eq(organizationCampaigns.id, campaignId))
        .for('update');
      if (!campaign) throw notFound(kind.notFound);
      if (!(statusesAllowing('organization', 'recordDelivery') as string[]).includes(campaign.status))
        throw NOT_NOW(campaign.status);
      const deliveryId = await insertDeliveryWithinFunded(tx, {
        campaignId,
        units: input.units,
        deliveredOn: input.deliveredOn,
        note: input.note ?? null,
        videoUrl: input.videoUrl ?? null,
        recordedBy: admin.id,
      });
      if (deliveryId === null) {
        const left = campaign.unitsFulfilled - (await unitsDelivered(tx, campaignId));
        throw new AppError('conflict', DELIVERY_TOO_MANY_UNITS(Math.max(left, 0)), {
          units: [DELIVERY_TOO_MANY_UNITS(Math.max(left, 0))],
        }).withCode('delivery_exceeds_funded');
      }
      for (const photo of photos) await photo.commit(tx);
      await insertDeliveryPhotos(
        tx,
        deliveryId,
        photos.map((p, i) => ({ storageKey: p.storedKey, alt: input.photos[i]!.alt })),
      );

      const delivered = await unitsDelivered(tx, campaignId);
      const from = campaign.status as OrganizationCampaignStatus;
      const completes = delivered === campaign.unitsFulfilled && markDelivered.from.includes(from);
      let status: OrganizationCampaignStatus = from;
      if (completes) {
        status = markDelivered.to;
        await tx
          .update(organizationCampaigns)
          .set({ status, updatedAt: new Date() })
          .where(eq(organizationCampaigns.id, campaignId));
      }
      await audit(tx, {
        adminId: admin.id,
        action: deliveryAuditNames.recordDelivery,
        entity: kind.entity,
        entityId: campaignId,
        details: {
          delivery_id: deliveryId,
          units: input.units,
          delivered_on: input.deliveredOn,
          photos: photos.length,
          video_url: input.videoUrl ?? null,
          units_delivered: delivered,
          units_funded: campaign.unitsFulfilled,
          ...(completes ? { from, to: status } : {}),
        },
      });
      if (completes)
        await audit(tx, {
          adminId: admin.id,
          action: deliveryAuditNames.markDelivered,
          entity: kind.entity,
          entityId: campaignId,
          details: { from, to: status },
        });

      const what = await kind.describe(tx, campaign);
      const day = dayWords(input.deliveredOn);
      await tellUser(
        { db: tx, jobs: deps.jobs, baseUrl },
        campaign.organizationId,
        deliveryNotice({ units: input.units, what, day, delivered, funded: campaign.unitsFulfilled, completes }),
      );
      // Donors hear of it in the app; campaign update mails are their own, with an unsubscribe link.
      const donorMessage = `${unitsWord(input.units)} of the campaign you gave to (${what}) ${input.units === 1 ? 'was' : 'were'} delivered on ${day}: ${delivered} of ${campaign.unitsFulfilled} funded so far.`;
      await noticeDonors(tx, 'organization', campaignId, donorMessage, '/donor/gifts');
      return { status, completes };
    });
    committed = true;
    wakeNotices(deps.jobs);
    deps.publicCache.clear();
    const deliveries = (await deliveriesOf(deps.db, deps.storage, [campaignId])).get(campaignId)!;
    return {
      message: deliveryMessage(input.units, deliveries, outcome.completes),
      status: outcome.status,
      deliveries,
    };
  } finally {
    await Promise.all(photos.map((p) => p.settle(committed)));
  }
}

function deliveryMessage(units: number, deliveries: CampaignDeliveries, completes: boolean): string {
  const base = `Recorded ${unitsWord(units)} delivered: ${deliveries.units_delivered} of ${deliveries.units_funded} funded units are delivered.`;
  return completes
    ? `${base} The campaign is now marked delivered. The organization and its donors have been told.`
    : `${base} The organization and its donors have been told.`;
}

/** GET /admin/org-campaigns/{id}/deliveries: what has been recorded so far. */
export async function listDeliveries(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  campaignId: number,
): Promise<CampaignDeliveries> {
  const found = (await deliveriesOf(deps.db, deps.storage, [campaignId])).get(campaignId);
  if (!found) throw notFound(kind.notFound);
  return found;
}
