import { eq, inArray, sql } from 'drizzle-orm';
import type { CampaignDeliveries, Delivery } from '@contract/deliveries';
import { selectRows, type Db } from '../../db/client';
import { organizationCampaigns, organizationDeliveries, organizationDeliveryPhotos } from '../../db/schema/all';
import { imageSetOf } from '../../providers/storage/image-keys';
import type { Storage } from '../../providers/storage/storage';

export type DeliveryFields = {
  campaignId: number;
  units: number;
  deliveredOn: string;
  note: string | null;
  videoUrl: string | null;
  recordedBy: number;
};

/**
 * Records a delivery only while the campaign's deliveries, this one included, stay within its units
 * fulfilled; the caller holds the campaign's row lock, so two admins at once take turns and the
 * second sees the first's units. Answers the new id, or null when the units would not fit.
 */
export async function insertDeliveryWithinFunded(tx: Db, fields: DeliveryFields): Promise<number | null> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into organization_deliveries (organization_campaign_id, units, delivered_on, note, video_url, recorded_by)
        select c.id, ${fields.units}, ${fields.deliveredOn}, ${fields.note}, ${fields.videoUrl}, ${fields.recordedBy}
          from organization_campaigns c
         where c.id = ${fields.campaignId}
           and ${fields.units} + (select coalesce(sum(d.units), 0) from organization_deliveries d
                                   where d.organization_campaign_id = c.id) <= c.units_fulfilled
        returning id`,
  );
  return row ? Number(row.id) : null;
}

export async function insertDeliveryPhotos(
  tx: Db,
  deliveryId: number,
  photos: { storageKey: string; alt: string }[],
): Promise<void> {
  if (photos.length === 0) return;
  await tx
    .insert(organizationDeliveryPhotos)
    .values(photos.map((p, position) => ({ deliveryId, storageKey: p.storageKey, altText: p.alt, position })));
}

export async function unitsDelivered(db: Db, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${organizationDeliveries.units}), 0)::int` })
    .from(organizationDeliveries)
    .where(eq(organizationDeliveries.organizationCampaignId, campaignId));
  return Number(row?.units ?? 0);
}

/**
 * Each campaign's deliveries, oldest first, with units delivered of units funded: one query for the
 * campaigns, one for their deliveries and one for the photos, however many campaigns are asked about.
 */
export async function deliveriesOf(
  db: Db,
  storage: Pick<Storage, 'publicUrl'>,
  campaignIds: readonly number[],
): Promise<Map<number, CampaignDeliveries>> {
  const result = new Map<number, CampaignDeliveries>();
  const ids = [...new Set(campaignIds)];
  if (ids.length === 0) return result;
  const campaigns = await db
    .select({ id: organizationCampaigns.id, unitsFulfilled: organizationCampaigns.unitsFulfilled })
    .from(organizationCampaigns)
    .where(inArray(organizationCampaigns.id, ids));
  for (const c of campaigns) result.set(c.id, { units_funded: c.unitsFulfilled, units_delivered: 0, deliveries: [] });
  const deliveries = await db
    .select()
    .from(organizationDeliveries)
    .where(inArray(organizationDeliveries.organizationCampaignId, ids))
    .orderBy(organizationDeliveries.deliveredOn, organizationDeliveries.id);
  const photos =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(organizationDeliveryPhotos)
          .where(
            inArray(
              organizationDeliveryPhotos.deliveryId,
              deliveries.map((d) => d.id),
            ),
          )
          .orderBy(organizationDeliveryPhotos.deliveryId, organizationDeliveryPhotos.position);
  for (const d of deliveries) {
    const entry = result.get(d.organizationCampaignId)!;
    const delivery: Delivery = {
      id: d.id,
      units: d.units,
      delivered_on: d.deliveredOn,
      note: d.note,
      video_url: d.videoUrl,
      photos: photos
        .filter((p) => p.deliveryId === d.id)
        .map((p) => ({
          url: storage.publicUrl(p.storageKey) ?? '',
          image: imageSetOf(storage, p.storageKey),
          alt: p.altText,
        })),
    };
    entry.deliveries.push(delivery);
    entry.units_delivered += d.units;
  }
  return result;
}
