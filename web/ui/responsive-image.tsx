import { useState } from 'react';
import type { ImageSet } from '@contract/images';
import { IMAGE_SIZES, type ImageSizes } from '@contract/image-sizes';

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

/**
 * An image in the size the screen needs: a `<picture>` whose WebP source and JPEG (or PNG) `<img>`
 * each list every stored size, so the browser fetches the smallest that fills the box. An image
 * stored as a single file (a shipped drawing, an older upload) is a plain `<img>`; a missing or
 * broken one shows the placeholder. `width` and `height` reserve the box before the file arrives
 * (the image's own when not given). `priority` is for the image likely to be the largest on screen
 * at first: fetched at once and first, never lazily. The `<picture>` takes no box of its own
 * (`display: contents`), so the `<img>` is laid out exactly as it would be alone.
 */
export function ResponsiveImage({
  image,
  src,
  sizes,
  alt = '',
  width,
  height,
  className = '',
  priority = false,
}: {
  image?: ImageSet | null;
  /** The single address to use when there is no `image`. */
  src?: string | null;
  /** Which layout the image sits in (contract/image-sizes.ts). */
  sizes: ImageSizes;
  alt?: string;
  width?: number;
  height?: number;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const common = {
    alt,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    decoding: priority ? undefined : ('async' as const),
    className,
    onError: () => setFailed(true),
  };
  if (image && !failed) {
    return (
      <picture className="contents">
        <source type="image/webp" srcSet={image.webp_srcset} sizes={IMAGE_SIZES[sizes]} />
        <img
          {...common}
          src={image.src}
          srcSet={image.srcset}
          sizes={IMAGE_SIZES[sizes]}
          width={width ?? image.width}
          height={height ?? image.height}
        />
      </picture>
    );
  }
  return <img {...common} src={!src || failed ? PLACEHOLDER_IMAGE : src} width={width ?? 480} height={height ?? 360} />;
}
