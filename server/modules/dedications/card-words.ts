import { dedicationHeading } from '@contract/dedication';
import type { CardFacts } from './card-facts';

/** The one sentence on what the charity does, on every card. */
export const CHARITY_WORDS =
  'Gift of Independence funds assistive technology, such as braille displays, screen-reader laptops and smart canes, for blind and visually impaired people across Nigeria.';

/**
 * What a card says, in reading order, for its mail and its PDF alike (decision 0079). The wording
 * around the donor's message is the site's own, so the card cannot be turned into any other mail.
 */
export type CardWords = {
  heading: string;
  opening: string;
  helps: string[];
  /** The sentence that hands over to the donor's message, and the message itself; null when none. */
  message: { intro: string; body: string } | null;
  charity: string;
  /** The site's address, from the public base URL (never from a request). */
  siteAddress: string;
};

/** The card's last sentence: where to find out more. */
export const findOutMore = (siteAddress: string): string => `Find out more at ${siteAddress}`;

export function cardWords(facts: CardFacts, siteAddress: string): CardWords {
  const honour = facts.kind === 'honour';
  return {
    heading: dedicationHeading(facts.kind, facts.name),
    opening: honour
      ? `${facts.donorName} has given a gift through Gift of Independence in your honour.`
      : `${facts.donorName} has given a gift through Gift of Independence in memory of ${facts.name}.`,
    helps: facts.campaigns.map((c) => `It helps ${c.publicName} get ${c.device}.`),
    message: facts.message ? { intro: `${facts.donorName} wrote this message for you:`, body: facts.message } : null,
    charity: CHARITY_WORDS,
    siteAddress,
  };
}

/** The subject of the card's mail: the heading, which names nobody but the person it is for. */
export const cardSubject = (words: Pick<CardWords, 'heading'>): string => words.heading;
