import { describe, expect, it } from 'vitest';
import { printableAddresses, shareAddress, shareInvitation, shareLinks, shareTitle } from './share-links';

const origin = 'https://giftofindependence.ng';
const tunde = { publicId: '12', kind: 'recipient', productName: 'Orbit Reader 20', forWhom: 'Tunde B.' } as const;
const circle = {
  publicId: 'org-3',
  kind: 'organization',
  productName: 'Braille Slate & Stylus Set',
  forWhom: 'Ibadan Reading Circle',
} as const;

describe('share links', () => {
  it('point at the campaign page with the source each way names', () => {
    expect(shareAddress(origin, '12', 'copy')).toBe('https://giftofindependence.ng/campaigns/12?ref=copy');
    expect(shareAddress(origin, 'org-3')).toBe('https://giftofindependence.ng/campaigns/org-3');
  });

  it('say who the gift is for and what it is, as the public page does', () => {
    expect(shareTitle(tunde)).toBe('Orbit Reader 20 for Tunde B.');
    expect(shareInvitation(tunde)).toBe('Help Tunde B. get a new Orbit Reader 20 on Gift of Independence.');
    expect(shareInvitation(circle)).toBe(
      'Help Ibadan Reading Circle get Braille Slate & Stylus Set for the people they serve, on Gift of Independence.',
    );
  });

  it("say a sponsor's open match after the invitation while it lasts", () => {
    const match = { sponsorName: 'Zenith Cares', remainingKobo: 40_000_000, endsAt: '2026-12-31T20:00:00Z', ratio: 2 };
    expect(shareInvitation({ ...tunde, match })).toBe(
      'Help Tunde B. get a new Orbit Reader 20 on Gift of Independence. Every naira tripled by Zenith Cares until 31 December, ₦400,000 left.',
    );
    expect(shareInvitation({ ...tunde, match: null })).toBe(shareInvitation(tunde));
  });

  it("carry the whole address, encoded, to each service's own share page", () => {
    const links = Object.fromEntries(shareLinks(origin, circle).map((l) => [l.ref, l]));
    const at = (ref: string) => `https://giftofindependence.ng/campaigns/org-3?ref=${ref}`;

    const whatsapp = new URL(links.whatsapp!.href);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
    expect(whatsapp.searchParams.get('text')).toBe(`${shareInvitation(circle)} ${at('whatsapp')}`);
    // The ampersand in the product's name cannot cut the message short.
    expect(links.whatsapp!.href).toContain('Slate%20%26%20Stylus');

    const facebook = new URL(links.facebook!.href);
    expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(facebook.searchParams.get('u')).toBe(at('facebook'));

    const x = new URL(links.x!.href);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('text')).toBe(shareInvitation(circle));
    expect(x.searchParams.get('url')).toBe(at('x'));

    expect(links.email!.href).toBe(
      `mailto:?subject=${encodeURIComponent(shareTitle(circle))}&body=${encodeURIComponent(`${shareInvitation(circle)}\n\n${at('email')}`)}`,
    );
    expect(links.email!.href).not.toContain('+');

    expect(shareLinks(origin, circle).map((l) => [l.ref, l.newTab])).toEqual([
      ['whatsapp', true],
      ['facebook', true],
      ['x', true],
      ['email', false],
    ]);
  });

  it('name the QR code and poster by the id public pages use', () => {
    expect(printableAddresses('org-3')).toEqual({
      qrPng: '/api/campaigns/org-3/qr.png',
      qrPngName: 'campaign-org-3-qr.png',
      qrSvg: '/api/campaigns/org-3/qr.svg',
      poster: '/api/campaigns/org-3/poster.pdf',
    });
  });
});
