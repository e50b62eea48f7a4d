import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Closes the checkout's open attention cases as refunded, with the admin's note, in the refund's
 * own transaction: a refund is the decision those cases waited for.
 */
export async function closeCasesAsRefunded(tx: Db, donationId: number, adminId: number, note: string): Promise<void> {
  await tx.execute(
    sql`update attention_cases set resolved_at = now(), resolved_by = ${adminId}, resolution = 'refunded', note = ${note}
         where donation_id = ${donationId} and resolved_at is null`,
  );
}
