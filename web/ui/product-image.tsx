import type { ImageSet } from '@contract/images';
import type { ImageSizes } from '@contract/image-sizes';
import { ResponsiveImage } from './responsive-image';

/**
 * Product photos are decorative next to the product name, so they carry empty alt text. Width and
 * height reserve the box before the file arrives. `priority` is for the one image likely to be the
 * largest thing on screen at first (the page's LCP): fetched at once and first, never lazily.
 */
export function ProductImage({
  src,
  image,
  sizes = 'card',
  className = '',
  width = 480,
  height = 360,
  priority = false,
}: {
  src: string | null | undefined;
  image?: ImageSet | null;
  sizes?: ImageSizes;
  className?: string;
  width?: number;
  height?: number;
  priority?: boolean;
}) {
  return (
    <ResponsiveImage
      image={image}
      src={src}
      sizes={sizes}
      width={width}
      height={height}
      priority={priority}
      className={className}
    />
  );
}
