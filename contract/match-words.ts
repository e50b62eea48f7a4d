import { formatNaira } from './money';
import { lagosDay } from './plain-format';

/** An open match as pages word it: what the pool still has, whose it is, and when it closes. */
export type MatchFacts = { sponsorName: string; remainingKobo: number; endsAt: string; ratio?: number };

/** "doubled" for 1:1, "tripled" for 2:1, "quadrupled" for 3:1: what a naira given becomes. */
export function matchVerb(ratio = 1): string {
  if (ratio >= 3) return 'quadrupled';
  if (ratio === 2) return 'tripled';
  return 'doubled';
}

/** The day a match closes, in Lagos, as a person says it ("31 December"). */
export const matchClosingDay = (endsAt: string | Date): string => lagosDay(endsAt).replace(/ \d{4}$/, '');

/**
 * The one sentence every campaign page, preview and share text says about an open match, so a
 * donor reads the same promise wherever they meet it.
 */
export function matchLine(m: MatchFacts): string {
  return `Every naira ${matchVerb(m.ratio)} by ${m.sponsorName} until ${matchClosingDay(m.endsAt)}, ${formatNaira(m.remainingKobo)} left`;
}
