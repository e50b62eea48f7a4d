import { sql } from 'drizzle-orm';
import type { Dedication } from '@contract/dedication';
import { selectRows, type Db } from '../../db/client';
import { giftDedications } from '../../db/schema/all';

/** Keeps a checkout's dedication, in the checkout's own transaction: it belongs to that checkout alone. */
export async function insertDedication(tx: Db, donationId: number, dedication: Dedication): Promise<void> {
  await tx.insert(giftDedications).values({
    donationId,
    kind: dedication.kind,
    name: dedication.name,
    message: dedication.message ?? null,
    notifyEmail: dedication.notifyEmail ?? null,
  });
}

/**
 * Marks the card of a paid gift as queued and answers true, once per donation: only a dedication with
 * an address to tell, whose donation is paid now, and whose card was never queued. Run in the
 * transaction that records the payment, so a second recording (webhook, sweep, an admin's accept)
 * finds it marked and queues nothing.
 */
export async function markCardQueued(tx: Db, donationId: number): Promise<boolean> {
  const rows = await selectRows<{ donation_id: number }>(
    tx,
    sql`update gift_dedications g set card_queued_at = now()
         where g.donation_id = ${donationId} and g.card_queued_at is null and g.notify_email is not null
           and exists (select 1 from donations d where d.id = g.donation_id and d.status = 'paid')
        returning g.donation_id`,
  );
  return rows.length > 0;
}
