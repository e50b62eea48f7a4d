import { formatNaira, percentOf } from '@contract/money';
import type { ShareFacts } from './share-facts';

/** What a campaign's progress is drawn from, on a preview image and on a poster. */
export type ProgressFacts = Pick<
  ShareFacts,
  'kind' | 'raisedKobo' | 'goalKobo' | 'unitsFunded' | 'quantity' | 'isFunded'
>;

/** The progress a bar shows, in whole percent: units for an organization, money for a recipient. */
export function progressPercentOf(facts: ProgressFacts): number {
  return facts.kind === 'organization'
    ? percentOf(facts.unitsFunded, facts.quantity)
    : percentOf(facts.raisedKobo, facts.goalKobo);
}

/**
 * The figures beside a bar, in the words the campaign page uses, the same on the preview image and
 * the poster: units then money for an organization, money then the share for a recipient.
 */
export function progressWordsOf(facts: ProgressFacts): { main: string; detail: string } {
  const money = `${formatNaira(facts.raisedKobo)} raised of ${formatNaira(facts.goalKobo)}`;
  if (facts.kind === 'organization') {
    const units = facts.quantity === 1 ? 'unit' : 'units';
    return { main: `${facts.unitsFunded} of ${facts.quantity} ${units} funded`, detail: money };
  }
  return { main: money, detail: facts.isFunded ? 'Fully funded' : `${progressPercentOf(facts)}% funded` };
}
