import type { ImageSet } from '@contract/images';
import type { ReactNode } from 'react';
import { formatNaira } from '@contract/money';
import { Facts } from './facts';
import { ProductImage } from './product-image';

/** Cuts a description at `limit` characters on a word boundary, with an ellipsis (product notes 9: 100 in catalogs). */
export function truncate(text: string, limit: number): string {
  const clean = text.trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A catalog's product: picture, name as the card's heading, price, and what the page adds below. */
export function CatalogCard({
  name,
  price,
  priceLabel = 'Price',
  imageUrl,
  image,
  headingId,
  children,
}: {
  name: string;
  price: number;
  priceLabel?: string;
  imageUrl: string | null;
  image?: ImageSet | null;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border-2 border-gray-300 bg-white dark:border-gray-700 dark:bg-gray-900">
      <ProductImage
        src={imageUrl}
        image={image}
        sizes="card"
        width={480}
        height={360}
        className="aspect-[4/3] w-full bg-gray-100 object-contain dark:bg-gray-800"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={headingId} className="text-xl font-bold wrap-anywhere">
          {name}
        </h2>
        <p className="text-lg">
          <span className="text-gray-700 dark:text-gray-300">{priceLabel}: </span>
          <span className="font-bold tabular-nums">{formatNaira(price)}</span>
        </p>
        {children}
      </div>
    </li>
  );
}

/** A product's specifications as a list of names and values. */
export function Specifications({ specs }: { specs: Record<string, string> }) {
  return <Facts facts={Object.entries(specs)} layout="compact" />;
}
