import { useState } from 'react';

const PLACEHOLDER = '/placeholder-product.svg';

/**
 * Product photos are decorative next to the product name, so they carry empty alt text. Width and
 * height reserve the box before the file arrives. `priority` is for the one image likely to be the
 * largest thing on screen at first (the page's LCP): fetched at once and first, never lazily.
 */
export function ProductImage({
  src,
  className = '',
  width = 480,
  height = 360,
  priority = false,
}: {
  src: string | null | undefined;
  className?: string;
  width?: number;
  height?: number;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER : src}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      width={width}
      height={height}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
