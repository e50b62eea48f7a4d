import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxTransactions } from '../../db/schema/all';
import type { PaymentProviderName } from '@contract/giving';
import { isPayLater } from '@contract/payment-channels';

/** What the provider says about a reference. Only `success` with the exact amount and NGN counts. */
export type VerifiedPayment = {
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'other';
  amountKobo: number;
  currency: string;
  /** How the provider says the donor paid (card, bank, ussd, bank_transfer...), when it says. */
  channel: string | null;
  raw: Record<string, unknown>;
};

/**
 * Paystack's words for a payment still under way (a transfer not yet arrived, a USSD session open),
 * read as `pending`.
 */
const IN_FLIGHT = new Set(['pending', 'ongoing', 'processing', 'queued']);

/** What the provider answered to a refund asked of it. */
export type ProviderRefund = {
  /** The provider's own id of the refund, the same its refund webhook events carry. */
  id: string;
  status: 'pending' | 'processed' | 'failed';
  raw: Record<string, unknown>;
};

/** A refund asked of the provider: of a paid reference, in kobo, with the admin's note for the merchant. */
export type RefundRequest = { reference: string; amountKobo: number; note: string };

/** Paystack's refund statuses in our three words: anything not yet final is pending. */
function refundStatus(status: unknown): ProviderRefund['status'] {
  return status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending';
}

/**
 * A card's reusable authorization, as a verified card payment carries it (Paystack's
 * `data.authorization`): charging it again needs only its code (decision 0077).
 */
export type CardAuthorization = { code: string; reusable: boolean; label: string | null };

/** The card authorization a verified payment carries, or null when it paid by another channel. */
export function cardAuthorizationOf(verified: Pick<VerifiedPayment, 'raw'>): CardAuthorization | null {
  const auth = verified.raw.authorization as Record<string, unknown> | null | undefined;
  if (!auth || typeof auth !== 'object') return null;
  const code = auth.authorization_code;
  if (typeof code !== 'string' || !/^AUTH_[A-Za-z0-9_]{1,100}$/.test(code)) return null;
  if (auth.channel !== undefined && auth.channel !== 'card') return null;
  const brand = typeof auth.card_type === 'string' ? auth.card_type.trim().slice(0, 20) : '';
  const last4 = typeof auth.last4 === 'string' && /^\d{4}$/.test(auth.last4) ? auth.last4 : null;
  const named = brand ? brand.charAt(0).toUpperCase() + brand.slice(1).toLowerCase() : 'Card';
  return { code, reusable: auth.reusable === true, label: last4 ? `${named} ending ${last4}` : null };
}

/** A charge of a saved card asked of the provider, under our own reference. */
export type AuthorizationCharge = { authorizationCode: string; email: string; amountKobo: number; reference: string };

/**
 * The provider refused a charge of a saved card as a request (an authorization it no longer honours,
 * an address that does not match the card's): nothing was taken, and asking again will not change it.
 */
export class ChargeRefused extends Error {}

/** What the provider answered to a charge of a saved card: paid, declined, or still being decided. */
export type AuthorizationChargeResult = { status: 'success' | 'failed' | 'pending'; reason: string | null };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Given to the browser for the payment popup (Paystack's public key); null for the sandbox. */
  readonly publicKey: string | null;
  /** Called when the server issues a reference, before the donor pays. */
  begin(input: { reference: string; amountKobo: number; email: string }): Promise<void>;
  /** Asks the provider about a reference; null when the provider does not know it. */
  verify(reference: string): Promise<VerifiedPayment | null>;
  /** Asks the provider to give money of a paid reference back; throws when it does not accept. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Charges a card's reusable authorization again under `reference`. Throws when the provider
   * cannot be reached or refuses the request itself (a reference it already knows, say), so the
   * caller asks `verify` rather than charging again.
   */
  chargeAuthorization(charge: AuthorizationCharge): Promise<AuthorizationChargeResult>;
}

/** The sandbox's card authorization for a reference paid by card: reusable, as a real card's is. */
const sandboxAuthorization = (reference: string) => ({
  authorization_code: `AUTH_sandbox_${createHash('sha256').update(reference).digest('hex').slice(0, 16)}`,
  reusable: true,
  card_type: 'visa',
  last4: '4081',
  channel: 'card',
});

/** The sandbox declines a saved card whose holder's address says so, so a newcomer can see a failed charge. */
export const SANDBOX_DECLINING_EMAIL = /\+declined@/i;

/**
 * The embedded default: an in-app test payment, recorded in its own ledger table. A payment by a
 * channel that confirms later stays pending until `confirmSeconds` have passed (or `confirm` is
 * called, as the bank's signed webhook does), so the popup's close sees it still under way.
 */
export function createSandboxProvider(db: Db, options: { confirmSeconds: number } = { confirmSeconds: 120 }) {
  /** What the ledger says of a reference, in the shape Paystack's verify answers. */
  async function verify(reference: string): Promise<VerifiedPayment | null> {
    const [row] = await db
      .select({
        reference: sandboxTransactions.reference,
        status: sandboxTransactions.status,
        amountKobo: sandboxTransactions.amountKobo,
        currency: sandboxTransactions.currency,
        channel: sandboxTransactions.channel,
        confirmed: sql<boolean>`coalesce(${sandboxTransactions.confirmAt} <= now(), false)`,
      })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference));
    if (!row) return null;
    // A payment that confirms later counts as paid once its time has come, as a bank's would.
    const paid = row.status === 'success' || (row.status === 'pending' && row.confirmed);
    const status = paid ? 'success' : row.status === 'failed' ? 'failed' : 'pending';
    return {
      status,
      amountKobo: row.amountKobo,
      currency: row.currency,
      channel: row.channel,
      raw: {
        reference: row.reference,
        status: paid ? 'success' : row.channel ? 'ongoing' : row.status,
        amount: row.amountKobo,
        currency: row.currency,
        channel: row.channel,
        ...(paid && (row.channel ?? 'card') === 'card' ? { authorization: sandboxAuthorization(row.reference) } : {}),
      },
    };
  }

  return {
    name: 'sandbox' as const,
    publicKey: null,
    async begin({ reference, amountKobo, email }: { reference: string; amountKobo: number; email: string }) {
      await db.insert(sandboxTransactions).values({ reference, amountKobo, email });
    },
    /**
     * The test payment dialog's Pay: by card or bank the payment succeeds at once; by a channel that
     * confirms later it is under way until its confirmation time. A payment already made stays made.
     * Returns false for an unknown reference.
     */
    async charge(reference: string, channel: string = 'card'): Promise<boolean> {
      const later = isPayLater(channel);
      const rows = await db
        .update(sandboxTransactions)
        .set(
          later
            ? {
                channel: sql`case when ${sandboxTransactions.status} = 'success' then ${sandboxTransactions.channel} else ${channel} end`,
                confirmAt: sql`case when ${sandboxTransactions.status} = 'success' then ${sandboxTransactions.confirmAt}
                                    else now() + make_interval(secs => ${options.confirmSeconds}) end`,
              }
            : {
                status: 'success',
                channel: sql`case when ${sandboxTransactions.status} = 'success' then ${sandboxTransactions.channel} else ${channel} end`,
                paidAt: sql`coalesce(${sandboxTransactions.paidAt}, now())`,
              },
        )
        .where(eq(sandboxTransactions.reference, reference))
        .returning({ reference: sandboxTransactions.reference });
      return rows.length > 0;
    },
    /** The bank confirms a payment under way (the sandbox's signed webhook). False for an unknown reference. */
    async confirm(reference: string): Promise<boolean> {
      const rows = await db
        .update(sandboxTransactions)
        .set({ status: 'success', paidAt: sql`coalesce(${sandboxTransactions.paidAt}, now())` })
        .where(eq(sandboxTransactions.reference, reference))
        .returning({ reference: sandboxTransactions.reference });
      return rows.length > 0;
    },
    verify,
    /**
     * The sandbox gives back at once: a refund of a reference its ledger holds as paid, up to the
     * amount paid, is processed on the spot. Its ledger keeps no refunds of its own (the app's
     * refunds table is the record), so the id is a fresh one each time.
     */
    async refund({ reference, amountKobo, note }: RefundRequest): Promise<ProviderRefund> {
      const paid = await verify(reference);
      if (!paid || paid.status !== 'success') throw new Error(`The sandbox holds no payment ${reference} to refund.`);
      if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > paid.amountKobo)
        throw new Error(`The sandbox cannot refund ${amountKobo} kobo of a payment of ${paid.amountKobo}.`);
      const id = `sandbox-refund-${randomUUID()}`;
      return {
        id,
        status: 'processed',
        raw: {
          id,
          transaction: reference,
          amount: amountKobo,
          currency: 'NGN',
          merchant_note: note,
          status: 'processed',
        },
      };
    },
    /**
     * Charges a saved card: a code the sandbox issued is paid at once, under the new reference, unless
     * the address is one the sandbox declines. A reference it already holds is refused, as Paystack
     * refuses a duplicate reference.
     */
    async chargeAuthorization({ authorizationCode, email, amountKobo, reference }: AuthorizationCharge) {
      if (!/^AUTH_sandbox_[0-9a-f]{16}$/.test(authorizationCode))
        return { status: 'failed' as const, reason: 'Invalid authorization' };
      const declined = SANDBOX_DECLINING_EMAIL.test(email);
      const rows = await db
        .insert(sandboxTransactions)
        .values({
          reference,
          amountKobo,
          email,
          channel: 'card',
          status: declined ? 'failed' : 'success',
          paidAt: declined ? null : sql`now()`,
        })
        .onConflictDoNothing()
        .returning({ reference: sandboxTransactions.reference });
      if (rows.length === 0) throw new Error(`Duplicate Transaction Reference ${reference}`);
      return declined
        ? { status: 'failed' as const, reason: 'Declined' }
        : { status: 'success' as const, reason: null };
    },
  } satisfies PaymentProvider & {
    charge(reference: string, channel?: string): Promise<boolean>;
    confirm(reference: string): Promise<boolean>;
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/** Paystack: the inline popup takes the payment; the server verifies with the secret key. */
export function createPaystackProvider(options: {
  secretKey: string;
  publicKey: string | null;
  apiBase: string;
  fetchImpl?: typeof fetch;
}): PaymentProvider {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    name: 'paystack',
    publicKey: options.publicKey,
    async begin() {
      // The popup initialises the transaction with the server-issued reference; nothing to do here.
    },
    async verify(reference) {
      const res = await doFetch(
        `${options.apiBase.replace(/\/$/, '')}/transaction/verify/${encodeURIComponent(reference)}`,
        {
          headers: { authorization: `Bearer ${options.secretKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(15_000),
        },
      );
      // Paystack answers 400 (or 404) with status false for a reference it does not know.
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new Error(`Paystack verify answered ${res.status}`);
      const body = (await res.json()) as {
        status?: boolean;
        data?: { status?: string; amount?: number; currency?: string; reference?: string; channel?: unknown };
      };
      const data = body.data;
      if (!body.status || !data || data.reference !== reference) return null;
      const status = data.status;
      return {
        status:
          status === 'success' || status === 'failed' || status === 'abandoned'
            ? status
            : status !== undefined && IN_FLIGHT.has(status)
              ? 'pending'
              : 'other',
        amountKobo: typeof data.amount === 'number' ? data.amount : -1,
        currency: typeof data.currency === 'string' ? data.currency : '',
        channel: typeof data.channel === 'string' && data.channel ? data.channel.slice(0, 40) : null,
        raw: data as Record<string, unknown>,
      };
    },
    async refund({ reference, amountKobo, note }) {
      // Paystack's Refund API: the transaction by its reference, the amount in kobo, our note to ourselves.
      const res = await doFetch(`${options.apiBase.replace(/\/$/, '')}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ transaction: reference, amount: amountKobo, merchant_note: note }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => null)) as {
        status?: boolean;
        message?: unknown;
        data?: { id?: unknown; status?: unknown } | null;
      } | null;
      if (!res.ok || !body?.status || !body.data) {
        const said = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
        throw new Error(`Paystack refund answered ${res.status}${said}`);
      }
      const id = body.data.id;
      if ((typeof id !== 'number' && typeof id !== 'string') || String(id).length === 0 || String(id).length > 100)
        throw new Error('Paystack refund answered without a refund id');
      return { id: String(id), status: refundStatus(body.data.status), raw: body.data as Record<string, unknown> };
    },
    async chargeAuthorization({ authorizationCode, email, amountKobo, reference }) {
      // Paystack's Charge Authorization: the saved card's code, the customer's email, kobo, our reference.
      const res = await doFetch(`${options.apiBase.replace(/\/$/, '')}/transaction/charge_authorization`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          authorization_code: authorizationCode,
          email,
          amount: amountKobo,
          reference,
          currency: 'NGN',
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => null)) as {
        status?: boolean;
        message?: unknown;
        data?: { status?: unknown; reference?: unknown; gateway_response?: unknown } | null;
      } | null;
      if (!res.ok || !body?.status || !body.data || body.data.reference !== reference) {
        const said = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
        // A 4xx is Paystack refusing the request itself; anything else may be an outage, asked again later.
        const refused = res.status >= 400 && res.status < 500 && res.status !== 429;
        throw new (refused ? ChargeRefused : Error)(`Paystack charge_authorization answered ${res.status}${said}`);
      }
      const status = body.data.status;
      const reason = typeof body.data.gateway_response === 'string' ? body.data.gateway_response.slice(0, 200) : null;
      return {
        status: status === 'success' ? 'success' : status === 'failed' ? 'failed' : 'pending',
        reason,
      };
    },
  };
}
