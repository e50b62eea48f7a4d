import { ATTENTION_REASON_WORDS } from '@contract/money-desk';
import { formatNaira } from '@contract/money';

/** An amount as the provider reported it: naira for NGN, otherwise the minor units and the currency named. */
const reported = (amountKobo: number | null, currency: string) =>
  amountKobo === null
    ? 'no amount'
    : currency === 'NGN'
      ? formatNaira(amountKobo)
      : `${amountKobo} minor units of ${currency || 'an unnamed currency'}`;

/**
 * Each reason in words with the figures of its case, as the queue and the admins' notice show it:
 * the rule's sentence from the contract, then what this payment shows.
 */
export const caseWords = {
  wrongAmount: (f: { askedKobo: number; paidKobo: number | null; currency: string }) =>
    `${ATTENTION_REASON_WORDS.wrong_amount} Asked ${formatNaira(f.askedKobo)}; the provider reports ${reported(f.paidKobo, f.currency)}.`,
  paidAfterClose: (f: { totalKobo: number; unplaced: readonly string[] }) =>
    `${ATTENTION_REASON_WORDS.paid_after_close} Paid ${formatNaira(f.totalKobo)}; not placed: ${f.unplaced.join(', ')}.`,
  paidTwice: (f: { recordedId: string; secondId: string; amountKobo: number | null }) =>
    `${ATTENTION_REASON_WORDS.paid_twice} Recorded transaction ${f.recordedId}; another, ${f.secondId}, of ${f.amountKobo === null ? 'an amount not given' : formatNaira(f.amountKobo)}.`,
  matchLapsed: (f: { totalKobo: number; unplaced: readonly string[] }) =>
    `${ATTENTION_REASON_WORDS.match_lapsed} Paid ${formatNaira(f.totalKobo)}; not placed: ${f.unplaced.join(', ')}.`,
  reversed: (f: { event: string; amountKobo: number | null }) =>
    `${ATTENTION_REASON_WORDS.reversed} The provider sent ${f.event}${f.amountKobo === null ? '' : ` on a payment of ${formatNaira(f.amountKobo)}`}.`,
};
