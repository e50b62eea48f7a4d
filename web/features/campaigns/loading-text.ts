/**
 * The "Loading" words over a page's outlines rather than above them, so they take no room of their
 * own and what loads lands exactly where the outlines were. Placed after the outlines in the page,
 * so it paints over their pulsing.
 */
export const loadingText =
  'absolute top-6 left-1/2 -translate-x-1/2 rounded-full border border-gray-300 bg-white px-4 py-2 text-lg font-semibold whitespace-nowrap text-gray-900 shadow dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100';
