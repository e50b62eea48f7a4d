import type { FundReply } from '@contract/giving';

/** What the checkout pages hand to /checkout/success through navigation state. */
export type SuccessState = Pick<FundReply, 'reference' | 'amountKobo' | 'status' | 'message'>;

/** Navigation state survives reloads and can be anything, so it is checked before use. */
export function readSuccessState(state: unknown): SuccessState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (typeof s.reference !== 'string' || !s.reference) return null;
  if (typeof s.amountKobo !== 'number' || !Number.isInteger(s.amountKobo)) return null;
  if (s.status !== 'paid' && s.status !== 'needs_attention') return null;
  return {
    reference: s.reference,
    amountKobo: s.amountKobo,
    status: s.status,
    message: typeof s.message === 'string' ? s.message : '',
  };
}
