import { SITE_NAME } from '@contract/site';

/**
 * The public pages that are not a campaign's, as a link to them is previewed: the title each page
 * gives itself (`preview-meta.test.ts` checks it against the page's source) and a sentence on what
 * it holds. Any other address (the signed-in areas, checkout, the gift bag, reset links) has no preview.
 */
export const PREVIEW_PAGES: Readonly<Record<string, { title: string; description: string }>> = {
  '/': {
    title: SITE_NAME,
    description:
      'Give the Gift of Independence: fund braille displays, screen-reader laptops, smart canes and other assistive technology for blind and visually impaired Nigerians.',
  },
  '/campaigns': {
    title: 'All Campaigns',
    description:
      'Every campaign funds one specific device, verified by our team. Choose someone to give the gift of independence to.',
  },
  '/search': {
    title: 'Search Campaigns',
    description: 'Find campaigns by device, name or place: braille displays, smart canes, laptops and more.',
  },
  '/login': {
    title: 'Sign In',
    description: 'Sign in or create an account to give, or to ask for the assistive technology you need.',
  },
  '/about': {
    title: 'About Us',
    description:
      'Gift of Independence is run by a non-profit research centre for accessibility technology. We connect donors with blind and visually impaired people across Nigeria who need assistive technology.',
  },
  '/how-it-works': {
    title: 'How It Works',
    description: 'Whether you need a device or want to give one, here is what happens from start to finish.',
  },
  '/help': {
    title: 'Help Center',
    description: 'Answers to common questions about giving, pickup and refunds, and a way to reach our team.',
  },
  '/supported-states': {
    title: 'Supported States and Pickup Policy',
    description: 'Where we support recipients, and how funded devices are collected.',
  },
  '/transparency': {
    title: 'Public Ledger',
    description:
      'Where the money goes: money raised, gifts, devices funded and delivered, and how long each step takes, computed from our records.',
  },
  '/fund': {
    title: 'The Independence Fund',
    description:
      'One gift for the campaigns nobody has shared: given daily, whole devices at a time, to the campaigns approved longest ago. Every gift it makes is listed.',
  },
  '/organizations': {
    title: 'Organizations',
    description:
      'Coming soon: a space for schools, libraries and training centres that serve blind and visually impaired people to request several devices at once.',
  },
  '/terms-of-service': {
    title: 'Terms of Service',
    description: 'The terms for using Gift of Independence, creating an account and making a donation.',
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: 'What personal data Gift of Independence collects, why, and the choices you have.',
  },
};
