import { useState } from 'react';

const PLACEHOLDER = '/placeholder-product.svg';

/** Decorative: the product's name is always written next to it. */
export function GiftImage({ src, className = '' }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER : src}
      alt=""
      loading="lazy"
      decoding="async"
      width={160}
      height={120}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
