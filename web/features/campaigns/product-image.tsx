import { useState } from 'react';

const PLACEHOLDER = '/placeholder-product.svg';

/** Product photos are decorative next to the product name, so they carry empty alt text. */
export function ProductImage({ src, className = '' }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER : src}
      alt=""
      loading="lazy"
      decoding="async"
      width={480}
      height={360}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
