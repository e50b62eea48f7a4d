import { describe, expect, it } from 'vitest';
import { PAYSTACK_LOCAL_FEE, feeCanApply, feeToCover, providerFee, type PaymentFeeFormula } from './payment-fee';

const naira = (n: number) => n * 100;

/** The definition, searched kobo by kobo: the least X whose charge leaves the gifts whole. */
function leastCover(gifts: number, formula: PaymentFeeFormula): number {
  for (let x = 0; ; x += 1) if (gifts + x - providerFee(gifts + x, formula) >= gifts) return x;
}

describe('the fee a donor may cover', () => {
  it('leaves the campaign the full price after the provider takes its fee from the whole charge', () => {
    for (const gifts of [1, 99, naira(1000), naira(2400), naira(2465), naira(50_000), naira(2_000_000)]) {
      const fee = feeToCover(gifts, PAYSTACK_LOCAL_FEE);
      const charged = gifts + fee;
      expect(charged - providerFee(charged, PAYSTACK_LOCAL_FEE), `gifts ${gifts}`).toBeGreaterThanOrEqual(gifts);
    }
  });

  it('grosses up rather than taking 1.5% of the gifts', () => {
    // ₦1,000: 1.5% is ₦15, but ₦15 more is charged 1.5% too: ₦15.23 leaves exactly ₦1,000.
    expect(feeToCover(naira(1000), PAYSTACK_LOCAL_FEE)).toBe(1523);
    expect(providerFee(naira(1000) + 1523, PAYSTACK_LOCAL_FEE)).toBe(1523);
    // ₦10,000: (₦150 + ₦100) / 0.985, rounded up to the kobo.
    expect(feeToCover(naira(10_000), PAYSTACK_LOCAL_FEE)).toBe(25_381);
  });

  it('adds the flat ₦100 once the charge, fee included, reaches ₦2,500', () => {
    // ₦2,450 + ₦37.31 stays under ₦2,500: no flat part.
    expect(feeToCover(naira(2450), PAYSTACK_LOCAL_FEE)).toBe(3731);
    // ₦2,465 + 1.5% would pass ₦2,500, where the ₦100 applies, so it is grossed up with it.
    expect(feeToCover(naira(2465), PAYSTACK_LOCAL_FEE)).toBe(13_907);
    // Just under the threshold, and the threshold itself.
    expect(feeToCover(naira(2500) - 1, PAYSTACK_LOCAL_FEE)).toBe(13_960);
    expect(feeToCover(naira(2500), PAYSTACK_LOCAL_FEE)).toBe(13_960);
  });

  it('is the least such amount, kobo by kobo, around the threshold and the cap', () => {
    const around = (centre: number, spread: number, step: number) =>
      Array.from({ length: Math.floor((2 * spread) / step) + 1 }, (_, i) => centre - spread + i * step);
    const cases = [
      ...around(naira(2500), naira(100), 7),
      ...around(naira(126_000), naira(1500), 1009),
      [1, 2, 66, 67, 68, 100, 1000].flat(),
    ].flat();
    for (const gifts of cases)
      expect(feeToCover(gifts, PAYSTACK_LOCAL_FEE), `gifts ${gifts}`).toBe(leastCover(gifts, PAYSTACK_LOCAL_FEE));
  });

  it('never passes the ₦2,000 cap, however big the bag', () => {
    // The cap is reached when 1.5% + ₦100 of the charge is ₦2,000: a charge of about ₦126,667.
    expect(feeToCover(naira(124_000), PAYSTACK_LOCAL_FEE)).toBe(198_985);
    expect(feeToCover(naira(125_000), PAYSTACK_LOCAL_FEE)).toBe(naira(2000));
    expect(feeToCover(naira(50_000_000), PAYSTACK_LOCAL_FEE)).toBe(naira(2000));
    expect(feeToCover(Math.floor(Number.MAX_SAFE_INTEGER / 20_000), PAYSTACK_LOCAL_FEE)).toBe(naira(2000));
  });

  it('is a kobo for a 1 kobo gift, and nothing for no gift at all', () => {
    expect(feeToCover(1, PAYSTACK_LOCAL_FEE)).toBe(1);
    expect(feeToCover(0, PAYSTACK_LOCAL_FEE)).toBe(0);
    expect(feeToCover(-5, PAYSTACK_LOCAL_FEE)).toBe(0);
    expect(feeToCover(1.5, PAYSTACK_LOCAL_FEE)).toBe(0);
  });

  it('follows another formula, without a cap or with no fee at all', () => {
    const flatOnly: PaymentFeeFormula = { percentBp: 0, flatKobo: naira(50), flatFromKobo: 0, capKobo: null };
    expect(feeToCover(naira(10), flatOnly)).toBe(naira(50));
    const uncapped = { ...PAYSTACK_LOCAL_FEE, capKobo: null };
    expect(feeToCover(naira(1_000_000), uncapped)).toBe(leastCover(naira(1_000_000), uncapped));
    const none: PaymentFeeFormula = { percentBp: 0, flatKobo: 0, flatFromKobo: 0, capKobo: null };
    expect(feeToCover(naira(5000), none)).toBe(0);
    expect(feeCanApply(none)).toBe(false);
    expect(feeCanApply(PAYSTACK_LOCAL_FEE)).toBe(true);
  });
});
