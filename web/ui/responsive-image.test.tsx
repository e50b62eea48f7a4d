import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@contract/image-sizes';
import { ResponsiveImage } from './responsive-image';

const image = {
  src: '/media/public/product-image/abc-1280x960-640.jpg',
  srcset:
    '/media/public/product-image/abc-1280x960-640.jpg 640w, /media/public/product-image/abc-1280x960-1280.jpg 1280w',
  webp_srcset:
    '/media/public/product-image/abc-1280x960-640.webp 640w, /media/public/product-image/abc-1280x960.webp 1280w',
  width: 1280,
  height: 960,
};

/** The attributes of each `tag` in server-rendered markup (attribute names as React writes them). */
const parse = (html: string) => ({
  html,
  attributes: (tag: string): Record<string, string>[] =>
    [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) =>
      Object.fromEntries(
        [...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!.replaceAll('&amp;', '&')]),
      ),
    ),
});

describe('ResponsiveImage', () => {
  it('offers every WebP size in a source and a sized fallback img with the layout sizes', () => {
    const html = parse(
      renderToStaticMarkup(<ResponsiveImage image={image} src="/media/x.webp" sizes="card" className="w-full" />),
    );
    expect(html.html).toMatch(/^<picture class="contents"><source [^>]*\/?><img [^>]*\/?><\/picture>$/);
    const [source] = html.attributes('source');
    expect(source).toEqual({ type: 'image/webp', srcSet: image.webp_srcset, sizes: IMAGE_SIZES.card });
    const [img] = html.attributes('img');
    expect(img).toMatchObject({
      alt: '',
      src: image.src,
      srcSet: image.srcset,
      sizes: IMAGE_SIZES.card,
      width: '1280',
      height: '960',
      loading: 'lazy',
      decoding: 'async',
      class: 'w-full',
    });
  });

  it('fetches the top image at once and first, in the box the page gives it', () => {
    const [img] = parse(
      renderToStaticMarkup(<ResponsiveImage image={image} sizes="page" width={480} height={360} priority />),
    ).attributes('img');
    expect(img).toMatchObject({
      loading: 'eager',
      fetchPriority: 'high',
      width: '480',
      height: '360',
      sizes: IMAGE_SIZES.page,
    });
    expect(img!.decoding).toBeUndefined();
  });

  it('shows a single-file image as it is, and the placeholder when there is none', () => {
    const single = renderToStaticMarkup(<ResponsiveImage src="/media/seed/cane.svg" sizes="card" />);
    expect(single).not.toContain('<picture');
    expect(parse(single).attributes('img')[0]).toMatchObject({
      src: '/media/seed/cane.svg',
      width: '480',
      height: '360',
      alt: '',
    });
    expect(parse(renderToStaticMarkup(<ResponsiveImage src={null} sizes="card" />)).attributes('img')[0]).toMatchObject(
      { src: '/placeholder-product.svg' },
    );
  });
});
