import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { donationItems, donations, organizationCampaigns, payments, recipientCampaigns } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentProvider } from '../../providers/payments/payments';
import { announceGift, type RecordedGift } from './announce-gift';
import { lockCampaigns, remaining } from './availability';

export type Fulfilment = RecordedGift & {
  /** True only for the call that recorded the gift; repeats answer the same result with false. */
  newlyRecorded: boolean;
};

/** The provider reports a payment of another amount or currency than the checkout's. */
export const AMOUNT_MISMATCH = 'amount_mismatch';

const PAID_MESSAGE = 'Thank you! Your gift has been received.';
const ATTENTION_MESSAGE =
  'Your payment was received, but part of your gift could not be placed because someone else funded the same device first. Our team has been told and will contact you to choose another campaign or arrange a refund.';

/**
 * Records a paid gift exactly once per reference. The provider must say `success` with the exact
 * kobo amount and NGN; then, in one transaction with the donation and campaign rows locked, the
 * held units are allocated. A payment whose hold expired and whose units went to someone else is
 * still recorded, marked for admin attention.
 */
export async function fulfilDonation(deps: { db: Db; payments: PaymentProvider; jobs: JobQueue; baseUrl: string }, reference: string): Promise<Fulfilment> {
  const [known] = await deps.db
    .select({ id: donations.id, totalKobo: donations.totalKobo, status: donations.status })
    .from(donations)
    .where(eq(donations.reference, reference));
  if (!known) throw new AppError('not_found', 'We could not find that payment reference. Please contact support.');

  const verified = await deps.payments.verify(reference).catch((error: unknown) => {
    throw new AppError('bad_gateway', 'We could not confirm your payment with the card provider just now. Please try again in a moment.', undefined, undefined, error);
  });
  if (!verified) throw new AppError('bad_request', 'The card provider has no record of this payment.');
  if (verified.status !== 'success') {
    throw new AppError('bad_request', 'The payment was not completed, so no gift was recorded. You have not been charged.');
  }
  if (verified.amountKobo !== known.totalKobo || verified.currency !== 'NGN') {
    throw new AppError('bad_request', 'The amount paid does not match this gift. Please contact support with your payment reference.').withCode(
      AMOUNT_MISMATCH,
    );
  }

  const result = await deps.db.transaction(async (tx): Promise<Fulfilment> => {
    const [donation] = await selectRows<{ id: number; status: string; email: string; name: string; total: number; hold_active: boolean }>(
      tx as unknown as Db,
      sql`select id, status, donor_email as email, donor_full_name as name, total_kobo as total,
                 coalesce(hold_expires_at > now(), false) as hold_active
            from donations where id = ${known.id} for update`,
    );
    if (!donation) throw new AppError('not_found', 'We could not find that payment reference. Please contact support.');
    const items = await tx
      .select()
      .from(donationItems)
      .where(eq(donationItems.donationId, donation.id));
    const base = { reference, amountKobo: Number(donation.total), donationId: donation.id, donorEmail: donation.email, donorFullName: donation.name };

    if (donation.status === 'paid' || donation.status === 'needs_attention') {
      return {
        ...base,
        status: donation.status,
        message: donation.status === 'paid' ? PAID_MESSAGE : ATTENTION_MESSAGE,
        newlyRecorded: false,
        allocated: [],
        unallocated: [],
      };
    }

    const refs = items.map((i) =>
      i.recipientCampaignId ? { kind: 'recipient' as const, id: i.recipientCampaignId } : { kind: 'organization' as const, id: i.organizationCampaignId! },
    );
    const locked = await lockCampaigns(tx as unknown as Db, refs, donation.id);
    const allocated: Fulfilment['allocated'] = [];
    const unallocated: string[] = [];
    for (const [index, item] of items.entries()) {
      const ref = refs[index]!;
      const c = locked.get(`${ref.kind}:${ref.id}`);
      const open = c && (ref.kind === 'recipient' ? c.status === 'approved' : c.status === 'approved' || c.status === 'partially_fulfilled');
      // Our own hold is excluded from heldByOthers, so this is what we may still take.
      const fits = c && open && remaining(c) >= item.units;
      if (!c || !fits) {
        unallocated.push(c?.label ?? 'a campaign');
        await tx.update(donationItems).set({ status: 'unallocated' }).where(eq(donationItems.id, item.id));
        continue;
      }
      if (ref.kind === 'recipient') {
        await tx
          .update(recipientCampaigns)
          .set({
            status: 'purchased',
            isFeatured: false,
            unitsFulfilled: 1,
            amountRaisedKobo: sql`${recipientCampaigns.amountRaisedKobo} + ${item.amountKobo}`,
            deliveryStatus: 'processing_pickup',
            updatedAt: sql`now()`,
          })
          .where(eq(recipientCampaigns.id, ref.id));
      } else {
        const fulfilled = c.unitsFulfilled + item.units;
        await tx
          .update(organizationCampaigns)
          .set({
            unitsFulfilled: sql`${organizationCampaigns.unitsFulfilled} + ${item.units}`,
            amountRaisedKobo: sql`${organizationCampaigns.amountRaisedKobo} + ${item.amountKobo}`,
            status: fulfilled >= c.quantity ? 'fulfilled' : 'partially_fulfilled',
            updatedAt: sql`now()`,
          })
          .where(eq(organizationCampaigns.id, ref.id));
      }
      c.unitsFulfilled += item.units;
      await tx.update(donationItems).set({ status: 'allocated' }).where(eq(donationItems.id, item.id));
      allocated.push({ kind: ref.kind, id: ref.id, label: c.label, units: item.units, amount: item.amountKobo, ownerId: c.ownerId });
    }
    const status = unallocated.length ? ('needs_attention' as const) : ('paid' as const);
    await tx.update(donations).set({ status, paidAt: sql`now()` }).where(eq(donations.id, donation.id));
    await tx
      .update(payments)
      .set({ status: 'success', verifiedAt: sql`now()`, providerResponse: verified.raw })
      .where(eq(payments.reference, reference));
    const recorded = { ...base, status, message: status === 'paid' ? PAID_MESSAGE : ATTENTION_MESSAGE, allocated, unallocated };
    await announceGift({ db: tx as unknown as Db, jobs: deps.jobs, baseUrl: deps.baseUrl }, recorded);
    return { ...recorded, newlyRecorded: true };
  });
  return result;
}
