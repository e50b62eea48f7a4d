import { sql } from 'drizzle-orm';
import { formatNaira } from '@contract/money';
import type { Refund, RefundRequest } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ResponseCache } from '../../http/response-cache';
import { enqueueMail, JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentProvider, ProviderRefund } from '../../providers/payments/payments';
import { audit } from '../audit/audit';
import { resolveOpenCases } from '../attention-cases/resolve-open-cases';
import { refundMail } from './refund-mail';
import {
  failWaitingRow,
  keepProviderReply,
  lockDonation,
  placeProviderRefund,
  refundReply,
  type LockedDonation,
} from './refund-rows';
import { releaseRefusal, releaseUnits } from './release-units';

export type RefundDeps = { db: Db; payments: PaymentProvider; jobs: JobQueue; publicCache: ResponseCache };

/** The audit log's actions for refunds ('Refunded payment', and one the provider did not accept). */
export const REFUND_AUDIT = { refund: 'payment.refund', refused: 'payment.refund_refused' } as const;

export const PROVIDER_REFUSED =
  'The payment provider did not accept the refund; nothing was refunded. Please try again.';

const notFound = () => new AppError('not_found', 'We could not find that payment reference.');

/** The refusal when more is asked than is left to refund of the payment. */
function tooMuch(donation: LockedDonation & { receivedKobo: number }): AppError {
  const left = donation.receivedKobo - donation.refundedKobo;
  return new AppError(
    'conflict',
    left <= 0
      ? `Nothing is left to refund: ${formatNaira(donation.refundedKobo)} of the ${formatNaira(donation.receivedKobo)} received has been refunded already.`
      : `At most ${formatNaira(left)} may still be refunded of this payment (${formatNaira(donation.receivedKobo)} received, ${formatNaira(donation.refundedKobo)} refunded already).`,
  );
}

/**
 * An admin refunds part or all of a payment through the provider (docs/decisions/0040). In order:
 * with the checkout's row locked, the amount is checked against what is left and a pending refund row
 * is written and committed, so two refunds at once cannot exceed the payment; then the provider is
 * asked, outside any transaction; then, with the row locked again, its answer lands on the one row
 * standing for it (the `refund.processed` webhook may have come first), and the units are freed when
 * asked, the audit entry, the donor's mail and the closing of open cases are written together. A
 * provider that does not accept marks the row failed and answers 502.
 */
export async function refundPayment(
  deps: RefundDeps,
  adminId: number,
  reference: string,
  request: RefundRequest,
): Promise<Refund> {
  const { amountKobo, note } = request;
  const releasing = request.releaseUnits === true;

  const reserved = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const donation = await lockDonation(tx, { reference });
    if (!donation) throw notFound();
    if (donation.receivedKobo === null)
      throw new AppError(
        'conflict',
        'Only a payment whose money was received can be refunded, and the payment provider reports none for this one.',
      );
    const received = { ...donation, receivedKobo: donation.receivedKobo };
    if (amountKobo > received.receivedKobo - received.refundedKobo) throw tooMuch(received);
    if (releasing) {
      const refusal = await releaseRefusal(tx, donation.id);
      if (refusal) throw new AppError('conflict', refusal);
    }
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`insert into refunds (donation_id, amount_kobo, status, note, requested_by)
          values (${donation.id}, ${amountKobo}, 'pending', ${note}, ${adminId}) returning id`,
    );
    return { donation: received, rowId: Number(row!.id) };
  });
  const { donation, rowId } = reserved;
  /** The provider did not accept, or said at once that it failed: kept and audited, nothing else changes. */
  const refused = async (tx: Db, reply: Record<string, unknown>) => {
    await keepProviderReply(tx, donation, 'refund.refused', reply);
    await audit(tx, {
      adminId,
      action: REFUND_AUDIT.refused,
      entity: 'payment',
      entityId: reference,
      details: { reference, amountKobo, amount: formatNaira(amountKobo), note },
    });
  };

  let answer: ProviderRefund | null = null;
  let error: unknown = null;
  try {
    answer = await deps.payments.refund({ reference, amountKobo, note });
  } catch (caught) {
    error = caught;
  }
  if (!answer || answer.status === 'failed') {
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockDonation(tx, { donationId: donation.id });
      await failWaitingRow(tx, donation.id, amountKobo, rowId);
      await refused(tx, answer ? answer.raw : { message: error instanceof Error ? error.message : String(error) });
    });
    throw new AppError('bad_gateway', PROVIDER_REFUSED, undefined, undefined, error ?? undefined);
  }
  const settled = answer;
  const landed = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const now = await lockDonation(tx, { donationId: donation.id });
    const placed = await placeProviderRefund(tx, {
      donationId: donation.id,
      refundId: settled.id,
      status: settled.status,
      amountKobo,
      ownRowId: rowId,
    });
    let id: number;
    if (placed === null) {
      // Every refund asked here has its row; this would take a row lost meanwhile, so the money is never unrecorded.
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`insert into refunds (donation_id, amount_kobo, status, note, requested_by, provider_refund_id, processed_at)
            values (${donation.id}, ${amountKobo}, ${settled.status}, ${note}, ${adminId}, ${settled.id},
                    case when ${settled.status}::text = 'processed' then now() end)
            returning id`,
      );
      id = Number(row!.id);
    } else if (placed.status === 'failed') {
      // The provider's webhook said it failed before its answer to us came back.
      await refused(tx, settled.raw);
      return null;
    } else id = placed.id;
    await keepProviderReply(tx, donation, 'refund.create', settled.raw);
    let released = false;
    let releaseWords: string | null = null;
    if (releasing) {
      const outcome = await releaseUnits(tx, donation.id);
      released = 'released' in outcome;
      if ('refusal' in outcome) releaseWords = outcome.refusal;
      if (released) await tx.execute(sql`update refunds set units_released = true where id = ${id}`);
    }
    await audit(tx, {
      adminId,
      action: REFUND_AUDIT.refund,
      entity: 'payment',
      entityId: reference,
      details: {
        reference,
        amountKobo,
        amount: formatNaira(amountKobo),
        note,
        unitsReleased: released,
        ...(releaseWords ? { unitsKept: releaseWords } : {}),
        providerRefundId: settled.id,
      },
    });
    const refundedKobo = now?.refundedKobo ?? donation.refundedKobo + amountKobo;
    await enqueueMail(
      deps.jobs,
      tx,
      refundMail({
        to: donation.donorEmail,
        donorFullName: donation.donorName,
        reference,
        amountKobo,
        refundedKobo,
        receivedKobo: donation.receivedKobo,
      }),
    );
    await resolveOpenCases(tx, donation.id, adminId, note);
    return id;
  });
  if (landed === null) throw new AppError('bad_gateway', PROVIDER_REFUSED);
  deps.jobs.wake(JOB.mail);
  deps.publicCache.clear();
  return refundReply(deps.db, landed);
}
