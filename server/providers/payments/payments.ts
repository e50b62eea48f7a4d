import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxTransactions } from '../../db/schema/all';
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

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** Given to the browser for the payment popup (Paystack's public key); null for the sandbox. */
  readonly publicKey: string | null;
  /** Called when the server issues a reference, before the donor pays. */
  begin(input: { reference: string; amountKobo: number; email: string }): Promise<void>;
  /** Asks the provider about a reference; null when the provider does not know it. */
  verify(reference: string): Promise<VerifiedPayment | null>;
}

/**
 * The embedded default: an in-app test payment, recorded in its own ledger table. A payment by a
 * channel that confirms later stays pending until `confirmSeconds` have passed (or `confirm` is
 * called, as the bank's signed webhook does), so the popup's close sees it still under way.
 */
export function createSandboxProvider(db: Db, options: { confirmSeconds: number } = { confirmSeconds: 120 }) {
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
    async verify(reference: string): Promise<VerifiedPayment | null> {
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
        },
      };
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
  };
}
