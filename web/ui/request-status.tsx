import type { ImageSet } from '@contract/images';
import { PackageCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProductImage } from './product-image';
import { StatusBadge, type Tone } from './status-badge';

export type StatusWords = { word: string; meaning: string; tone: Tone; icon: LucideIcon };

/** A status's words from a table, or the raw value said plainly when the table does not know it. */
export const statusWords = (table: Record<string, StatusWords>, status: string): StatusWords =>
  table[status] ?? { word: status, meaning: '', tone: 'neutral', icon: PackageCheck };

/**
 * One request on a status page: the product as the heading, its status in words with what it
 * means, the admin's feedback when it was rejected, then what the page adds (details, progress).
 */
export function RequestStatusCard({
  headingId,
  productName,
  imageUrl,
  image,
  status,
  rejectedNotes,
  children,
}: {
  headingId: string;
  productName: string;
  imageUrl: string | null;
  image?: ImageSet | null;
  status: StatusWords;
  /** The admin's notes, shown as Admin Feedback (product notes 4) when the request was rejected. */
  rejectedNotes?: string | null;
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border-2 border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <article aria-labelledby={headingId} className="flex flex-col gap-5 sm:flex-row">
        <ProductImage
          src={imageUrl}
          image={image}
          sizes="thumbnail"
          width={160}
          height={120}
          className="h-30 w-40 shrink-0 rounded-lg bg-gray-100 object-contain dark:bg-gray-800"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <h2 id={headingId} className="text-2xl font-bold wrap-anywhere">
            {productName}
          </h2>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Status:</span>
            <StatusBadge tone={status.tone} icon={status.icon}>
              {status.word}
            </StatusBadge>
          </p>
          {status.meaning ? <p className="text-lg">{status.meaning}</p> : null}
          {rejectedNotes ? (
            <div className="rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 dark:border-red-300 dark:bg-red-950">
              <h3 className="font-bold">Admin Feedback</h3>
              <p className="mt-1 wrap-anywhere">{rejectedNotes}</p>
            </div>
          ) : null}
          {children}
        </div>
      </article>
    </li>
  );
}
