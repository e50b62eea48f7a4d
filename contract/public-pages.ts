/**
 * The web app's public pages that are worth finding from a search engine, in the order the sitemap
 * lists them. Campaign pages (/campaigns/12, /campaigns/org-7) are added from the database.
 */
export const PUBLIC_PAGES = [
  '/',
  '/campaigns',
  '/about',
  '/how-it-works',
  '/help',
  '/supported-states',
  '/transparency',
  '/fund',
  '/organizations',
  '/terms-of-service',
  '/privacy-policy',
] as const;
