// No zod here: the campaign cards in the web app's first pages read these words.

/**
 * What a visitor reads instead of the donate controls on a campaign that has stopped taking gifts
 * for a while (paused) or for good (closed early), and what checkout answers for one.
 */
export const STOPPED_CAMPAIGN_WORDS = {
  paused: {
    notice: 'Paused: this campaign is not taking gifts right now.',
    checkout: 'This campaign is paused and is not taking gifts right now.',
    inBag: 'is paused and is not taking gifts right now',
  },
  closed: {
    notice: 'Closed: this campaign is no longer taking gifts.',
    checkout: 'This campaign is closed and is no longer taking gifts.',
    inBag: 'is closed and is no longer taking gifts',
  },
} as const;
export const stoppedWordsOf = (status: string) =>
  (STOPPED_CAMPAIGN_WORDS as Partial<Record<string, (typeof STOPPED_CAMPAIGN_WORDS)['paused' | 'closed']>>)[status];
