import type { GiftSource } from '@contract/gift-sources';
import { matchLine, type MatchFacts } from '@contract/match-words';
import { campaignTitle, SITE_NAME } from '@contract/site';

// Where a campaign's share links point and what they say (docs/decisions/0034). Plain addresses on
// each service's own share page: nothing of theirs is loaded on ours, and each link carries the
// `?ref=` that tells which way a later gift came (docs/decisions/0032).

/** What a share link says about a campaign, as its public page names it. */
export type ShareSubject = {
  /** The campaign's id as addresses use it: '12' or 'org-3'. */
  publicId: string;
  kind: 'recipient' | 'organization';
  productName: string;
  /** Who the gift is for, as public pages name them (the public name, or the organization). */
  forWhom: string;
  /** A supporter's fundraiser for the campaign (decision 0081): the links then point at its page. */
  fundraiser?: { slug: string; title: string };
  /** A sponsor's open match, said with the invitation while it lasts. */
  match?: MatchFacts | null;
};

/** A campaign as the share links name it: the fields of its public reply, once normalised. */
export const shareSubjectOf = (c: {
  id: string;
  type: 'recipient' | 'organization';
  product_name: string;
  title: string;
  match?: MatchFacts | null;
}): ShareSubject => ({
  publicId: c.id,
  kind: c.type,
  productName: c.product_name,
  forWhom: c.title,
  match: c.match ?? null,
});

/** The campaign page's path, the same on the server's drawing and in the browser. */
export const campaignPath = (publicId: string) => `/campaigns/${encodeURIComponent(publicId)}`;

/** The fundraiser page's path, the same on the server's drawing and in the browser. */
export const fundraiserPath = (slug: string) => `/fundraisers/${encodeURIComponent(slug)}`;

/** The shared page's path: the fundraiser's when the subject is one, else the campaign's. */
export const subjectPath = (s: Pick<ShareSubject, 'publicId' | 'fundraiser'>) =>
  s.fundraiser ? fundraiserPath(s.fundraiser.slug) : campaignPath(s.publicId);

/** The campaign page's whole address on this site (or a path's, such as a fundraiser's), with the source a gift from it would name. */
export function shareAddress(origin: string, publicIdOrPath: string, ref?: GiftSource): string {
  const url = new URL(publicIdOrPath.startsWith('/') ? publicIdOrPath : campaignPath(publicIdOrPath), origin);
  if (ref) url.searchParams.set('ref', ref);
  return url.href;
}

/** The subject line and the name of the campaign: the public page's heading. */
export const shareTitle = (s: ShareSubject) => s.fundraiser?.title ?? campaignTitle(s.productName, s.forWhom);

/**
 * The short, friendly sentence sent before the address, written for a WhatsApp message. "a new"
 * reads right before any product name, where "a" or "an" would depend on it; the site's name tells
 * whoever receives it where the link goes.
 */
export const shareInvitation = (s: ShareSubject) =>
  s.fundraiser
    ? `I am raising money for ${s.productName} on ${SITE_NAME}. Please give through my fundraiser.` +
      (s.match ? ` ${matchLine(s.match)}.` : '')
    : (s.kind === 'organization'
        ? `Help ${s.forWhom} get ${s.productName} for the people they serve, on ${SITE_NAME}.`
        : `Help ${s.forWhom} get a new ${s.productName} on ${SITE_NAME}.`) + (s.match ? ` ${matchLine(s.match)}.` : '');

export type ShareLink = {
  ref: Extract<GiftSource, 'whatsapp' | 'facebook' | 'x' | 'email'>;
  /** The service's name as the link shows it. */
  service: string;
  href: string;
  /** Web pages open in a new tab; a mail link opens the mail program and leaves the page as it is. */
  newTab: boolean;
};

const enc = encodeURIComponent;

/** The plain share links, in the order they are shown. */
export function shareLinks(origin: string, s: ShareSubject): ShareLink[] {
  const invitation = shareInvitation(s);
  const at = (ref: GiftSource) => shareAddress(origin, subjectPath(s), ref);
  return [
    {
      ref: 'whatsapp',
      service: 'WhatsApp',
      href: `https://wa.me/?text=${enc(`${invitation} ${at('whatsapp')}`)}`,
      newTab: true,
    },
    {
      ref: 'facebook',
      service: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${enc(at('facebook'))}`,
      newTab: true,
    },
    {
      ref: 'x',
      service: 'X',
      href: `https://x.com/intent/post?text=${enc(invitation)}&url=${enc(at('x'))}`,
      newTab: true,
    },
    {
      ref: 'email',
      service: 'email',
      // Spaces as %20, never "+": mail programs read a mailto body literally.
      href: `mailto:?subject=${enc(shareTitle(s))}&body=${enc(`${invitation}\n\n${at('email')}`)}`,
      newTab: false,
    },
  ];
}

/**
 * The QR code and poster the server draws for a campaign that takes gifts; relative, so the same
 * everywhere. The saved code's name is the one the server gives it (print-routes.ts).
 */
/** A fundraiser's QR code, drawn by the server while it takes gifts; it has no poster of its own. */
export const fundraiserPrintables = (slug: string) => ({
  qrPng: `/api/fundraisers/${encodeURIComponent(slug)}/qr.png`,
  qrPngName: `fundraiser-${slug}-qr.png`,
});

export const printableAddresses = (publicId: string) => ({
  qrPng: `/api/campaigns/${encodeURIComponent(publicId)}/qr.png`,
  qrPngName: `campaign-${publicId}-qr.png`,
  qrSvg: `/api/campaigns/${encodeURIComponent(publicId)}/qr.svg`,
  poster: `/api/campaigns/${encodeURIComponent(publicId)}/poster.pdf`,
});
