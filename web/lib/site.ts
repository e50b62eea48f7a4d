/** Contact addresses and links shown across the site. */
export { COLLECTION_CENTRE } from '@contract/site';
export const SUPPORT_EMAIL = 'support@giftofindependence.ng';
export const PARTNERSHIPS_EMAIL = 'partnerships@giftofindependence.ng';

export const SISTER_SITES = [
  { name: 'Accessibility Research Centre', href: 'https://accessibilityresearch.org.ng' },
  { name: 'Braille Books Nigeria', href: 'https://braillebooks.org.ng' },
  { name: 'Inclusive Tech Academy', href: 'https://inclusivetech.academy' },
] as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/giftofindependence' },
  { name: 'X (Twitter)', href: 'https://x.com/giftofindep' },
  { name: 'Instagram', href: 'https://www.instagram.com/giftofindependence' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/giftofindependence' },
  { name: 'YouTube', href: 'https://www.youtube.com/@giftofindependence' },
] as const;
