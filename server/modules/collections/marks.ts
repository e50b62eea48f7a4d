import { sql } from 'drizzle-orm';
import {
  BOOKING_NOT_OPEN,
  COLLECTION_TIME_ZONE,
  MISSED_TOO_EARLY,
  lagosDay,
  type CollectionDay,
  type DayCollection,
} from '@contract/collections';
import { toCampaignId, type CampaignKind } from '@contract/ids';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { audit } from '../audit/audit';
import { deliverWithin, deliveryRefusal } from '../campaigns/admin-actions';
import { tellUser, wakeNotices, type Notice } from '../notifications/tell-user';
import { ownerLink, readCampaign } from './collection-kinds';
import { missedNotice, thankYouVideoNotice } from './words';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'publicCache'>;
const TZ = sql.raw(`'${COLLECTION_TIME_ZONE}'`);
const BOOKING_NOT_FOUND = 'Collection not found.';

type Row = {
  id: number;
  recipient_campaign_id: number | null;
  organization_campaign_id: number | null;
  starts_at: string | Date;
  owner: string;
  phone: string | null;
  what: string;
  status: DayCollection['status'];
};

// The owner as the admin team knows them, and what they come for.
const collectionsWhere = (where: ReturnType<typeof sql>) => sql`
  select b.id, b.recipient_campaign_id, b.organization_campaign_id, s.starts_at, b.status, u.phone_number as phone,
         coalesce(op.organization_name, trim(u.first_name || ' ' || u.last_name)) as owner,
         coalesce(p.name, oc.quantity || ' x ' || opr.name) as what
    from collection_bookings b
    join collection_slots s on s.id = b.slot_id
    left join recipient_campaigns rc on rc.id = b.recipient_campaign_id
    left join products p on p.id = rc.product_id
    left join organization_campaigns oc on oc.id = b.organization_campaign_id
    left join organization_products opr on opr.id = oc.organization_product_id
    join users u on u.id = coalesce(rc.recipient_id, oc.organization_id)
    left join organization_profiles op on op.user_id = oc.organization_id
   where ${where}
   order by s.starts_at, owner, b.id`;

const toCollection = (r: Row): DayCollection => ({
  id: Number(r.id),
  campaignId: toCampaignId(kindOf(r)),
  startsAt: new Date(r.starts_at).toISOString(),
  owner: r.owner,
  phone: r.phone,
  what: r.what,
  status: r.status,
});

const kindOf = (r: Pick<Row, 'recipient_campaign_id' | 'organization_campaign_id'>) =>
  r.recipient_campaign_id
    ? { kind: 'recipient' as CampaignKind, id: Number(r.recipient_campaign_id) }
    : { kind: 'organization' as CampaignKind, id: Number(r.organization_campaign_id) };

/** GET /api/admin/collections?date=: the collections of one day in Lagos (today unless told), withdrawn ones left out. */
export async function collectionsOn(db: Db, date = lagosDay()): Promise<CollectionDay> {
  const rows = await selectRows<Row>(
    db,
    collectionsWhere(sql`(s.starts_at at time zone ${TZ})::date = ${date}::date and b.status <> 'cancelled'`),
  );
  return { date, collections: rows.map(toCollection) };
}

async function oneCollection(db: Db, id: number): Promise<DayCollection> {
  const [row] = await selectRows<Row>(db, collectionsWhere(sql`b.id = ${id}`));
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return toCollection(row);
}

/**
 * Locks a booked collection and answers it, or refuses: gone (404) or already marked (409). The
 * campaign row is locked first, in the order booking takes them, so a mark and a move take turns.
 */
async function lockBooked(tx: Db, id: number) {
  const [found] = await selectRows<Pick<Row, 'recipient_campaign_id' | 'organization_campaign_id'>>(
    tx,
    sql`select recipient_campaign_id, organization_campaign_id from collection_bookings where id = ${id}`,
  );
  if (!found) throw notFound(BOOKING_NOT_FOUND);
  const ref = kindOf(found);
  const campaign = await readCampaign(tx, ref.kind, ref.id, true);
  const [row] = await selectRows<{ status: string; starts_at: string | Date; started: boolean }>(
    tx,
    sql`select b.status, s.starts_at, s.starts_at <= now() as started
          from collection_bookings b join collection_slots s on s.id = b.slot_id where b.id = ${id} for update of b`,
  );
  if (!row || !campaign) throw notFound(BOOKING_NOT_FOUND);
  if (row.status !== 'booked') throw new AppError('conflict', BOOKING_NOT_OPEN).withCode('collection_marked');
  return { ref, campaign, startsAt: row.starts_at, started: Boolean(row.started) };
}

async function markIn(
  deps: Deps,
  admin: { id: number },
  id: number,
  change: (tx: Db, tell: (userId: number, notice: Notice) => Promise<void>) => Promise<boolean>,
) {
  const baseUrl = publicBaseUrl(deps.config);
  const done = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    return change(tx, (userId, notice) => tellUser({ db: tx, jobs: deps.jobs, baseUrl }, userId, notice));
  });
  wakeNotices(deps.jobs);
  deps.publicCache.clear();
  return done;
}

/**
 * POST /api/admin/collections/{id}/collected: the device was handed over. The campaign is marked
 * delivered through the admin delivery path (its audit entry, the owner's delivered notice, the
 * rule book's move), the booking is closed, and the owner is asked for a thank-you video; one
 * transaction for all.
 */
export async function markCollected(deps: Deps, admin: { id: number }, id: number) {
  let refused: { kind: CampaignKind; id: number } | null = null;
  await markIn(deps, admin, id, async (tx, tell) => {
    const booked = await lockBooked(tx, id);
    const delivered = await deliverWithin(tx, tell, admin, booked.ref.kind, booked.ref.id, 'delivered');
    if (!delivered) {
      refused = booked.ref;
      return false;
    }
    await tx.execute(
      sql`update collection_bookings set status = 'collected', marked_by = ${admin.id}, marked_at = now(), updated_at = now() where id = ${id}`,
    );
    await audit(tx, {
      adminId: admin.id,
      action: 'collection.mark_collected',
      entity: 'collection_booking',
      entityId: id,
      details: { campaign: toCampaignId(booked.ref), starts_at: new Date(booked.startsAt).toISOString() },
    });
    await tell(booked.campaign.ownerId, thankYouVideoNotice(await booked.campaign.what(), ownerLink(booked.ref.kind)));
    return true;
  });
  if (refused) {
    const ref = refused as { kind: CampaignKind; id: number };
    return deliveryRefusal(deps.db, ref.kind, ref.id, 'delivered');
  }
  return {
    message: 'Marked collected. The campaign is delivered and the owner has been asked for a thank-you video.',
    collection: await oneCollection(deps.db, id),
  };
}

/** POST /api/admin/collections/{id}/missed: nobody came; the owner is asked to book again. Audited. */
export async function markMissed(deps: Deps, admin: { id: number }, id: number) {
  await markIn(deps, admin, id, async (tx, tell) => {
    const booked = await lockBooked(tx, id);
    if (!booked.started) throw new AppError('conflict', MISSED_TOO_EARLY).withCode('too_early');
    await tx.execute(
      sql`update collection_bookings set status = 'missed', marked_by = ${admin.id}, marked_at = now(), updated_at = now() where id = ${id}`,
    );
    await audit(tx, {
      adminId: admin.id,
      action: 'collection.mark_missed',
      entity: 'collection_booking',
      entityId: id,
      details: { campaign: toCampaignId(booked.ref), starts_at: new Date(booked.startsAt).toISOString() },
    });
    await tell(
      booked.campaign.ownerId,
      missedNotice({ what: await booked.campaign.what(), startsAt: booked.startsAt }, ownerLink(booked.ref.kind)),
    );
    return true;
  });
  return {
    message: 'Marked missed. The owner has been asked to book another time.',
    collection: await oneCollection(deps.db, id),
  };
}
