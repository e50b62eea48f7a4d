import type { FundReply } from '@contract/giving';
import type { CheckoutLine } from './use-checkout';

export type GivenLine = { label: string; units: number; amountKobo: number };

/** What the checkout pages hand to /checkout/success through navigation state. */
export type SuccessState = Pick<FundReply, 'reference' | 'amountKobo' | 'status' | 'message'> & {
  gifts: GivenLine[];
  /** The payment fee the donor covered, part of amountKobo (0 when none). */
  feeKobo: number;
  /** Once recorded: the server's signed address of the receipt, for this browser. */
  receiptUrl?: string;
};

/** Only the server's own receipt address is kept from navigation state, which can hold anything. */
const receiptUrlOf = (value: unknown): { receiptUrl?: string } =>
  typeof value === 'string' && value.startsWith('/api/donations/') ? { receiptUrl: value } : {};

export function successStateOf(result: FundReply, lines: CheckoutLine[]): SuccessState {
  return {
    reference: result.reference,
    amountKobo: result.amountKobo,
    status: result.status,
    message: result.message,
    feeKobo: result.feeKobo ?? 0,
    ...receiptUrlOf(result.receiptUrl),
    gifts: lines.map(({ label, units, amountKobo }) => ({ label, units, amountKobo })),
  };
}

function readLine(value: unknown): GivenLine | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.label !== 'string' || !v.label) return null;
  if (typeof v.units !== 'number' || !Number.isInteger(v.units) || v.units < 1) return null;
  if (typeof v.amountKobo !== 'number' || !Number.isInteger(v.amountKobo)) return null;
  return { label: v.label, units: v.units, amountKobo: v.amountKobo };
}

/** Navigation state survives reloads and can be anything, so it is checked before use. */
export function readSuccessState(state: unknown): SuccessState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (typeof s.reference !== 'string' || !s.reference) return null;
  if (typeof s.amountKobo !== 'number' || !Number.isInteger(s.amountKobo)) return null;
  if (s.status !== 'paid' && s.status !== 'needs_attention' && s.status !== 'awaiting_confirmation') return null;
  const gifts = Array.isArray(s.gifts) ? s.gifts.map(readLine) : [];
  return {
    reference: s.reference,
    amountKobo: s.amountKobo,
    status: s.status,
    message: typeof s.message === 'string' ? s.message : '',
    feeKobo: typeof s.feeKobo === 'number' && Number.isInteger(s.feeKobo) && s.feeKobo > 0 ? s.feeKobo : 0,
    gifts: gifts.every((g) => g !== null) ? (gifts as GivenLine[]) : [],
    ...receiptUrlOf(s.receiptUrl),
  };
}
