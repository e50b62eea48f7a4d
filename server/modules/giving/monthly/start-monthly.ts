import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HOLD_MINUTES } from '@contract/giving';
import type { monthlyStartSchema, MonthlyStartReply } from '@contract/monthly-giving';
import { feeToCover, type PaymentFeeFormula } from '@contract/payment-fee';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import { selectRows, type Db } from '../../../db/client';
import { AppError } from '../../../http/errors';
import type { PaymentProvider } from '../../../providers/payments/payments';
import { readCampaigns } from '../../campaign-core/availability';
import { isGivable } from '../../campaign-core/status-rules';
import { lockDonor } from '../await-confirmation';
import { newReference, refuseOverLimits } from '../start-checkout';
import { periodOf } from './monthly-calendar';
import { CHARGED_STATUSES } from './monthly-status-sql';

/** Only a card can be charged again each month (decision 0077). */
export const MONTHLY_CHANNELS = ['card'];

export const CAMPAIGN_NOT_MONTHLY =
  'That campaign is not taking gifts now, so a monthly gift cannot start. The Independence Fund takes monthly gifts for the campaigns that have waited longest.';

/**
 * Whether an organization campaign can take a monthly gift: open for gifts, with units still to
 * fund. Null when it can; otherwise the sentence saying why not.
 */
export async function campaignRefusesMonthly(db: Db, campaignId: number): Promise<string | null> {
  const c = (await readCampaigns(db, [{ kind: 'organization', id: campaignId }])).get(`organization:${campaignId}`);
  if (!c) return 'We could not find that campaign.';
  if (!isGivable('organization', c.status)) return stoppedWordsOf(c.status)?.checkout ?? CAMPAIGN_NOT_MONTHLY;
  if (c.quantity - c.unitsFulfilled <= 0) return CAMPAIGN_NOT_MONTHLY;
  return null;
}

/**
 * Starts a monthly gift: the gift, waiting for its first payment, and that payment's checkout, in
 * one transaction, under the same per-donor turns and limits as any checkout. The money goes to the
 * Independence Fund, held for the organization campaign when one is named, since monthly amounts
 * rarely buy a whole unit (decision 0078). The gift becomes active when the first payment is
 * recorded with a card that can be charged again (activate-month.ts).
 */
export async function startMonthly(
  deps: { db: Db; payments: PaymentProvider; paymentFee: PaymentFeeFormula },
  input: z.output<typeof monthlyStartSchema>,
  caller: { donorUserId: number | null; addressHash: string },
): Promise<Omit<MonthlyStartReply, 'channels'>> {
  const campaignId = input.target.kind === 'organization' ? input.target.id : null;
  const fee = input.coverFee ? feeToCover(input.amountKobo, deps.paymentFee) : 0;
  const charged = input.amountKobo + fee;
  const reference = newReference();
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDonor(tx, input.donorEmail, caller.addressHash);
    await refuseOverLimits(tx, input.donorEmail, caller.addressHash);
    if (campaignId !== null) {
      const refusal = await campaignRefusesMonthly(tx, campaignId);
      if (refusal) throw new AppError('conflict', refusal).withCode('campaign_not_taking_gifts');
    }
    await selectRows(
      tx,
      sql`with g as (
            insert into monthly_gifts (donor_user_id, donor_email, donor_full_name, amount_kobo, cover_fee, organization_campaign_id)
            values (${caller.donorUserId}, ${input.donorEmail}, ${input.donorFullName}, ${input.amountKobo}, ${input.coverFee}, ${campaignId})
            returning id),
          d as (
            insert into donations (reference, donor_user_id, donor_email, donor_full_name, client_address_hash, total_kobo, fee_kobo,
                                   fund_kobo, fund_campaign_id, monthly_gift_id, monthly_period, hold_expires_at)
            select ${reference}, ${caller.donorUserId}, ${input.donorEmail}, ${input.donorFullName}, ${caller.addressHash}, ${charged}, ${fee},
                   ${input.amountKobo}, ${campaignId}, g.id, ${periodOf(new Date())}, now() + make_interval(mins => ${HOLD_MINUTES})
              from g
            returning id)
          insert into payments (donation_id, provider, reference, amount_kobo)
          select d.id, ${deps.payments.name}, ${reference}, ${charged} from d
          returning id`,
    );
  });
  await deps.payments.begin({ reference, amountKobo: charged, email: input.donorEmail });
  return {
    reference,
    amountKobo: charged,
    feeKobo: fee,
    currency: 'NGN',
    provider: deps.payments.name,
    publicKey: deps.payments.publicKey,
  };
}

/**
 * A payment by another card for a monthly gift whose card was declined or is to be replaced: a
 * checkout for the month the gift owes next, card only, whose card takes over once it is paid
 * (activate-month.ts). While it is open, the saved card is not tried again, so the two cannot both
 * pay one month.
 */
export async function startCardChange(
  deps: { db: Db; payments: PaymentProvider; paymentFee: PaymentFeeFormula },
  gift: { id: number },
): Promise<Omit<MonthlyStartReply, 'channels'>> {
  const reference = newReference();
  const charged = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await selectRows<{
      donor_user_id: number | null;
      donor_email: string;
      donor_full_name: string;
      amount_kobo: number;
      cover_fee: boolean;
      organization_campaign_id: number | null;
      next_period: string | null;
      status: string;
      paused_until: Date | string | null;
    }>(tx, sql`select * from monthly_gifts where id = ${gift.id} for update`);
    if (!row || row.status === 'cancelled' || row.status === 'pending' || !row.next_period)
      throw new AppError('conflict', 'This monthly gift cannot take a new card now.');
    if (row.status === 'paused' && row.paused_until !== null)
      throw new AppError(
        'conflict',
        'This monthly gift is paused. Start it again first; the new card can then pay the month it owes.',
      );
    if (row.organization_campaign_id !== null) {
      const refusal = await campaignRefusesMonthly(tx, row.organization_campaign_id);
      if (refusal) throw new AppError('conflict', refusal).withCode('campaign_not_taking_gifts');
    }
    const amount = Number(row.amount_kobo);
    const fee = row.cover_fee ? feeToCover(amount, deps.paymentFee) : 0;
    await selectRows(
      tx,
      sql`with d as (
            insert into donations (reference, donor_user_id, donor_email, donor_full_name, total_kobo, fee_kobo, fund_kobo,
                                   fund_campaign_id, monthly_gift_id, monthly_period, hold_expires_at)
            values (${reference}, ${row.donor_user_id}, ${row.donor_email}, ${row.donor_full_name}, ${amount + fee}, ${fee}, ${amount},
                    ${row.organization_campaign_id}, ${gift.id}, ${row.next_period}, now() + make_interval(mins => ${HOLD_MINUTES}))
            returning id)
          insert into payments (donation_id, provider, reference, amount_kobo)
          select id, ${deps.payments.name}, ${reference}, ${amount + fee} from d returning id`,
    );
    // The saved card waits while this one is paid for.
    await tx.execute(
      sql`update monthly_gifts set next_charge_at = greatest(next_charge_at, now() + make_interval(mins => ${HOLD_MINUTES * 2}))
           where id = ${gift.id} and status in ${CHARGED_STATUSES}`,
    );
    return { total: amount + fee, fee, email: row.donor_email };
  });
  await deps.payments.begin({ reference, amountKobo: charged.total, email: charged.email });
  return {
    reference,
    amountKobo: charged.total,
    feeKobo: charged.fee,
    currency: 'NGN',
    provider: deps.payments.name,
    publicKey: deps.payments.publicKey,
    donorEmail: charged.email,
  };
}
