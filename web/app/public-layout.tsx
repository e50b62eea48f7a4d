import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SETTINGS_KEYS, readBooleanSetting } from '@/lib/settings';
import { playNavigationSound } from '@/lib/sound';
import { LoadingState } from '@/ui/feedback';
import { Footer } from './footer';
import { Island } from '@/islands/island';
import { Header } from './header';
import { arrival } from './navigation';

/** Plays the page sound on every route change after the first, when the visitor turned sound on. */
function useNavigationSound() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (readBooleanSetting(SETTINGS_KEYS.soundEnabled, false)) playNavigationSound();
  }, [location.pathname]);
}

/** Scrolls to an in-page anchor such as /#success-stories once the target has rendered. */
function useHashScroll() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The app taking over a light page draws it where the reader already is: nothing moves.
    const takingOver = first.current && arrival.handedOver;
    first.current = false;
    if (!location.hash || takingOver) return;
    const id = decodeURIComponent(location.hash.slice(1));
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      tries += 1;
      if (el || tries > 40) {
        clearInterval(timer);
        if (el) {
          el.scrollIntoView({ block: 'start' });
          // A target that takes focus itself (main, for the skip link) keeps it; a section hands it to its heading.
          const heading = el.hasAttribute('tabindex') ? el : (el.querySelector<HTMLElement>('h2') ?? el);
          heading.tabIndex = -1;
          heading.focus({ preventScroll: true });
        }
      }
    }, 50);
    return () => clearInterval(timer);
  }, [location.key, location.hash]);
}

export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-lg bg-brand px-4 py-3 font-semibold text-gray-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}

export function RouteAnnouncer() {
  return <div id="route-announcer" role="status" aria-live="polite" aria-atomic="true" className="sr-only" />;
}

export function PublicLayout() {
  useNavigationSound();
  useHashScroll();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Suspense fallback={null}>
        <Island name="header" component={Header} props={{}} />
      </Suspense>
      {/* At least a screen tall, so the footer starts below the fold and never jumps into view while a page loads.
          The space above the footer is main's own, in the page's background; a page ending in a full-bleed band
          (class bleed-end) runs it down to the footer instead. */}
      <main
        id="main-content"
        tabIndex={-1}
        className="min-h-screen flex-1 pb-16 focus:outline-none [&:has(>.bleed-end:last-child)]:pb-0"
      >
        <Suspense fallback={<LoadingState>Loading...</LoadingState>}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <RouteAnnouncer />
    </div>
  );
}
