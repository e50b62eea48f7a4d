/** A supporter's fundraiser (decision 0081): pending until an admin approves it, closed by its owner. */
export const FUNDRAISER_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;
export type FundraiserStatus = (typeof FUNDRAISER_STATUSES)[number];

export const FUNDRAISER_TITLE_MAX = 80;
export const FUNDRAISER_STORY_MAX = 2000;
/** At most one open fundraiser per campaign and this many open in all, per donor. */
export const FUNDRAISERS_OPEN_MAX = 5;
