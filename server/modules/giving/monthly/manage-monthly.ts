import { sql } from 'drizzle-orm';
import { MONTHLY_MAX_PAUSE_MONTHS, type MonthlyChange, type MonthlyGift } from '@contract/monthly-giving';
import { selectRows, type Db } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { JOB } from '../../../jobs/names';
import type { JobQueue } from '../../../jobs/queue';
import { addMonths, chargeDayOf, chargeTime, firstPeriodFrom, periodOf } from './monthly-calendar';
import { queueMonthlyNotice } from './monthly-notice';
import { ownerSql, readMonthly, toMonthlyGift, type MonthlyOwner, type MonthlyRow } from './monthly-queries';
import { MONTHLY } from './monthly-status-sql';

export const MONTHLY_NOT_FOUND = 'We could not find that monthly gift.';
export const MONTHLY_CANCELLED =
  'This monthly gift is cancelled. To give monthly again, please start a new monthly gift.';

type Deps = { db: Db; jobs: JobQueue };

/** Locks one of the owner's monthly gifts, or refuses as if it did not exist. */
async function lockOwn(tx: Db, owner: MonthlyOwner, id: number): Promise<MonthlyRow> {
  const [mine] = await selectRows<{ id: number }>(
    tx,
    sql`select g.id from monthly_gifts g where g.id = ${id} and ${ownerSql(owner)} and g.status <> ${MONTHLY.pending}`,
  );
  const gift = mine ? await readMonthly(tx, id, { lock: true }) : null;
  if (!gift) throw new AppError('not_found', MONTHLY_NOT_FOUND);
  return gift;
}

/** The next charge of a gift starting again now: its day, in the first month from `notBefore` not yet paid. */
async function nextChargeFrom(tx: Db, gift: MonthlyRow, notBefore: Date): Promise<{ period: string; at: Date }> {
  const day = chargeDayOf(new Date(gift.activated_at ?? Date.now()));
  const [paid] = await selectRows<{ last: string | null }>(
    tx,
    sql`select max(monthly_period) as last from donations where monthly_gift_id = ${gift.id} and status in ('paid', 'needs_attention')`,
  );
  const start = paid?.last ? addMonths(paid.last, 1) : periodOf(notBefore);
  const period = firstPeriodFrom(start < periodOf(notBefore) ? periodOf(notBefore) : start, day, notBefore);
  return { period, at: chargeTime(period, day) };
}

/**
 * Changes one of the owner's monthly gifts at once, confirmed by mail: a new amount (from the next
 * charge; a charge already started keeps its own), a pause of one to three months (no month in it is
 * charged; the gift starts again by itself after it), starting again, or cancelling (the saved card is
 * forgotten; the history stays). A gift paused after its card was declined starts again with a
 * charge now.
 */
export async function changeMonthly(
  deps: Deps,
  owner: MonthlyOwner,
  id: number,
  change: MonthlyChange | { cancel: true },
): Promise<MonthlyGift> {
  const changed = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const gift = await lockOwn(tx, owner, id);
    if (gift.status === 'cancelled') {
      if ('cancel' in change) return gift;
      throw new AppError('conflict', MONTHLY_CANCELLED);
    }
    if ('cancel' in change) {
      await tx.execute(
        sql`update monthly_gifts set status = ${MONTHLY.cancelled}, cancelled_at = now(), next_charge_at = null, paused_until = null,
                   authorization_sealed = null
             where id = ${id}`,
      );
      await queueMonthlyNotice(deps.jobs, tx, { giftId: id, kind: 'cancelled' });
    } else if ('amountKobo' in change) {
      await tx.execute(sql`update monthly_gifts set amount_kobo = ${change.amountKobo} where id = ${id}`);
      await queueMonthlyNotice(deps.jobs, tx, { giftId: id, kind: 'amountChanged' });
    } else if (change.paused) {
      const months = change.months ?? 1;
      if (months < 1 || months > MONTHLY_MAX_PAUSE_MONTHS)
        throw new AppError('bad_request', 'A pause lasts one to three months.');
      // A pause skips whole charges: the next `months` months are not charged, and the gift starts
      // again by itself on its day in the month after them.
      const day = chargeDayOf(new Date(gift.activated_at ?? Date.now()));
      const owed = await nextChargeFrom(tx, gift, new Date());
      const period = addMonths(owed.period, months);
      const until = chargeTime(period, day);
      await tx.execute(
        sql`update monthly_gifts set status = ${MONTHLY.paused}, paused_until = ${until}, next_period = ${period},
                   next_charge_at = ${until}, failed_attempts = 0
             where id = ${id}`,
      );
      await queueMonthlyNotice(deps.jobs, tx, { giftId: id, kind: 'paused', at: until.toISOString() });
    } else if (gift.status === 'paused') {
      const declined = gift.paused_until === null;
      const next = declined
        ? { period: gift.next_period ?? periodOf(new Date()), at: new Date() }
        : await nextChargeFrom(tx, gift, new Date());
      await tx.execute(
        sql`update monthly_gifts set status = ${MONTHLY.active}, paused_until = null, next_period = ${next.period},
                   next_charge_at = ${next.at}, failed_attempts = 0
             where id = ${id}`,
      );
      await queueMonthlyNotice(deps.jobs, tx, { giftId: id, kind: 'resumed' });
    }
    return (await readMonthly(tx, id))!;
  });
  deps.jobs.wake(JOB.monthlyNotice);
  return toMonthlyGift(changed);
}
