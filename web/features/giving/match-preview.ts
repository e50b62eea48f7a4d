import type { CampaignMatch, CheckoutMatch } from '@contract/matching';
import { formatNaira } from '@contract/money';

/** What a gift's match is worked out from: the campaign's open match and its price and need. */
export type MatchTerms = {
  type: 'recipient' | 'organization';
  match?: CampaignMatch | null;
  unitPriceKobo: number;
  /** Units the campaign still needs (an organization's); a person's device is one. */
  unitsRemaining: number;
};

/** What the match is expected to add to one line, said before paying; checkout decides it exactly. */
export type MatchPreview = {
  sentence: string;
  /** What the donor is expected to pay for the line. */
  donorKobo: number;
  /** What the sponsor is expected to give with it. */
  sponsorKobo: number;
  extraUnits: number;
};

/**
 * The match a gift would get, as checkout works it out (decision 0080), from what the campaign page
 * was told: an organization gets extra whole units, the donor's units times the ratio, no more than
 * it still needs nor than the pool's money buys; a person's device is shared, the sponsor paying up
 * to ratio / (1 + ratio) of the price, never leaving the donor less than ₦1 to pay. Null without a
 * match or when it would add nothing.
 */
export function matchPreview(terms: MatchTerms, units: number): MatchPreview | null {
  const m = terms.match;
  if (!m || m.remainingKobo <= 0 || terms.unitPriceKobo <= 0) return null;
  const ratio = m.ratio ?? 1;
  if (terms.type === 'organization') {
    const extraUnits = Math.max(
      0,
      Math.min(units * ratio, terms.unitsRemaining - units, Math.floor(m.remainingKobo / terms.unitPriceKobo)),
    );
    if (extraUnits === 0) return null;
    return {
      sentence: `${m.sponsorName} adds ${extraUnits} more ${extraUnits === 1 ? 'unit' : 'units'}.`,
      donorKobo: terms.unitPriceKobo * units,
      sponsorKobo: terms.unitPriceKobo * extraUnits,
      extraUnits,
    };
  }
  const price = terms.unitPriceKobo;
  const sponsorKobo = Math.max(0, Math.min(Math.floor((price * ratio) / (1 + ratio)), m.remainingKobo, price - 100));
  if (sponsorKobo === 0) return null;
  return {
    sentence: `${m.sponsorName} pays ${formatNaira(sponsorKobo)} of this device; you pay ${formatNaira(price - sponsorKobo)}.`,
    donorKobo: price - sponsorKobo,
    sponsorKobo,
    extraUnits: 0,
  };
}

/** What checkout's reply says the match adds to this gift, in one sentence. */
export function checkoutMatchSentence(m: CheckoutMatch): string {
  return m.units > 0
    ? `Matched: ${m.sponsorName} adds ${m.units} more ${m.units === 1 ? 'unit' : 'units'} (${formatNaira(m.addsKobo)}) to your gift.`
    : `Matched: ${m.sponsorName} pays ${formatNaira(m.addsKobo)} of this gift.`;
}
