import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { Story } from '@contract/content';
import { Button } from '@/ui/button';
import { ResponsiveImage } from '@/ui/responsive-image';

/** Moves to the previous or next index, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/** The stories one at a time, with Previous and Next: an island of the light home page (decision 0058). */
export function StoriesCarousel({ stories }: { stories: Story[] }) {
  const [index, setIndex] = useState(0);
  const [moved, setMoved] = useState(false);
  const total = stories.length;
  const current = stories[Math.min(index, total - 1)]!;
  const go = (step: number) => {
    setIndex((i) => wrapIndex(i, step, total));
    setMoved(true);
  };
  return (
    // The WAI-ARIA carousel pattern: a region described as a carousel, named by its heading, whose slide is a labelled group.
    <section
      id="success-stories"
      aria-roledescription="carousel"
      aria-labelledby="stories-title"
      className="mx-auto max-w-7xl scroll-mt-32 px-4 py-16 sm:px-6 lg:px-8"
    >
      <h2 id="stories-title" className="text-3xl font-bold">
        Success Stories
      </h2>
      <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">What independence looks like after a gift.</p>
      <div className="mt-8">
        {/* Silent on first render; after a move the new slide is read out. */}
        <div aria-live={moved ? 'polite' : 'off'}>
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${total}`}
            className="grid items-center gap-8 rounded-2xl border border-gray-300 bg-orange-50 p-6 md:grid-cols-2 dark:border-gray-700 dark:bg-gray-900"
          >
            <ResponsiveImage
              image={current.image}
              src={current.image_url}
              sizes="story"
              width={480}
              height={360}
              className="aspect-4/3 w-full rounded-xl bg-white object-contain dark:bg-gray-800"
            />
            <div className="min-w-0">
              <h3 className="text-2xl font-bold break-words">{current.title}</h3>
              <p className="mt-1 font-semibold text-brand-dark dark:text-orange-300">{current.recipient_name}</p>
              <p className="mt-4 text-lg leading-relaxed">{current.story_text}</p>
            </div>
          </div>
        </div>
        <div className="mt-4 flex items-center justify-center gap-4">
          <Button variant="secondary" onClick={() => go(-1)} aria-label="Previous story">
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <p data-testid="story-position" className="min-w-16 text-center text-lg font-semibold">
            {index + 1} / {total}
          </p>
          <Button variant="secondary" onClick={() => go(1)} aria-label="Next story">
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </section>
  );
}
