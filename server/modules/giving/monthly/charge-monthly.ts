import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '@contract/giving';
import { feeToCover, type PaymentFeeFormula } from '@contract/payment-fee';
import { selectRows, type Db } from '../../../db/client';
import { enqueueSms, JOB } from '../../../jobs/names';
import { formatNaira } from '@contract/money';
import { CALL_US, gsm, signed } from '../../notifications/sms-text';
import { dayWords } from './monthly-calendar';
import { ChargeRefused } from '../../../providers/payments/payments';
import { unseal } from '../../../providers/storage/seal';
import { isFinalRefusal, recordPayment, type PaymentDeps } from '../record-payment';
import { campaignRefusesMonthly } from './start-monthly';
import { queueMonthlyNotice } from './monthly-notice';
import { readMonthly } from './monthly-queries';
import { CHARGED_STATUSES, MONTHLY } from './monthly-status-sql';

/** After the first, second and third declined try of a month, the next try waits this many days: 1, 3 and 7 days from the first. */
export const RETRY_AFTER_DAYS = [1, 2, 4] as const;
/** Tries of one month's charge before the gift is paused: the charge and its three retries. */
export const TRIES_PER_MONTH = RETRY_AFTER_DAYS.length + 1;

export type MonthlyChargeDeps = PaymentDeps & { paymentFee: PaymentFeeFormula };

export type ChargeOutcome =
  { status: 'paid' | 'pending' | 'failed'; reference: string } | { status: 'not_due' } | { status: 'ended' };

/** The reference of one try of one month: the same for a retried job, the webhook and the sweep (decision 0077). */
export const monthlyReference = (giftId: number, period: string, attempt: number) =>
  `monthly-${giftId}-${period}-${attempt}-${randomBytes(5).toString('hex')}`;

/** How long a try the provider has not settled is left before the look queues it again. */
const UNSETTLED_WAIT_MINUTES = 60;

/**
 * Charges a monthly gift's month when it is due (or at once when `now` is asked, as the sandbox's
 * call does). The try's checkout is written first, under the gift's lock, so every way of hearing
 * of the payment meets the same reference; a try already known to the provider (a job run again
 * after a crash) is asked about rather than charged again. A paid try is recorded by the one path
 * every payment takes; a declined one is counted once and tried again after 1, 3 and 7 days, the
 * donor told each time, and after the last the gift is paused and the donor told so.
 */
export async function chargeMonthly(
  deps: MonthlyChargeDeps,
  giftId: number,
  options: { now?: boolean } = {},
): Promise<ChargeOutcome> {
  const planned = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const gift = await readMonthly(tx, giftId, { lock: true });
    if (
      !gift ||
      (gift.status !== 'active' && gift.status !== 'failing') ||
      !gift.next_period ||
      !gift.authorization_sealed
    )
      return null;
    if (!options.now && (gift.next_charge_at === null || new Date(gift.next_charge_at) > new Date())) return null;
    if (gift.organization_campaign_id !== null && (await campaignRefusesMonthly(tx, gift.organization_campaign_id))) {
      // The campaign is complete or closed: its donor chose it, so the gift ends rather than moving elsewhere.
      await tx.execute(
        sql`update monthly_gifts set status = ${MONTHLY.cancelled}, cancelled_at = now(), next_charge_at = null, authorization_sealed = null
             where id = ${gift.id}`,
      );
      await queueMonthlyNotice(deps.jobs, tx, { giftId: gift.id, kind: 'campaignEnded' });
      return 'ended' as const;
    }
    // A try still unsettled (its job, the webhook or the sweep has not heard how it ended) is asked
    // about again under its own reference; otherwise this is a new try with a reference of its own.
    const [open] = await selectRows<{ reference: string; total: number }>(
      tx,
      sql`select reference, total_kobo::float8 as total from donations
           where monthly_gift_id = ${gift.id} and monthly_period = ${gift.next_period} and status = 'pending'
           order by id desc limit 1`,
    );
    const attempt = gift.failed_attempts + 1;
    const plan = {
      period: gift.next_period,
      attempt,
      email: gift.donor_email,
      authorization: gift.authorization_sealed,
    };
    // Until this try is settled, the look leaves it to this job (and the webhook and the sweep).
    await tx.execute(
      sql`update monthly_gifts set next_charge_at = greatest(next_charge_at, now() + make_interval(mins => ${UNSETTLED_WAIT_MINUTES}))
           where id = ${gift.id}`,
    );
    if (open) return { ...plan, reference: open.reference, total: Number(open.total) };
    const [{ tries }] = (await selectRows<{ tries: number }>(
      tx,
      sql`select count(*)::int as tries from donations where monthly_gift_id = ${gift.id} and monthly_period = ${gift.next_period}`,
    )) as [{ tries: number }];
    const reference = monthlyReference(gift.id, gift.next_period, Number(tries) + 1);
    const amount = Number(gift.amount_kobo);
    const fee = gift.cover_fee ? feeToCover(amount, deps.paymentFee) : 0;
    await tx.execute(
      sql`with d as (
            insert into donations (reference, donor_user_id, donor_email, donor_full_name, total_kobo, fee_kobo, fund_kobo,
                                   fund_campaign_id, monthly_gift_id, monthly_period, channel, hold_expires_at)
            values (${reference}, ${gift.donor_user_id}, ${gift.donor_email}, ${gift.donor_full_name}, ${amount + fee}, ${fee}, ${amount},
                    ${gift.organization_campaign_id}, ${gift.id}, ${gift.next_period}, 'card', now() + make_interval(mins => ${HOLD_MINUTES}))
            returning id, total_kobo)
          insert into payments (donation_id, provider, reference, amount_kobo)
          select id, ${deps.payments.name}, ${reference}, total_kobo from d`,
    );
    return { ...plan, reference, total: amount + fee };
  });
  if (planned === null) return { status: 'not_due' };
  if (planned === 'ended') {
    deps.jobs.wake(JOB.monthlyNotice);
    return { status: 'ended' };
  }

  const asked = async () => {
    const known = await deps.payments.verify(planned.reference);
    if (!known) return null;
    // A try the provider gave up on (abandoned, or an answer it has no word for) is a decline.
    return known.status === 'success' ? 'success' : known.status === 'pending' ? 'pending' : 'failed';
  };
  let status = await asked();
  if (status === null) {
    try {
      ({ status } = await deps.payments.chargeAuthorization({
        authorizationCode: unseal(deps.cardKey, planned.authorization),
        email: planned.email,
        amountKobo: planned.total,
        reference: planned.reference,
      }));
    } catch (error) {
      // Refused as a reference already used: another run of this try charged it first, so its answer stands.
      status = await asked();
      if (status === null) {
        // The provider refused the charge itself (the card's authorization no longer works): a decline.
        // Anything else (no answer) is tried again by the job, under the same reference.
        if (!(error instanceof ChargeRefused)) throw error;
        status = 'failed';
      }
    }
  }

  if (status === 'success') {
    // A refusal here (a wrong amount, set aside for the admins) is final; an outage throws, and the job tries again.
    const recorded = await recordPayment(deps, planned.reference).catch((error: unknown) => {
      if (isFinalRefusal(error)) return null;
      throw error;
    });
    return { status: recorded ? 'paid' : 'pending', reference: planned.reference };
  }
  if (status === 'failed') {
    await recordDecline(deps, giftId, planned);
    return { status: 'failed', reference: planned.reference };
  }
  // Still being decided: the webhook or the sweep records it, under the same reference.
  return { status: 'pending', reference: planned.reference };
}

/**
 * Counts one declined try, once (only while the gift still waits on that very try), closes its
 * checkout, and either schedules the next try or pauses the gift; the donor is told in the same
 * transaction.
 */
async function recordDecline(
  deps: MonthlyChargeDeps,
  giftId: number,
  tried: { reference: string; period: string; attempt: number },
): Promise<void> {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The gift first, then its checkout, in the order a try's planning takes them.
    await tx.execute(sql`select id from monthly_gifts where id = ${giftId} for update`);
    await tx.execute(
      sql`with d as (update donations set status = 'failed', hold_expires_at = least(hold_expires_at, now())
                      where reference = ${tried.reference} and status = 'pending' returning id)
          update payments set status = 'failed', verified_at = now() where reference = ${tried.reference} and status = 'pending'`,
    );
    const last = tried.attempt >= TRIES_PER_MONTH;
    const wait = RETRY_AFTER_DAYS[tried.attempt - 1] ?? 0;
    const [counted] = await selectRows<{ id: number; next_charge_at: Date | string | null }>(
      tx,
      last
        ? sql`update monthly_gifts set status = ${MONTHLY.paused}, paused_until = null, next_charge_at = null, failed_attempts = 0
               where id = ${giftId} and status in ${CHARGED_STATUSES} and next_period = ${tried.period}
                 and failed_attempts = ${tried.attempt - 1}
              returning id, next_charge_at`
        : sql`update monthly_gifts set status = ${MONTHLY.failing}, failed_attempts = ${tried.attempt},
                     next_charge_at = now() + make_interval(days => ${wait})
               where id = ${giftId} and status in ${CHARGED_STATUSES} and next_period = ${tried.period}
                 and failed_attempts = ${tried.attempt - 1}
              returning id, next_charge_at`,
    );
    if (!counted) return;
    // A signed-in donor with a number on their account is also told by text (decision 0077).
    const [phone] = await selectRows<{ to: string; amount: number }>(
      tx,
      sql`select u.phone_number as "to", g.amount_kobo::float8 as amount from monthly_gifts g join users u on u.id = g.donor_user_id
           where g.id = ${giftId} and u.phone_number is not null and u.deleted_at is null`,
    );
    if (phone)
      await enqueueSms(deps.jobs, tx, {
        to: phone.to,
        text: declineSms(Number(phone.amount), last ? null : new Date(counted.next_charge_at!)),
      });
    await queueMonthlyNotice(deps.jobs, tx, {
      giftId,
      kind: last ? 'pausedAfterDeclines' : 'cardDeclined',
      period: tried.period,
      ...(counted.next_charge_at ? { at: new Date(counted.next_charge_at).toISOString() } : {}),
    });
  });
  deps.jobs.wake(JOB.monthlyNotice);
  deps.jobs.wake(JOB.sms);
}

/** The text a declined monthly charge sends: short, signed, complete without the mail's link. */
export function declineSms(amountKobo: number, retryAt: Date | null): string {
  const gift = `your monthly gift of ${formatNaira(amountKobo)}`;
  return signed(
    gsm(
      retryAt
        ? `your card was declined for ${gift}. We will try again on ${dayWords(retryAt)}. To use another card, see our email. ${CALL_US}`
        : `your card was declined 4 times, so ${gift} is paused. To start it again, see our email. ${CALL_US}`,
    ),
  );
}

/**
 * The schedule's look, every quarter hour: pauses the donor chose that have ended start again, and
 * each gift whose charge is due gets one job for that try (a job key per try, so two looks never
 * queue it twice). Returns how many were queued.
 */
export async function queueDueCharges(deps: { db: Db; jobs: PaymentDeps['jobs'] }): Promise<number> {
  await deps.db.execute(
    sql`update monthly_gifts set status = ${MONTHLY.active}, paused_until = null
         where status = ${MONTHLY.paused} and paused_until is not null and paused_until <= now()`,
  );
  const due = await selectRows<{ id: number; next_period: string; failed_attempts: number }>(
    deps.db,
    sql`select id, next_period, failed_attempts from monthly_gifts
         where status in ${CHARGED_STATUSES} and next_charge_at <= now()
         order by next_charge_at limit 500`,
  );
  for (const gift of due)
    await deps.jobs.enqueue(deps.db, JOB.monthlyCharge, { giftId: gift.id } satisfies MonthlyChargeJob, {
      singletonKey: `monthly-${gift.id}-${gift.next_period}-${gift.failed_attempts + 1}`,
    });
  if (due.length) deps.jobs.wake(JOB.monthlyCharge);
  return due.length;
}

export type MonthlyChargeJob = { giftId: number };
