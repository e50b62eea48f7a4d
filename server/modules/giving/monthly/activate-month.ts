import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { cardAuthorizationOf, type VerifiedPayment } from '../../../providers/payments/payments';
import { seal } from '../../../providers/storage/seal';
import { addMonths, chargeDayOf, chargeTime, periodOf } from './monthly-calendar';
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
  // A first payment counts for the month it is paid in (a checkout started before midnight at a
  // month's end is paid in the next); any payment moves on past months already paid.
  const own = gift.status === 'pending' ? periodOf(new Date()) : payment.period;
  const period = await firstUnpaid(tx, gift.id, own, payment.donationId);
  if (period !== payment.period)
    await tx.execute(sql`update donations set monthly_period = ${period} where id = ${payment.donationId}`);
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
    const next = await firstUnpaid(tx, gift.id, addMonths(period, 1), payment.donationId);
    await tx.execute(
      sql`update monthly_gifts
             set status = ${MONTHLY.active}, authorization_sealed = ${seal(deps.cardKey, reusable.code)}, card_label = ${reusable.label},
                 next_period = ${next}, next_charge_at = ${chargeTime(next, day)}, failed_attempts = 0, activated_at = now()
           where id = ${gift.id}`,
    );
    await queueMonthlyNotice(deps.jobs, tx, { giftId: gift.id, kind: 'started' });
    return;
  }
  if (gift.status === 'cancelled') return;
  const day = chargeDayOf(new Date(gift.activated_at ?? Date.now()));
  const sealed = reusable ? seal(deps.cardKey, reusable.code) : null;
  if (gift.next_period !== null && period < gift.next_period) {
    // A month before the one the schedule waits for, paid late: the schedule stays; a new card still takes over.
    if (sealed)
      await tx.execute(
        sql`update monthly_gifts set authorization_sealed = ${sealed}, card_label = ${reusable?.label ?? null} where id = ${gift.id}`,
      );
    return;
  }
  const next = await firstUnpaid(tx, gift.id, addMonths(period, 1), payment.donationId);
  // A payment by a new card (one the donor made after a decline) takes over from the old card and
  // ends a pause the declines caused; a pause the donor chose stays.
  const declinedPause = gift.status === 'paused' && gift.paused_until === null;
  await tx.execute(
    sql`update monthly_gifts
           set next_period = ${next}, next_charge_at = ${chargeTime(next, day)}, failed_attempts = 0,
               status = case when status = ${MONTHLY.failing} or ${declinedPause} then ${MONTHLY.active} else status end,
               authorization_sealed = coalesce(${sealed}, authorization_sealed),
               card_label = case when ${sealed !== null} then ${reusable?.label ?? null} else card_label end
         where id = ${gift.id}`,
  );
}

/** The first month from `from` on that no other payment of the gift has paid (at most three years on). */
async function firstUnpaid(tx: Db, giftId: number, from: string, donationId: number): Promise<string> {
  const paid = new Set(
    (
      await selectRows<{ period: string }>(
        tx,
        sql`select monthly_period as period from donations
             where monthly_gift_id = ${giftId} and monthly_period >= ${from} and id <> ${donationId}
               and status in ('paid', 'needs_attention')`,
      )
    ).map((r) => r.period),
  );
  let period = from;
  for (let n = 0; n < 36 && paid.has(period); n += 1) period = addMonths(period, 1);
  return period;
}
