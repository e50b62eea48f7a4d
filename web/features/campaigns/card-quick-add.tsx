import { Gift } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { buttonClass } from '@/ui/button';
import type { GivingCampaign } from './giving-fields';

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
export function CardQuickAdd({ campaign }: { campaign: GivingCampaign }) {
  const painted = useAfterFirstPaint();
  return painted ? (
    <Suspense fallback={quickAddPlaceholder}>
      <QuickAddButton campaign={campaign} />
    </Suspense>
  ) : (
    quickAddPlaceholder
  );
}
