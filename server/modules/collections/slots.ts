import { sql } from 'drizzle-orm';
import { SLOT_HAS_BOOKINGS, lagosWhen, type AdminSlot, type NewSlot } from '@contract/collections';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit/audit';

type Deps = Pick<AppDeps, 'db'>;
const SLOT_NOT_FOUND = 'Collection time not found.';

const slotRow = (r: { id: number; starts_at: string | Date; capacity: number; booked: number }): AdminSlot => ({
  id: Number(r.id),
  startsAt: new Date(r.starts_at).toISOString(),
  capacity: Number(r.capacity),
  booked: Number(r.booked),
});

const withCounts = (where: ReturnType<typeof sql>) => sql`
  select s.id, s.starts_at, s.capacity,
         (select count(*) from collection_bookings b where b.slot_id = s.id and b.status = 'booked')::int as booked
    from collection_slots s where ${where} order by s.starts_at, s.id`;

/** GET /api/admin/collection-slots: the upcoming times not withdrawn, with how many are booked. */
export async function upcomingSlots(db: Db): Promise<AdminSlot[]> {
  const rows = await selectRows<Parameters<typeof slotRow>[0]>(
    db,
    withCounts(sql`s.cancelled_at is null and s.starts_at > now()`),
  );
  return rows.map(slotRow);
}

/** POST /api/admin/collection-slots: a new time at the collection centre, audited. */
export async function publishSlot(deps: Deps, admin: { id: number }, input: NewSlot) {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`insert into collection_slots (starts_at, capacity, created_by) values (${new Date(input.startsAt).toISOString()}, ${input.capacity}, ${admin.id}) returning id`,
    );
    const id = Number(row!.id);
    await audit(tx, {
      adminId: admin.id,
      action: 'collection.publish_slot',
      entity: 'collection_slot',
      entityId: id,
      details: { starts_at: new Date(input.startsAt).toISOString(), capacity: input.capacity },
    });
    const [slot] = await selectRows<Parameters<typeof slotRow>[0]>(tx, withCounts(sql`s.id = ${id}`));
    return {
      message: `Collection time published: ${lagosWhen(input.startsAt)}, for ${input.capacity} ${input.capacity === 1 ? 'person' : 'people'}.`,
      slot: slotRow(slot!),
    };
  });
}

/**
 * DELETE /api/admin/collection-slots/{id}: withdraw a time nobody is booked for. One never booked
 * is removed; one with past bookings (collected, missed) is kept for the record and marked withdrawn.
 */
export async function withdrawSlot(deps: Deps, admin: { id: number }, id: number) {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [slot] = await selectRows<{ starts_at: string | Date; cancelled_at: string | null }>(
      tx,
      sql`select starts_at, cancelled_at from collection_slots where id = ${id} for update`,
    );
    if (!slot || slot.cancelled_at) throw notFound(SLOT_NOT_FOUND);
    const [counts] = await selectRows<{ booked: number; any: number }>(
      tx,
      sql`select count(*) filter (where status = 'booked')::int as booked, count(*)::int as any
            from collection_bookings where slot_id = ${id}`,
    );
    if (Number(counts!.booked) > 0) throw new AppError('conflict', SLOT_HAS_BOOKINGS).withCode('slot_has_bookings');
    if (Number(counts!.any) > 0)
      await tx.execute(sql`update collection_slots set cancelled_at = now() where id = ${id}`);
    else await tx.execute(sql`delete from collection_slots where id = ${id}`);
    await audit(tx, {
      adminId: admin.id,
      action: 'collection.withdraw_slot',
      entity: 'collection_slot',
      entityId: id,
      details: { starts_at: new Date(slot.starts_at).toISOString() },
    });
    return { message: `Collection time withdrawn: ${lagosWhen(slot.starts_at)}.` };
  });
}
