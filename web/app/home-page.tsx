import { HandHeart } from 'lucide-react';
import { Suspense } from 'react';
import { SITE_NAME } from '@contract/site';
import { usePageTitle } from '@/lib/page';
import { LinkButton } from '@/ui/link-button';
import { lazyComponent } from './lazy';

/** The sections that show data (and TanStack Query with them) load after the hero, which needs neither. */
export const HomeSections = lazyComponent(() => import('./home-sections'));

export default function HomePage() {
  usePageTitle(SITE_NAME);
  return (
    <>
      <section className="bg-gradient-to-b from-orange-50 to-white dark:from-gray-900 dark:to-gray-950">
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
          <div>
            <p className="font-semibold tracking-wide text-brand-dark uppercase dark:text-orange-300">
              Assistive technology for blind and visually impaired Nigerians
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Give the Gift of Independence</h1>
            <p className="mt-5 text-xl leading-relaxed text-gray-800 dark:text-gray-200">
              Fund a braille display, a screen-reader laptop or a smart cane for someone whose need our team has
              verified. Every gift buys one specific device, collected in person in Lagos.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <LinkButton to="/campaigns">
                <HandHeart aria-hidden="true" className="size-5" /> Give a gift
              </LinkButton>
              <LinkButton to="/login" state={{ defaultTab: 'signup', role: 'recipient' }} variant="secondary">
                Start a Gift Campaign
              </LinkButton>
            </div>
          </div>
          <img
            src="/media/seed/hero.svg"
            alt=""
            width={640}
            height={480}
            className="mx-auto w-full max-w-lg rounded-2xl bg-orange-50 dark:bg-gray-900"
          />
        </div>
      </section>
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
