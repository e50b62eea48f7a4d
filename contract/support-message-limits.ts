// Kept apart from the schemas (contract/support-messages.ts) so a page can show it without zod.

/** The longest words of support a donor may leave with a gift, in characters. */
export const SUPPORT_MESSAGE_MAX = 280;
