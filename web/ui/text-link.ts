/** Underlined so links stand out from body text without relying on colour. */
export const textLink =
  'font-semibold break-words text-brand-dark underline decoration-2 hover:decoration-4 dark:text-orange-300';

/** An inline link padded to a 44 px target. */
export const blockLink = `inline-flex min-h-11 items-center ${textLink}`;
