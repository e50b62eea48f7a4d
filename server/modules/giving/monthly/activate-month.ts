import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { cardAuthorizationOf, type VerifiedPayment } from '../../../providers/payments/payments';
import { seal } from '../../../providers/storage/seal';
import { addMonths, chargeDayOf, chargeTime } from './monthly-calendar';
import { queueMonthlyNotice } from './monthly-notice';
import { readMonthly } from './monthly-queries';
import { MONTHLY } from './monthly-status-sql';

/** The key purpose that seals saved cards' authorizations (LinkSigner.deriveKey). */
export const CARD_KEY_PURPOSE = 'card-authorization';

/**
 * In the transaction recording a monthly gift's payment, before the donation is marked paid, with
 * the gift's row locked (so two payments of one gift are recorded one after the other):
 * - a month is recorded once: a payment for a month already paid (a new card's payment crossing a
 *   retry of the old one) counts for the next month the gift owes, and the schedule moves with it;
 * - the first payment makes the gift active, keeping the card's authorization sealed, or, when the
 *   card cannot be charged again, leaves the gift a one-off and tells the donor;
 * - a later one moves the schedule to the next month, and a new card replaces the old one.
 * The donation's `monthly_period` is rewritten when it moves; nothing of its amount changes.
 */
export async function settleMonthlyPayment(
  deps: { jobs: JobQueue; cardKey: Buffer },
  tx: Db,
  payment: { donationId: number; giftId: number; period: string; verified: Pick<VerifiedPayment, 'raw'> },
): Promise<void> {
  const gift = await readMonthly(tx, payment.giftId, { lock: true });
  if (!gift) return;
  let period = payment.period;
  const [taken] = await selectRows<{ taken: boolean }>(
    tx,
    sql`select exists (select 1 from donations where monthly_gift_id = ${gift.id} and monthly_period = ${period}
                         and status in ('paid', 'needs_attention') and id <> ${payment.donationId}) as taken`,
  );
  if (taken?.taken && gift.next_period) {
    period = gift.next_period;
    await tx.execute(sql`update donations set monthly_period = ${period} where id = ${payment.donationId}`);
  }
  const card = cardAuthorizationOf(payment.verified);
  const reusable = card?.reusable ? card : null;

  if (gift.status === 'pending') {
    if (!reusable) {
      await tx.execute(
        sql`update monthly_gifts set status = ${MONTHLY.cancelled}, cancelled_at = now() where id = ${gift.id}`,
      );
      await queueMonthlyNotice(deps.jobs, tx, { giftId: gift.id, kind: 'oneOff' });
      return;
    }
    const day = chargeDayOf(new Date());
    const next = addMonths(period, 1);
    await tx.execute(
      sql`update monthly_gifts
             set status = ${MONTHLY.active}, authorization_sealed = ${seal(deps.cardKey, reusable.code)}, card_label = ${reusable.label},
                 next_period = ${next}, next_charge_at = ${chargeTime(next, day)}, failed_attempts = 0, activated_at = now()
           where id = ${gift.id}`,
    );
    await queueMonthlyNotice(deps.jobs, tx, { giftId: gift.id, kind: 'started' });
    return;
  }
  if (gift.status === 'cancelled' || period !== gift.next_period) {
    return;
  }
  const day = chargeDayOf(new Date(gift.activated_at ?? Date.now()));
  const next = addMonths(period, 1);
  // A payment by a new card (one the donor made after a decline) takes over from the old card and
  // ends a pause the declines caused; a pause the donor chose stays.
  const declinedPause = gift.status === 'paused' && gift.paused_until === null;
  await tx.execute(
    sql`update monthly_gifts
           set next_period = ${next}, next_charge_at = ${chargeTime(next, day)}, failed_attempts = 0,
               status = case when status = ${MONTHLY.failing} or ${declinedPause} then ${MONTHLY.active} else status end,
               authorization_sealed = coalesce(${reusable ? seal(deps.cardKey, reusable.code) : null}, authorization_sealed),
               card_label = case when ${reusable !== null} then ${reusable?.label ?? null} else card_label end
         where id = ${gift.id}`,
  );
}
