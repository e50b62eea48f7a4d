import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donationItems, donations, payments } from '../../db/schema/all';
import type { PaymentProvider } from '../../providers/payments/payments';

/**
 * The donor closed the payment window: give the held units back at once instead of after 15
 * minutes. A reference the provider reports as paid is never released (the caller fulfils it).
 * Returns 'released', 'paid' (fulfil it) or 'unchanged' (already settled or unknown).
 */
export async function releaseHold(
  deps: { db: Db; payments: PaymentProvider },
  reference: string,
): Promise<'released' | 'paid' | 'unchanged'> {
  const verified = await deps.payments.verify(reference).catch(() => null);
  if (verified?.status === 'success') return 'paid';
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(donations)
      .set({ status: 'failed', holdExpiresAt: sql`now()` })
      .where(and(eq(donations.reference, reference), eq(donations.status, 'pending')))
      .returning({ id: donations.id });
    const donation = rows[0];
    if (!donation) return 'unchanged';
    await tx.update(donationItems).set({ status: 'released' }).where(eq(donationItems.donationId, donation.id));
    await tx.update(payments).set({ status: 'abandoned' }).where(eq(payments.reference, reference));
    return 'released';
  });
}
