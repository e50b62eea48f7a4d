import { Gift } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Campaign } from '@/lib/campaigns';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { buttonClass } from '@/ui/button';
import type { QuickAddCampaign } from './quick-add-button';

export const quickAddFields = (c: Campaign): QuickAddCampaign => ({
  id: c.id,
  type: c.type,
  title: c.title,
  is_funded: c.is_funded,
  takes_gifts: c.takes_gifts,
  product_name: c.product_name,
  product_image_url: c.product_image_url,
  product_image: c.product_image ?? null,
  product_price: c.product_price,
  first_name: c.first_name,
  last_name: c.last_name,
  units_remaining: c.units_remaining,
});

// The button's dialog (React Aria's modal, for organization campaigns) is code the list does not need to
// show: it loads once the cards have been painted, with an inert look-alike in its place until then.
const QuickAddButton = lazy(() => import('./quick-add-button').then((m) => ({ default: m.QuickAddButton })));
const quickAddPlaceholder = (
  <span aria-hidden="true" className={buttonClass('secondary', 'relative z-10 w-full')}>
    <Gift aria-hidden="true" className="size-5" />
    Add to gift bag
  </span>
);

/** A campaign card's Add to gift bag: an island of a light page (decision 0058). */
export function CardQuickAdd({ campaign }: { campaign: QuickAddCampaign }) {
  const painted = useAfterFirstPaint();
  return painted ? (
    <Suspense fallback={quickAddPlaceholder}>
      <QuickAddButton campaign={campaign} />
    </Suspense>
  ) : (
    quickAddPlaceholder
  );
}
