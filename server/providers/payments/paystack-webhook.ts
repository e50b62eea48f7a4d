import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';

/** What the webhook route reads of a Paystack event; the whole of it is kept as received. */
export type PaystackEvent = { event?: unknown; data?: { reference?: unknown; transaction?: unknown } | null };

/** A delivery as it reached the server: the body's bytes and the two headers that matter. */
export type PaystackDelivery = { body: unknown; contentType: string | undefined; signature: unknown };

/**
 * Keeps JSON bodies as the raw bytes Paystack signed. Call it on the webhook route's own scope, so no
 * other route loses Fastify's JSON parsing.
 */
export function keepRawJsonBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
}

/**
 * The event a webhook delivery carries, once its `x-paystack-signature` (HMAC-SHA512 of the raw body
 * with the secret key, compared in constant time) matches. Throws a worded 4xx otherwise.
 */
export function readPaystackEvent(secret: string, delivery: PaystackDelivery): PaystackEvent {
  const raw = delivery.body;
  // Checked before the signature: an empty or non-JSON delivery has nothing to sign.
  if (!Buffer.isBuffer(raw) || raw.length === 0) {
    const type = delivery.contentType;
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError('unsupported_media_type', 'Webhook events must be sent as JSON.');
    }
    throw new AppError('bad_request', 'The webhook event is empty.');
  }
  const given = Buffer.from(String(delivery.signature ?? ''));
  const expected = Buffer.from(createHmac('sha512', secret).update(raw).digest('hex'));
  // Bytes, not characters: a signature of the right length with a non-ASCII character is longer in
  // bytes, and timingSafeEqual throws on buffers of different lengths.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('unauthorized', 'Invalid signature.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
  return (typeof parsed === 'object' && parsed !== null ? parsed : {}) as PaystackEvent;
}

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;
const isReference = (value: unknown): value is string => typeof value === 'string' && REFERENCE.test(value);

/** The event's name as Paystack gives it (`charge.success`, `charge.dispute.create`...), or '' when it has none. */
export function eventName(event: PaystackEvent): string {
  return typeof event.event === 'string' ? event.event.slice(0, 100) : '';
}

/**
 * The checkout reference an event names, or null when it names none or a malformed one: a charge's
 * `data.reference`, a dispute's or refund's transaction (`data.transaction.reference`, or a refund's
 * `data.transaction_reference`).
 */
export function eventReference(event: PaystackEvent): string | null {
  const data = typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};
  const transaction =
    typeof data.transaction === 'object' && data.transaction !== null
      ? (data.transaction as Record<string, unknown>)
      : {};
  for (const candidate of [data.reference, transaction.reference, data.transaction_reference])
    if (isReference(candidate)) return candidate;
  return null;
}

/** The payment reference of a `charge.success` event, or null for any other event or a malformed reference. */
export function paidReference(event: PaystackEvent): string | null {
  const reference = typeof event.data === 'object' && event.data !== null ? event.data.reference : undefined;
  return event.event === 'charge.success' && isReference(reference) ? reference : null;
}

/** What a Paystack refund event (`refund.pending`, `refund.processed`, `refund.failed`) says. */
export type RefundEvent = {
  status: 'pending' | 'processed' | 'failed';
  /** Paystack's refund id, the same its Refund API answered. */
  refundId: string;
  /** The refunded transaction's reference, when the event names one. */
  reference: string | null;
  /** In kobo; null when the event carries no usable amount. */
  amountKobo: number | null;
  currency: string | null;
};

const REFUND_EVENTS: Record<string, RefundEvent['status']> = {
  'refund.pending': 'pending',
  'refund.processing': 'pending',
  'refund.processed': 'processed',
  'refund.failed': 'failed',
};

/**
 * The refund a `refund.*` event reports, or null for any other event or one without a refund id.
 * Paystack names the refunded transaction `transaction_reference`; older events nest it under
 * `transaction.reference`.
 */
export function readRefundEvent(event: PaystackEvent): RefundEvent | null {
  const status = typeof event.event === 'string' ? REFUND_EVENTS[event.event] : undefined;
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  if (!status) return null;
  const id = data.id;
  const refundId = typeof id === 'number' || typeof id === 'string' ? String(id) : '';
  if (refundId.length === 0 || refundId.length > 100) return null;
  const nested = typeof data.transaction === 'object' && data.transaction !== null ? data.transaction : {};
  const ref = data.transaction_reference ?? (nested as { reference?: unknown }).reference;
  const amount = data.amount;
  return {
    status,
    refundId,
    reference: typeof ref === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(ref) ? ref : null,
    amountKobo: typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null,
    currency: typeof data.currency === 'string' ? data.currency.slice(0, 10) : null,
  };
}
