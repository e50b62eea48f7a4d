import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';

/**
 * The Cloud API's status webhook (docs/decisions/0069): Meta's subscription handshake, the signed
 * deliveries, and the statuses they carry. Meta posts
 * `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ field: 'messages', value: {
 * messaging_product, metadata, statuses: [{ id, status, timestamp, recipient_id, errors: [{ code,
 * title, message, error_data: { details } }] }] } }] }] }`, signed in `X-Hub-Signature-256` as
 * `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`.
 */

/** The statuses acted on; Meta's others (`deleted`, `warning`, ...) are passed over. */
export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatusName = (typeof WHATSAPP_STATUSES)[number];

/** One status of one message we sent. */
export type WhatsAppStatus = {
  /** The message's id, as the send call answered it (`wamid.…`). */
  messageId: string;
  status: WhatsAppStatusName;
  /** Meta's error codes for a `failed` status (131026: undeliverable), for the log. */
  errorCodes: number[];
};

/** A delivery as it reached the server: the body's bytes and the two headers that matter. */
export type WhatsAppDelivery = { body: unknown; contentType: string | undefined; signature: unknown };

/** Equal, compared in constant time whatever the two lengths: both are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The challenge to echo when a query is Meta's subscription handshake with our verify token
 * (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`), or null for anything else.
 */
export function handshakeChallenge(
  verifyToken: string,
  query: { 'hub.mode'?: unknown; 'hub.verify_token'?: unknown; 'hub.challenge'?: unknown },
): string | null {
  const given = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (query['hub.mode'] !== 'subscribe' || typeof given !== 'string' || typeof challenge !== 'string') return null;
  // Meta's challenge is a number written in digits; nothing else is echoed.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(challenge)) return null;
  return sameSecret(given, verifyToken) ? challenge : null;
}

/**
 * Keeps JSON bodies as the raw bytes Meta signed. Call it on the webhook route's own scope, so no
 * other route loses Fastify's JSON parsing.
 */
export function keepRawWebhookBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
}

/**
 * The payload a delivery carries, once its `X-Hub-Signature-256` matches (compared in constant
 * time). Throws a worded 4xx otherwise.
 */
export function readWhatsAppDelivery(appSecret: string, delivery: WhatsAppDelivery): unknown {
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
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`);
  // Bytes, not characters: timingSafeEqual throws on buffers of different lengths.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('unauthorized', 'The webhook signature is missing or does not match.');
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const MESSAGE_ID = /^[A-Za-z0-9._=+/:-]{1,200}$/;

/**
 * Every well-formed message status a payload carries, in order. Anything else (another object,
 * another field, an incoming message, a status of an unknown kind or without an id) is left out.
 */
export function statusesOf(payload: unknown): WhatsAppStatus[] {
  if (!isObject(payload) || payload.object !== 'whatsapp_business_account') return [];
  const found: WhatsAppStatus[] = [];
  for (const entry of listOf(isObject(payload) ? payload.entry : undefined)) {
    if (!isObject(entry)) continue;
    for (const change of listOf(entry.changes)) {
      if (!isObject(change) || change.field !== 'messages' || !isObject(change.value)) continue;
      for (const status of listOf(change.value.statuses)) {
        if (!isObject(status)) continue;
        const { id, status: name } = status;
        if (typeof id !== 'string' || !MESSAGE_ID.test(id)) continue;
        if (!(WHATSAPP_STATUSES as readonly unknown[]).includes(name)) continue;
        const errorCodes = listOf(status.errors)
          .map((e) => (isObject(e) ? e.code : undefined))
          .filter((code): code is number => typeof code === 'number' && Number.isSafeInteger(code));
        found.push({ messageId: id, status: name as WhatsAppStatusName, errorCodes });
      }
    }
  }
  return found;
}
