import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import type { PaymentProvider } from '../../providers/payments/payments';
import { isAwaitingConfirmation, markAwaiting } from './await-confirmation';

/**
 * Gives back the units of the named checkouts that are still unpaid. Must run inside a transaction.
 * The hold ends now, or when it already ended if that was earlier, so the count of checkouts unpaid
 * for an hour after their hold ended runs from when the units were in fact free again.
 * Rows are locked in id order first, so two calls releasing the same checkouts never deadlock.
 * Returns how many were released.
 */
export async function releaseDonations(tx: Db, references: readonly string[]): Promise<number> {
  if (references.length === 0) return 0;
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select id from donations where reference = any(${sql.param([...references])}::text[]) and status = 'pending'
         order by id for update`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  await tx.execute(
    sql`update donations set status = 'failed', hold_expires_at = least(coalesce(hold_expires_at, now()), now())
         where id = any(${sql.param(ids)}::int[]) and status = 'pending'`,
  );
  await tx.execute(
    sql`update donation_items set status = 'released' where donation_id = any(${sql.param(ids)}::int[]) and status = 'held'`,
  );
  await tx.execute(
    sql`update payments set status = 'abandoned' where donation_id = any(${sql.param(ids)}::int[]) and status = 'pending'`,
  );
  return ids.length;
}

/**
 * The donor closed the payment window: give the held units back at once instead of after 15
 * minutes. A reference the provider reports as paid is never released (the caller fulfils it), nor
 * one whose transfer or USSD payment is under way (its hold is lengthened instead).
 * Returns 'released', 'paid' (fulfil it), 'awaiting_confirmation' or 'unchanged' (already settled or unknown).
 */
export async function releaseHold(
  deps: { db: Db; payments: PaymentProvider; payLaterHoldMinutes: number },
  reference: string,
): Promise<'released' | 'paid' | 'awaiting_confirmation' | 'unchanged'> {
  let verified;
  try {
    verified = await deps.payments.verify(reference);
  } catch {
    // The provider cannot say whether it was paid: keep the hold (it lapses by itself) rather than
    // risk giving away units a donor has just paid for.
    return 'unchanged';
  }
  if (verified?.status === 'success') return 'paid';
  if (isAwaitingConfirmation(verified)) {
    const awaiting = await markAwaiting(deps.db, reference, verified, deps.payLaterHoldMinutes);
    return awaiting ? 'awaiting_confirmation' : 'unchanged';
  }
  const released = await deps.db.transaction((tx) => releaseDonations(tx as unknown as Db, [reference]));
  return released ? 'released' : 'unchanged';
}
