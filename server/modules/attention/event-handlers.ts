import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import type { PaystackEvent } from '../../providers/payments/paystack-webhook';
import { isFinalRefusal, recordPayment, type PaymentDeps } from '../giving/record-payment';
import { handleRefundEvent } from '../refunds/refund-event';
import { caseWords } from '../attention-cases/case-words';
import { openCase } from '../attention-cases/open-case';

/** A provider event as kept in provider_events. */
export type StoredEvent = {
  id: number;
  event: string;
  /** The checkout's reference the event names; '' when it names none. */
  reference: string;
  donationId: number | null;
  payload: Record<string, unknown>;
};

/** Processes one kept provider event; throw to have it retried. */
export type ProviderEventHandler = (deps: PaymentDeps, event: StoredEvent) => Promise<void>;

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const kobo = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
/** A provider's transaction id as text (Paystack sends a number), or null when absent. */
const transactionId = (value: unknown): string | null =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^\w{1,64}$/.test(value))
    ? String(value)
    : null;

/** The checkout a kept event names, read now: it may have been unknown when the event came. */
async function donationOf(db: Db, reference: string): Promise<{ id: number; total: number } | undefined> {
  if (!reference) return undefined;
  const [row] = await selectRows<{ id: number; total: number }>(
    db,
    sql`select id, total_kobo as total from donations where reference = ${reference}`,
  );
  return row ? { id: Number(row.id), total: Number(row.total) } : undefined;
}

/**
 * A paid charge: recorded through the one path every report takes (record-payment.ts). Then, for a
 * checkout already recorded, a charge whose provider transaction id differs from the one recorded
 * is a second payment for the same checkout.
 */
const chargeSuccess: ProviderEventHandler = async (deps, event) => {
  if (!event.reference) return;
  try {
    await recordPayment(deps, event.reference);
  } catch (error) {
    // The provider unreachable (502) or a database failure: retry. A refusal (unknown reference,
    // unpaid, a wrong amount set aside for the admins) will not change by asking again.
    if (!isFinalRefusal(error)) throw error;
  }
  const data = objectOf(event.payload.data);
  const secondId = transactionId(data.id);
  if (secondId === null) return;
  const [recorded] = await selectRows<{ donation_id: number; recorded_id: string | null }>(
    deps.db,
    sql`select p.donation_id, p.provider_response ->> 'id' as recorded_id
          from payments p where p.reference = ${event.reference} and p.status = 'success'`,
  );
  if (!recorded?.recorded_id || recorded.recorded_id === secondId) return;
  await deps.db.transaction((tx) =>
    openCase(tx as unknown as Db, {
      donationId: Number(recorded.donation_id),
      reference: event.reference,
      reason: 'paid_twice',
      words: caseWords.paidTwice({ recordedId: recorded.recorded_id!, secondId, amountKobo: kobo(data.amount) }),
    }),
  );
};

/** A dispute opened with the bank: the payment may be reversed, so an admin decides. */
const disputeOpened: ProviderEventHandler = async (deps, event) => {
  const donation = await donationOf(deps.db, event.reference);
  if (!donation) return;
  const transaction = objectOf(objectOf(event.payload.data).transaction);
  await deps.db.transaction((tx) =>
    openCase(tx as unknown as Db, {
      donationId: donation.id,
      reference: event.reference,
      reason: 'reversed',
      words: caseWords.reversed({ event: event.event, amountKobo: kobo(transaction.amount) ?? donation.total }),
    }),
  );
};

/** A refund's progress: recorded once however it races the admin's call (refunds/refund-event.ts). */
const refundEvent: ProviderEventHandler = async (deps, event) => {
  await handleRefundEvent(deps, event.payload as PaystackEvent);
};

/** Kept for the record; the case opened when the dispute was created waits for the admins. */
const keptOnly: ProviderEventHandler = async () => undefined;

/**
 * What each kind of provider event does, by the provider's event name. A name ending in `.*`
 * covers every event under it that has no entry of its own. Events of other kinds are kept and
 * otherwise ignored. Add a kind here with its handler.
 */
export const providerEventHandlers: Record<string, ProviderEventHandler> = {
  'charge.success': chargeSuccess,
  'charge.dispute.create': disputeOpened,
  'charge.dispute.*': keptOnly,
  'refund.*': refundEvent,
};

export function handlerFor(event: string): ProviderEventHandler | undefined {
  if (Object.hasOwn(providerEventHandlers, event)) return providerEventHandlers[event];
  const parts = event.split('.');
  for (let n = parts.length - 1; n > 0; n -= 1) {
    const wildcard = `${parts.slice(0, n).join('.')}.*`;
    if (Object.hasOwn(providerEventHandlers, wildcard)) return providerEventHandlers[wildcard];
  }
  return undefined;
}
