/** Underlined so links stand out from body text without relying on colour. */
export const textLink =
  'font-semibold break-words text-brand-dark underline decoration-2 hover:decoration-4 dark:text-orange-300';

/** An inline link padded to a 44 px target. */
export const blockLink = `inline-flex min-h-11 items-center ${textLink}`;

/** A padded link whose long words (an email address) wrap anywhere rather than spill out of a narrow card. */
export const wrappingLink =
  'inline-flex min-h-11 min-w-0 items-center font-semibold wrap-anywhere text-brand-dark underline decoration-2 hover:decoration-4 dark:text-orange-300';
