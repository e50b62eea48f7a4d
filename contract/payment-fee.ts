import type { Kobo } from './money';

/**
 * How the payment provider prices a payment: a percentage of the amount charged (in basis points,
 * 150 = 1.5%), plus a flat part only for charges of at least `flatFromKobo`, the whole capped at
 * `capKobo` (null: no cap). Zod-free, so the checkout page can show the fee before asking.
 */
export type PaymentFeeFormula = {
  percentBp: number;
  flatKobo: Kobo;
  flatFromKobo: Kobo;
  capKobo: Kobo | null;
};

/** Paystack's local card pricing: 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000. */
export const PAYSTACK_LOCAL_FEE: PaymentFeeFormula = {
  percentBp: 150,
  flatKobo: 10_000,
  flatFromKobo: 250_000,
  capKobo: 200_000,
};

const BP = 10_000;

const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

/** What the provider keeps of a charge of `chargedKobo`, rounded up to the kobo (never under-counted). */
export function providerFee(chargedKobo: Kobo, formula: PaymentFeeFormula): Kobo {
  const fee =
    ceilDiv(chargedKobo * formula.percentBp, BP) + (chargedKobo >= formula.flatFromKobo ? formula.flatKobo : 0);
  return formula.capKobo === null ? fee : Math.min(formula.capKobo, fee);
}

/**
 * The smallest X such that charging gifts + X leaves at least the gifts after the provider's fee.
 * The fee is taken from what is charged, X included, so X is grossed up rather than a percentage
 * of the gifts; and X can carry the charge over the flat part's threshold, which then applies.
 * Integer kobo throughout: for a charge under the threshold the least X with
 * X >= (gifts + X) * p is ceil(gifts * p / (1 - p)); at or over it the flat part joins the
 * numerator; the cap bounds both (X = cap always suffices).
 */
export function feeToCover(giftsKobo: Kobo, formula: PaymentFeeFormula): Kobo {
  if (!Number.isSafeInteger(giftsKobo) || giftsKobo <= 0) return 0;
  const { percentBp, flatKobo, flatFromKobo, capKobo } = formula;
  const capped = (x: number) => (capKobo === null ? x : Math.min(capKobo, x));
  const below = capped(ceilDiv(giftsKobo * percentBp, BP - percentBp));
  if (giftsKobo + below < flatFromKobo) return below;
  const over = capped(ceilDiv(giftsKobo * percentBp + flatKobo * BP, BP - percentBp));
  // Charges under the threshold were all too small: the charge must at least reach it.
  return Math.max(over, flatFromKobo - giftsKobo);
}

/** True when covering the fee would ever add anything, so the checkout offers it at all. */
export const feeCanApply = (formula: PaymentFeeFormula) => formula.percentBp > 0 || formula.flatKobo > 0;
