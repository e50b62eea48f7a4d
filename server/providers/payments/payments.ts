import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxTransactions } from '../../db/schema/all';

/** What the provider says about a reference. Only `success` with the exact amount and NGN counts. */
export type VerifiedPayment = {
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'other';
  amountKobo: number;
  currency: string;
  raw: Record<string, unknown>;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** Given to the browser for the payment popup (Paystack's public key); null for the sandbox. */
  readonly publicKey: string | null;
  /** Called when the server issues a reference, before the donor pays. */
  begin(input: { reference: string; amountKobo: number; email: string }): Promise<void>;
  /** Asks the provider about a reference; null when the provider does not know it. */
  verify(reference: string): Promise<VerifiedPayment | null>;
}

/** The embedded default: an in-app test payment, recorded in its own ledger table. */
export function createSandboxProvider(db: Db) {
  return {
    name: 'sandbox' as const,
    publicKey: null,
    async begin({ reference, amountKobo, email }: { reference: string; amountKobo: number; email: string }) {
      await db.insert(sandboxTransactions).values({ reference, amountKobo, email });
    },
    /** The "card was charged" step of the test payment dialog. Returns false for an unknown reference. */
    async charge(reference: string): Promise<boolean> {
      const rows = await db
        .update(sandboxTransactions)
        .set({ status: 'success', paidAt: sql`coalesce(${sandboxTransactions.paidAt}, now())` })
        .where(eq(sandboxTransactions.reference, reference))
        .returning({ reference: sandboxTransactions.reference });
      return rows.length > 0;
    },
    async verify(reference: string): Promise<VerifiedPayment | null> {
      const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
      if (!row) return null;
      return {
        status: row.status === 'success' ? 'success' : row.status === 'failed' ? 'failed' : 'pending',
        amountKobo: row.amountKobo,
        currency: row.currency,
        raw: { reference: row.reference, status: row.status, amount: row.amountKobo, currency: row.currency },
      };
    },
  } satisfies PaymentProvider & { charge(reference: string): Promise<boolean> };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/** Paystack: the inline popup charges the card; the server verifies with the secret key. */
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
        data?: { status?: string; amount?: number; currency?: string; reference?: string };
      };
      const data = body.data;
      if (!body.status || !data || data.reference !== reference) return null;
      const status = data.status;
      return {
        status:
          status === 'success' || status === 'failed' || status === 'abandoned' || status === 'pending'
            ? status
            : 'other',
        amountKobo: typeof data.amount === 'number' ? data.amount : -1,
        currency: typeof data.currency === 'string' ? data.currency : '',
        raw: data as Record<string, unknown>,
      };
    },
  };
}
