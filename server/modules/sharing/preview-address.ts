import { SITE_NAME, TAGLINE } from '@contract/site';
import { digestOf } from './digest';
import { DRAWING_VERSION, SITE_PREVIEW_LINE, type FundraiserPreviewFacts, type PreviewFacts } from './preview-image';
import type { ShareFacts } from './share-facts';

/** 64 bits of SHA-256 in hex: enough that two drawings never share an address by chance. */
const shortHash = (value: unknown) => digestOf(value).slice(0, 16);

/**
 * The hash in a campaign preview's address: of everything the image shows and the drawing's version.
 * A gift changes the figures and so the address; a chat or network that kept the old image for a
 * year asks for a new one. Two campaigns that would look the same share one image.
 */
export function campaignPreviewHash(facts: PreviewFacts): string {
  return shortHash([
    DRAWING_VERSION,
    facts.kind,
    facts.title,
    facts.raisedKobo,
    facts.goalKobo,
    facts.unitsFunded,
    facts.quantity,
    facts.isFunded,
    facts.imageKey,
    // Only while a match is open, so a campaign without one keeps the address it always had.
    ...(facts.match ? [facts.match.sponsorName, facts.match.ratio, facts.match.remainingKobo, facts.match.endsAt] : []),
  ]);
}

export const campaignPreviewPath = (facts: ShareFacts, hash = campaignPreviewHash(facts)) =>
  `/api/campaigns/${facts.publicId}/preview/${hash}.png`;

/**
 * The hash in a supporter's fundraiser's preview address (decision 0081): of everything its image
 * shows, so a gift through it, an approved edit or its campaign stopping gives a new address.
 */
export function fundraiserPreviewHash(facts: FundraiserPreviewFacts): string {
  return shortHash([
    DRAWING_VERSION,
    'fundraiser',
    facts.title,
    facts.campaignTitle,
    facts.raisedKobo,
    facts.goalKobo,
    facts.stoppedNotice,
    facts.pictureKey,
  ]);
}

export const fundraiserPreviewPath = (slug: string, hash: string) =>
  `/api/fundraisers/${encodeURIComponent(slug)}/preview/${hash}.png`;

/** The site-wide preview's hash: its words and the drawing's version, so a change of either is a new address. */
export const SITE_PREVIEW_HASH = shortHash([DRAWING_VERSION, 'site', SITE_NAME, TAGLINE, SITE_PREVIEW_LINE]);
export const SITE_PREVIEW_PATH = `/api/preview/site-${SITE_PREVIEW_HASH}.png`;
