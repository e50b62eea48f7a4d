// No zod here: the gift history page reads these without loading the schema library.

/** How a payment waiting for the bank is listed in a donor's gift history (outside the totals). */
export const AWAITING_WORDS = 'Awaiting confirmation';

/**
 * How a gift the team must look at is listed (outside the totals): a payment of another amount than
 * asked, or a part that could not be placed because the campaign was funded first.
 */
export const BEING_CHECKED_WORDS = 'Being checked by our team';
