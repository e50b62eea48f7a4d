import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShareControl } from './share-control';

const subject = {
  publicId: 'org-3',
  kind: 'organization',
  productName: 'Braille Slate',
  forWhom: 'Kano Vision',
} as const;

describe('ShareControl drawn by the server', () => {
  const html = renderToString(<ShareControl subject={subject} takesGifts />);

  it('draws the links by name and size but with no address, which the request must not decide', () => {
    expect(html).toContain('Share this campaign');
    for (const name of ['WhatsApp', 'Facebook', 'X', 'Email', 'Copy link']) expect(html).toContain(name);
    expect(html).not.toMatch(/href="https?:|href="mailto:/);
    // No share-sheet button until the browser is known to have a sheet.
    expect(html).not.toContain('Share with an app');
    // The CSP refuses style attributes, and hydration would not set them again (decision 0022).
    expect(html).not.toContain('style=');
  });

  it('links the poster and QR code by address on this site, working before any script', () => {
    expect(html).toContain('href="/api/campaigns/org-3/poster.pdf"');
    expect(html).toContain('href="/api/campaigns/org-3/qr.png"');
    // Saved under the name the server gives the file.
    expect(html).toContain('download="campaign-org-3-qr.png"');
  });

  it('names both of its lists, and each of two controls for one campaign by its own heading', () => {
    expect(html).toContain('aria-label="Send a link"');
    expect(html).toContain('aria-label="Print or show"');
    const twice = renderToString(
      <>
        <ShareControl subject={subject} takesGifts />
        <ShareControl subject={subject} takesGifts />
      </>,
    );
    const ids = [...twice.matchAll(/aria-labelledby="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('offers no poster or QR code for a campaign that takes no gifts', () => {
    const closed = renderToString(<ShareControl subject={subject} takesGifts={false} />);
    expect(closed).toContain('Copy link');
    expect(closed).not.toContain('/api/campaigns/');
  });
});
