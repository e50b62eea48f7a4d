import { sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '@contract/giving';
import { feeToCover, type PaymentFeeFormula } from '@contract/payment-fee';
import { selectRows, type Db } from '../../../db/client';
import { JOB } from '../../../jobs/names';
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
  `monthly-${giftId}-${period}-${attempt}`;

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
    const attempt = gift.failed_attempts + 1;
    const reference = monthlyReference(gift.id, gift.next_period, attempt);
    const amount = Number(gift.amount_kobo);
    const fee = gift.cover_fee ? feeToCover(amount, deps.paymentFee) : 0;
    const [donation] = await selectRows<{ total: number; status: string }>(
      tx,
      sql`with d as (
            insert into donations (reference, donor_user_id, donor_email, donor_full_name, total_kobo, fee_kobo, fund_kobo,
                                   fund_campaign_id, monthly_gift_id, monthly_period, channel, hold_expires_at)
            values (${reference}, ${gift.donor_user_id}, ${gift.donor_email}, ${gift.donor_full_name}, ${amount + fee}, ${fee}, ${amount},
                    ${gift.organization_campaign_id}, ${gift.id}, ${gift.next_period}, 'card', now() + make_interval(mins => ${HOLD_MINUTES}))
            on conflict (reference) do nothing
            returning id, total_kobo),
          p as (
            insert into payments (donation_id, provider, reference, amount_kobo)
            select id, ${deps.payments.name}, ${reference}, total_kobo from d
            on conflict (reference) do nothing)
          select total_kobo::float8 as total, 'new' as status from d
          union all
          select total_kobo::float8, status from donations where reference = ${reference}`,
    );
    return {
      reference,
      period: gift.next_period,
      attempt,
      total: Number(donation!.total),
      email: gift.donor_email,
      authorization: gift.authorization_sealed,
    };
  });
  if (planned === null) return { status: 'not_due' };
  if (planned === 'ended') {
    deps.jobs.wake(JOB.monthlyNotice);
    return { status: 'ended' };
  }

  const asked = async () => {
    const known = await deps.payments.verify(planned.reference);
    if (!known) return null;
    return known.status === 'success' ? 'success' : known.status === 'failed' ? 'failed' : 'pending';
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
      if (status === null) throw error;
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
    await queueMonthlyNotice(deps.jobs, tx, {
      giftId,
      kind: last ? 'pausedAfterDeclines' : 'cardDeclined',
      period: tried.period,
      ...(counted.next_charge_at ? { at: new Date(counted.next_charge_at).toISOString() } : {}),
    });
  });
  deps.jobs.wake(JOB.monthlyNotice);
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
      singletonKey: monthlyReference(gift.id, gift.next_period, gift.failed_attempts + 1),
    });
  if (due.length) deps.jobs.wake(JOB.monthlyCharge);
  return due.length;
}

export type MonthlyChargeJob = { giftId: number };
