import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';

/**
 * Once no case of a checkout set aside is open, its status follows the money: `paid` when it was
 * paid and some of it landed as a gift (paid_at set, an item allocated), else `failed` (the money
 * was never recorded as a gift). A checkout that was not set aside (a paid gift with a dispute, say)
 * keeps its status. Run it in the transaction that closed the last case.
 */
export async function followOpenCases(tx: Db, donationId: number): Promise<void> {
  await tx.execute(
    sql`update donations d
           set status = case when d.paid_at is not null
                              and exists (select 1 from donation_items i where i.donation_id = d.id and i.status = 'allocated')
                             then 'paid' else 'failed' end
         where d.id = ${donationId} and d.status = 'needs_attention'
           and not exists (select 1 from attention_cases c where c.donation_id = d.id and c.resolved_at is null)`,
  );
}

/**
 * Closes every open case of a checkout as refunded, with the admin's note, when a refund is made;
 * the checkout's status then follows (followOpenCases). Run it in the refund's transaction. Answers
 * how many cases it closed.
 */
export async function resolveOpenCases(tx: Db, donationId: number, adminId: number | null, note: string) {
  const closed = await selectRows<{ id: number }>(
    tx,
    sql`update attention_cases set resolved_at = now(), resolved_by = ${adminId}, resolution = 'refunded', note = ${note}
         where donation_id = ${donationId} and resolved_at is null
         returning id`,
  );
  await followOpenCases(tx, donationId);
  return closed.length;
}
