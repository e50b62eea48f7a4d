import { describe, expect, it } from 'vitest';
import { checkoutMatchSentence, matchPreview } from './match-preview';

const match = { sponsorName: 'Zenith Cares', remainingKobo: 10_000_000, endsAt: '2026-12-31T22:59:59.000Z', ratio: 1 };

describe('what a match is expected to add before paying', () => {
  it('gives an organization whole extra units, within its need and the pool', () => {
    const org = { type: 'organization' as const, match, unitPriceKobo: 1_200_000, unitsRemaining: 10 };
    expect(matchPreview(org, 2)).toMatchObject({ extraUnits: 2, sentence: 'Zenith Cares adds 2 more units.' });
    expect(matchPreview(org, 9)?.extraUnits).toBe(1);
    expect(matchPreview(org, 10)).toBeNull();
    const small = { ...org, match: { ...match, remainingKobo: 1_300_000 } };
    expect(matchPreview(small, 3)?.sentence).toBe('Zenith Cares adds 1 more unit.');
  });

  it("shares a person's device, the donor paying the rest", () => {
    const person = { type: 'recipient' as const, match, unitPriceKobo: 4_500_000, unitsRemaining: 1 };
    expect(matchPreview(person, 1)).toMatchObject({
      sponsorKobo: 2_250_000,
      donorKobo: 2_250_000,
      sentence: 'Zenith Cares pays ₦22,500 of this device; you pay ₦22,500.',
    });
    const tripled = { ...person, match: { ...match, ratio: 2 } };
    expect(matchPreview(tripled, 1)?.sponsorKobo).toBe(3_000_000);
    expect(matchPreview({ ...person, match: null }, 1)).toBeNull();
  });

  it("says checkout's answer in one sentence", () => {
    expect(checkoutMatchSentence({ sponsorName: 'Zenith Cares', addsKobo: 2_400_000, units: 2 })).toBe(
      'Matched: Zenith Cares adds 2 more units (₦24,000) to your gift.',
    );
    expect(checkoutMatchSentence({ sponsorName: 'Zenith Cares', addsKobo: 2_250_000, units: 0 })).toBe(
      'Matched: Zenith Cares pays ₦22,500 of this gift.',
    );
  });
});
