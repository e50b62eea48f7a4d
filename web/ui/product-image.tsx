import { useState } from 'react';

const PLACEHOLDER = '/placeholder-product.svg';

/** Product photos are decorative next to the product name, so they carry empty alt text. */
export function ProductImage({
  src,
  className = '',
  width = 480,
  height = 360,
}: {
  src: string | null | undefined;
  className?: string;
  width?: number;
  height?: number;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER : src}
      alt=""
      loading="lazy"
      decoding="async"
      width={width}
      height={height}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
