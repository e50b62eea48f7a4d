import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { documentTitle } from '@contract/site';
import { announce } from './announce';

let firstLocationKey: string | undefined;
let lastFocusedKey: string | undefined;

/** While the server draws a page (web/entry-server.tsx): the title it asked for, for the HTML's <title>. */
export const drawnTitle: { current?: string } = {};

/**
 * Names the page: sets the document title and, after a navigation (not the first load), announces
 * the new page and moves focus to its main heading so reading starts there.
 */
export function usePageTitle(title: string): void {
  if (typeof document === 'undefined') drawnTitle.current = title;
  const location = useLocation();
  // Back and forward return to the place the page was left (web/app/navigation.tsx): focus moves without scrolling.
  const returning = useNavigationType() === 'POP';
  useEffect(() => {
    document.title = documentTitle(title);
    firstLocationKey ??= location.key;
    if (location.key === firstLocationKey) return;
    // A change that stays on the page (a filter or a page of a table) keeps focus where it is.
    if ((location.state as { keepFocus?: boolean } | null)?.keepFocus) return;
    announce(title);
    if (lastFocusedKey !== location.key) {
      lastFocusedKey = location.key;
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) {
          heading.tabIndex = -1;
          heading.focus({ preventScroll: returning });
        }
      });
    }
  }, [title, location.key, location.state, returning]);
}
