import { eq, sql } from 'drizzle-orm';
import { FUND_REFUSAL } from '@contract/payment-channels';
import { compiledSelect, type Db } from '../../db/client';
import { donationItems, donations } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentProvider, VerifiedPayment } from '../../providers/payments/payments';
import { caseWords } from '../attention-cases/case-words';
import { openCase } from '../attention-cases/open-case';
import { giftMove } from '../campaign-core/status-rules';
import { statusCase, statusLiterals } from '../campaign-core/status-sql';
import { announceGift, type RecordedGift } from './announce-gift';
import { isAwaitingConfirmation, markAwaiting, type AwaitingPayment } from './await-confirmation';
import { lockCampaigns, readCampaigns, type LockedCampaign } from '../campaign-core/availability';
import { settleMonthlyPayment } from './monthly/activate-month';
import { lockPoolsLeft } from '../matching/open-pools';
import { weighItems, withPoolParts } from './weigh-gift';
import { tellFundraiserOwner } from '../fundraisers/tell-fundraiser-owner';

export type Fulfilment = RecordedGift & {
  /** True only for the call that recorded the gift; repeats answer the same result with false. */
  newlyRecorded: boolean;
};

/** The provider reports a payment of another amount or currency than the checkout's. */
export const AMOUNT_MISMATCH = FUND_REFUSAL.amountMismatch;

/** The refusal of a payment of another amount or currency, carrying what the provider reported. */
export class AmountMismatch extends AppError {
  constructor(readonly reported: VerifiedPayment) {
    super(
      'bad_request',
      'The amount paid does not match this gift. Please contact support with your payment reference.',
    );
    this.withCode(AMOUNT_MISMATCH);
  }
}

export const PAID_MESSAGE = 'Thank you! Your gift has been received.';
export const ATTENTION_MESSAGE =
  'Your payment was received, but part of your gift could not be placed because someone else funded the same device first. Our team has been told and will contact you to choose another campaign or arrange a refund.';

/**
 * Records a paid gift exactly once per reference. The provider must say `success` with the exact
 * kobo amount and NGN; then, in one transaction with the donation and campaign rows locked, the
 * held units are allocated. A payment whose hold expired and whose units went to someone else is
 * still recorded, marked for admin attention. A transfer or USSD payment the provider says is still
 * under way is answered `awaiting_confirmation`, its hold lengthened: the webhook or the sweep
 * records it when the bank confirms.
 */
export async function fulfilDonation(
  deps: {
    db: Db;
    payments: PaymentProvider;
    jobs: JobQueue;
    baseUrl: string;
    payLaterHoldMinutes: number;
    /** Seals a monthly gift's saved card (activate-month.ts). */
    cardKey: Buffer;
  },
  reference: string,
): Promise<Fulfilment | AwaitingPayment> {
  const [known] = await deps.db
    .select({ id: donations.id, totalKobo: donations.totalKobo, status: donations.status })
    .from(donations)
    .where(eq(donations.reference, reference));
  if (!known) throw new AppError('not_found', 'We could not find that payment reference. Please contact support.');

  const verified = await deps.payments.verify(reference).catch((error: unknown) => {
    throw new AppError(
      'bad_gateway',
      'We could not confirm your payment with the payment provider just now. Please try again in a moment.',
      undefined,
      undefined,
      error,
    );
  });
  if (!verified)
    throw new AppError('bad_request', 'The payment provider has no record of this payment.').withCode(
      FUND_REFUSAL.notCompleted,
    );
  if (isAwaitingConfirmation(verified)) {
    const awaiting = await markAwaiting(deps.db, reference, verified, deps.payLaterHoldMinutes);
    if (awaiting) return awaiting;
  }
  if (verified.status !== 'success') {
    throw new AppError(
      'bad_request',
      'The payment was not completed, so no gift was recorded. You have not been charged.',
    ).withCode(FUND_REFUSAL.notCompleted);
  }
  if (verified.amountKobo !== known.totalKobo || verified.currency !== 'NGN') throw new AmountMismatch(verified);

  // First with the campaign rows written last, so their locks are held only for the commit; if that
  // finds a campaign changed meanwhile, again with the rows locked before anything is decided.
  try {
    return await deps.db.transaction((tx) =>
      recordGift(deps, tx as unknown as Db, reference, known.id, verified, 'prepared'),
    );
  } catch (error) {
    if (error !== LOOK_AGAIN) throw error;
  }
  return deps.db.transaction((tx) => recordGift(deps, tx as unknown as Db, reference, known.id, verified, 'locked'));
}

// The moves a gift makes, from the rule book, written into the statements' text. A recipient
// campaign is one unit, so its gift always funds it.
const recipientGift = giftMove('recipient');
const organizationGift = giftMove('organization');
if (Object.keys(organizationGift.whenPartly).length !== organizationGift.from.length)
  throw new Error('An organization campaign must let gifts land until its last unit is funded.');

/** Run on every gift, the campaign updates while other donors wait: named prepared statements (see compiledSelect). */
const statements = {
  lockDonation: compiledSelect<{
    id: number;
    status: string;
    email: string;
    name: string;
    total: number;
    fee: number;
    hold_active: boolean;
    was_paid: boolean;
    monthly_gift_id: number | null;
    monthly_period: string | null;
    fundraiser_id: number | null;
  }>(
    sql`select id, status, donor_email as email, donor_full_name as name, total_kobo as total, fee_kobo as fee,
               coalesce(hold_expires_at > now(), false) as hold_active, paid_at is not null as was_paid,
               monthly_gift_id, monthly_period, fundraiser_id
          from donations where id = ${sql.placeholder('id')}::int for update`,
    'giving_lock_donation',
  ),
  /** The items, the donation and the payment, in one round trip. */
  settle: compiledSelect<never>(
    sql`with i as (update donation_items set status = case when id = any(${sql.placeholder('allocatedItemIds')}::int[]) then 'allocated'
                                                          when id = any(${sql.placeholder('releasedItemIds')}::int[]) then 'released' else 'unallocated' end
                    where donation_id = ${sql.placeholder('donationId')}),
             d as (update donations set status = ${sql.placeholder('status')}, paid_at = now(),
                          channel = coalesce(${sql.placeholder('channel')}::text, channel)
                    where id = ${sql.placeholder('donationId')})
        update payments set status = 'success', verified_at = now(), provider_response = ${sql.placeholder('response')}::jsonb
         where reference = ${sql.placeholder('reference')}`,
    'giving_settle_donation',
  ),
  fundRecipient: compiledSelect<{ id: number }>(
    sql`update recipient_campaigns
           set status = ${statusLiterals([recipientGift.whenFunded])}, is_featured = false, units_fulfilled = 1, amount_raised_kobo = amount_raised_kobo + ${sql.placeholder('amount')}::bigint,
               delivery_status = 'processing_pickup', updated_at = now()
         where id = ${sql.placeholder('id')}::int and status in (${statusLiterals(recipientGift.from)}) and units_fulfilled = 0
         returning id`,
    'giving_fund_recipient_campaign',
  ),
  fundOrganization: compiledSelect<{ id: number }>(
    sql`update organization_campaigns
           set units_fulfilled = units_fulfilled + ${sql.placeholder('units')}::int, amount_raised_kobo = amount_raised_kobo + ${sql.placeholder('amount')}::bigint,
               status = case when units_fulfilled + ${sql.placeholder('units')}::int >= quantity then ${statusLiterals([organizationGift.whenFunded])}
                             else ${statusCase('status', organizationGift.whenPartly)} end,
               updated_at = now()
         where id = ${sql.placeholder('id')}::int and status in (${statusLiterals(organizationGift.from)}) and units_fulfilled + ${sql.placeholder('units')}::int <= quantity
         returning id`,
    'giving_fund_organization_campaign',
  ),
};

/** Thrown when a campaign changed between the first look and the write: the gift is decided again. */
const LOOK_AGAIN = new Error('a campaign changed while the gift was being recorded');

/**
 * Records one gift in the caller's transaction. In 'prepared' mode, taken while the donation's hold
 * is live, the decision rests on a read without locks: every unit it holds is still its own, because
 * each checkout counted this hold under the campaign's lock. Items, donation, payment and notices are
 * written first, and the campaigns last, each by an update that re-checks status and quantity on
 * the row it locks; any that no longer fits throws LOOK_AGAIN. Otherwise ('locked' mode, or a hold
 * that lapsed) the campaign rows are locked before the read, as a checkout does.
 */
async function recordGift(
  deps: { db: Db; jobs: JobQueue; baseUrl: string; cardKey: Buffer },
  tx: Db,
  reference: string,
  donationId: number,
  verified: { raw: Record<string, unknown>; channel: string | null },
  mode: 'prepared' | 'locked',
): Promise<Fulfilment> {
  const [donation] = await statements.lockDonation(tx, { id: donationId });
  if (!donation) throw new AppError('not_found', 'We could not find that payment reference. Please contact support.');
  const base = {
    reference,
    amountKobo: Number(donation.total),
    feeKobo: Number(donation.fee),
    donationId: donation.id,
    donorEmail: donation.email,
    donorFullName: donation.name,
  };
  // Recorded already; or paid once and settled by an admin without a gift (failed with paid_at), which
  // a late repeat of the same payment must not record again.
  if (donation.status === 'paid' || donation.status === 'needs_attention' || donation.was_paid) {
    const status = donation.status === 'paid' ? ('paid' as const) : ('needs_attention' as const);
    return {
      ...base,
      status,
      message: status === 'paid' ? PAID_MESSAGE : ATTENTION_MESSAGE,
      newlyRecorded: false,
      allocated: [],
      unallocated: [],
    };
  }
  const items = await tx.select().from(donationItems).where(eq(donationItems.donationId, donation.id));
  const refs = items.map((i) =>
    i.recipientCampaignId
      ? { kind: 'recipient' as const, id: i.recipientCampaignId }
      : { kind: 'organization' as const, id: i.organizationCampaignId! },
  );
  const weigh = (campaigns: Map<string, LockedCampaign>, poolLeft?: Map<number, number>) =>
    weighItems(items, refs, campaigns, poolLeft);

  let weighed: ReturnType<typeof weigh> | undefined;
  if (
    mode === 'prepared' &&
    donation.status === 'pending' &&
    donation.hold_active &&
    items.every((i) => i.status === 'held')
  ) {
    // A live hold keeps its sponsor's match as it keeps its units: each checkout counted it.
    const first = weigh(await readCampaigns(tx, refs, donation.id));
    if (first.every((w) => w.fits)) weighed = first;
  }
  const prepared = weighed !== undefined;
  if (!weighed) {
    const campaigns = await lockCampaigns(tx, refs, donation.id);
    weighed = weigh(campaigns, await lockPoolsLeft(tx, items, donation.id));
  }

  const allocated: Fulfilment['allocated'] = [];
  const unallocated: string[] = [];
  let matchLapsed = false;
  for (const { item, ref, c, fits, lapsed } of weighed) {
    if (item.matchPoolId !== null) continue;
    if (c && fits)
      allocated.push({
        kind: ref.kind,
        id: ref.id,
        label: c.label,
        units: item.units,
        amount: item.amountKobo,
        ownerId: c.ownerId,
      });
    else {
      unallocated.push(c?.label ?? 'a campaign');
      matchLapsed ||= lapsed;
    }
  }
  const allocatedItemIds = weighed.filter((w) => w.fits).map((w) => w.item.id);
  // A sponsor's part that no longer fits goes back to its pool; it is never the donor's to place.
  const releasedItemIds = weighed.filter((w) => !w.fits && w.item.matchPoolId !== null).map((w) => w.item.id);
  const status = unallocated.length ? ('needs_attention' as const) : ('paid' as const);
  if (donation.monthly_gift_id !== null && donation.monthly_period !== null)
    await settleMonthlyPayment(deps, tx, {
      donationId: donation.id,
      giftId: donation.monthly_gift_id,
      period: donation.monthly_period,
      verified,
    });
  await statements.settle(tx, {
    donationId: donation.id,
    allocatedItemIds,
    releasedItemIds,
    status,
    reference,
    channel: verified.channel,
    response: JSON.stringify(verified.raw),
  });
  const recorded = {
    ...base,
    status,
    message: status === 'paid' ? PAID_MESSAGE : ATTENTION_MESSAGE,
    allocated,
    unallocated,
  };
  await announceGift({ db: tx, jobs: deps.jobs, baseUrl: deps.baseUrl }, recorded);
  if (donation.fundraiser_id !== null)
    await tellFundraiserOwner({ db: tx, jobs: deps.jobs, baseUrl: deps.baseUrl }, donation.id);
  if (status === 'needs_attention')
    // announceGift has told the admins already, in this transaction.
    await openCase(tx, {
      donationId: donation.id,
      reference,
      reason: matchLapsed ? 'match_lapsed' : 'paid_after_close',
      words: (matchLapsed ? caseWords.matchLapsed : caseWords.paidAfterClose)({
        totalKobo: Number(donation.total),
        unplaced: unallocated,
      }),
      notify: false,
    });

  if (!(await fundCampaigns(tx, withPoolParts(allocated, weighed)))) {
    if (prepared) throw LOOK_AGAIN;
    throw new Error('a campaign changed while locked');
  }
  return { ...recorded, newlyRecorded: true };
}

/**
 * Adds allocated units and money to their campaigns and moves their statuses as the rule book's gift
 * moves say, in the order checkouts lock them (recipients, then organizations, each by id), so two
 * gifts never wait on each other in a circle. Each update re-checks status and quantity on the row
 * itself: answers false, having stopped, when a campaign no longer takes its part. Run it last in the
 * gift's transaction, so the campaign rows' locks are held only for the commit.
 */
export async function fundCampaigns(tx: Db, allocated: Fulfilment['allocated']): Promise<boolean> {
  const byLockOrder = [...allocated].sort((x, y) =>
    x.kind === y.kind ? x.id - y.id : x.kind === 'recipient' ? -1 : 1,
  );
  for (const a of byLockOrder) {
    const rows =
      a.kind === 'recipient'
        ? await statements.fundRecipient(tx, { id: a.id, amount: a.amount })
        : await statements.fundOrganization(tx, { id: a.id, units: a.units, amount: a.amount });
    if (rows.length === 0) return false;
  }
  return true;
}
