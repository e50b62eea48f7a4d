import { sql } from 'drizzle-orm';
import {
  ALREADY_BOOKED_THERE,
  BRING_WORDS,
  COLLECTION_CENTRE,
  COLLECTION_FULL,
  HELP_LINE,
  MOVED_ONCE,
  NOT_READY_FOR_PICKUP,
  NO_CAMPAIGN_READY,
  SLOT_NOT_OPEN,
  type Booking,
  type CollectionReply,
  type CollectionState,
  type OpenSlot,
} from '@contract/collections';
import type { CampaignKind, CampaignRef } from '@contract/ids';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { AuthenticatedUser } from '../../http/session-user';
import { publicBaseUrl } from '../../http/public-url';
import { tellUser, wakeNotices } from '../notifications/tell-user';
import {
  collectionKinds,
  helpedBy,
  ownerLink,
  readCampaign,
  readyStatus,
  type CollectedCampaign,
} from './collection-kinds';
import { bookedNotice } from './words';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;
type Caller = Pick<AuthenticatedUser, 'id' | 'role'>;

const NOT_FOUND = 'Campaign not found.';

/**
 * The campaign, if the caller may book its collection: its owner, or the caseworker who helped a
 * recipient apply. Anyone else hears it does not exist. Locked when `lock` is set, so two bookings
 * for one campaign take turns.
 */
async function campaignFor(db: Db, caller: Caller, ref: CampaignRef, lock: boolean): Promise<CollectedCampaign> {
  const campaign = await readCampaign(db, ref.kind, ref.id, lock);
  if (!campaign) throw notFound(NOT_FOUND);
  const mine =
    (caller.role === ref.kind && campaign.ownerId === caller.id) ||
    (caller.role === 'caseworker' && (await collectionKinds[ref.kind].assistedBy(db, campaign.ownerId, caller.id)));
  if (!mine) throw notFound(NOT_FOUND);
  return campaign;
}

type BookingRow = { id: number; slot_id: number; starts_at: string | Date; moves: number };

async function currentBooking(db: Db, ref: CampaignRef): Promise<BookingRow | undefined> {
  const column = collectionKinds[ref.kind].bookingColumn;
  const [row] = await selectRows<BookingRow>(
    db,
    sql`select b.id, b.slot_id, s.starts_at, b.moves from collection_bookings b join collection_slots s on s.id = b.slot_id
         where b.${column} = ${ref.id} and b.status = 'booked'`,
  );
  return row;
}

/** Open times: in the future, not withdrawn, with places left; soonest first. */
export async function openSlots(db: Db): Promise<OpenSlot[]> {
  const rows = await selectRows<{ id: number; starts_at: string | Date; places_left: number }>(
    db,
    sql`select s.id, s.starts_at,
               s.capacity - (select count(*) from collection_bookings b where b.slot_id = s.id and b.status = 'booked')::int as places_left
          from collection_slots s
         where s.cancelled_at is null and s.starts_at > now()
         order by s.starts_at, s.id`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      startsAt: new Date(r.starts_at).toISOString(),
      placesLeft: Number(r.places_left),
    }))
    .filter((s) => s.placesLeft > 0);
}

async function bookingReply(db: Db, ref: CampaignRef, ownerId: number): Promise<Booking | null> {
  const row = await currentBooking(db, ref);
  if (!row) return null;
  const bring = await collectionKinds[ref.kind].bring(db, ownerId);
  return {
    id: Number(row.id),
    slotId: Number(row.slot_id),
    startsAt: new Date(row.starts_at).toISOString(),
    canMove: Number(row.moves) < 1,
    address: COLLECTION_CENTRE,
    bring: BRING_WORDS[bring],
    helpLine: HELP_LINE,
  };
}

/** GET /api/campaigns/{id}/collection: whether it is ready for pickup, the booking, and the times open to choose. */
export async function collectionState(deps: Deps, caller: Caller, ref: CampaignRef): Promise<CollectionState> {
  const campaign = await campaignFor(deps.db, caller, ref, false);
  const ready = campaign.status === readyStatus(ref.kind);
  const booking = await bookingReply(deps.db, ref, campaign.ownerId);
  const slots = ready && (!booking || booking.canMove) ? await openSlots(deps.db) : [];
  return { ready, booking, slots: booking ? slots.filter((s) => s.id !== booking.slotId) : slots };
}

/** GET /api/collection-slots: the open times, for a caller with a campaign (of their own or one they helped) ready for pickup. */
export async function openSlotsFor(deps: Deps, caller: Caller): Promise<OpenSlot[]> {
  const checks: Array<{ kind: CampaignKind; owners: ReturnType<typeof sql> }> = [];
  if (caller.role === 'recipient' || caller.role === 'organization')
    checks.push({ kind: caller.role, owners: sql`${caller.id}` });
  if (caller.role === 'caseworker')
    checks.push({
      kind: 'recipient',
      owners: sql`(${helpedBy(caller.id)})`,
    });
  for (const { kind, owners } of checks) {
    const k = collectionKinds[kind];
    const [row] = await selectRows<{ ok: number }>(
      deps.db,
      sql`select 1 as ok from ${k.table} where ${k.ownerColumn} in (${owners}) and status = ${readyStatus(kind)} limit 1`,
    );
    if (row) return openSlots(deps.db);
  }
  throw new AppError('forbidden', NO_CAMPAIGN_READY).withCode('not_ready_for_pickup');
}

/**
 * POST /api/campaigns/{id}/collection: book a time, or move the booking once. Under the campaign's
 * row lock (one booking per campaign at a time) the slot's row is locked too, so two owners racing
 * for its last place take turns: the second counts the first's booking and is refused. The owner's
 * notice, mail and SMS are written in the same transaction.
 */
export async function bookCollection(
  deps: Deps,
  caller: Caller,
  ref: CampaignRef,
  slotId: number,
): Promise<CollectionReply> {
  const baseUrl = publicBaseUrl(deps.config);
  const column = collectionKinds[ref.kind].bookingColumn;
  const moved = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const campaign = await campaignFor(tx, caller, ref, true);
    if (campaign.status !== readyStatus(ref.kind))
      throw new AppError('conflict', NOT_READY_FOR_PICKUP).withCode('not_ready_for_pickup');
    const existing = await currentBooking(tx, ref);
    if (existing && Number(existing.slot_id) === slotId)
      throw new AppError('conflict', ALREADY_BOOKED_THERE).withCode('already_booked');
    if (existing && Number(existing.moves) >= 1) throw new AppError('conflict', MOVED_ONCE).withCode('moved_once');
    const [slot] = await selectRows<{ starts_at: string | Date; capacity: number; open: boolean }>(
      tx,
      sql`select starts_at, capacity, (cancelled_at is null and starts_at > now()) as open
            from collection_slots where id = ${slotId} for update`,
    );
    if (!slot || !slot.open)
      throw new AppError('conflict', SLOT_NOT_OPEN, { slotId: [SLOT_NOT_OPEN] }).withCode('slot_not_open');
    const [taken] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from collection_bookings where slot_id = ${slotId} and status = 'booked'`,
    );
    if (Number(taken!.n) >= Number(slot.capacity))
      throw new AppError('conflict', COLLECTION_FULL, { slotId: [COLLECTION_FULL] }).withCode('slot_full');
    if (existing)
      // A new time gets its own reminder.
      await tx.execute(
        sql`update collection_bookings set slot_id = ${slotId}, moves = moves + 1, reminded_at = null,
                   booked_by = ${caller.id}, updated_at = now()
             where id = ${existing.id}`,
      );
    else
      await tx.execute(
        sql`insert into collection_bookings (slot_id, ${column}, booked_by) values (${slotId}, ${ref.id}, ${caller.id})`,
      );
    const what = await campaign.what();
    const bring = await collectionKinds[ref.kind].bring(tx, campaign.ownerId);
    await tellUser(
      { db: tx, jobs: deps.jobs, baseUrl },
      campaign.ownerId,
      bookedNotice({ what, startsAt: slot.starts_at, bring }, ownerLink(ref.kind), Boolean(existing)),
    );
    return Boolean(existing);
  });
  wakeNotices(deps.jobs);
  const state = await collectionState(deps, caller, ref);
  return {
    ...state,
    message: moved
      ? 'Your collection has moved. We have sent you the details.'
      : 'Your collection is booked. We have sent you the details.',
  };
}
