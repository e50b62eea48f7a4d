import { useEffect } from 'react';
import { documentTitle } from '@contract/site';
import { announce } from './announce';
import { LIGHT_PAGE_KEY, useLinkKit } from './link-kit';

let firstLocationKey: string | undefined;
let lastFocusedKey: string | undefined;

/**
 * The app's first page is the one a light page's link opened (web/app/start-app.tsx): it is
 * announced and takes focus as after any navigation, where a first page otherwise does not.
 */
export function openedByLink(): void {
  firstLocationKey = LIGHT_PAGE_KEY;
}

/** While the server draws a page (web/entry-server.tsx): the title it asked for, for the HTML's <title>. */
export const drawnTitle: { current?: string } = {};

/**
 * The navigation state that carries an outcome to the page it opens ("Halima's application has been
 * sent"): the page shows it (`ArrivalNote`) and `usePageTitle` says it after the page's name, in one
 * announcement. A live region drawn already holding its text is not read, and a second announcement
 * right after the page's name would cut it off.
 */
export const carrying = (said: string) => ({ said });

/** The outcome the navigation to this page carried (`carrying`), or null. */
export function useArrivalSaid(): string | null {
  const state = useLinkKit().useLocationState() as { said?: unknown } | null;
  return typeof state?.said === 'string' ? state.said : null;
}

/**
 * Moves focus to the page's main heading, without scrolling when asked: where reading starts on a
 * new page, and the named place to land when what had focus has left the page. False when there is none.
 */
export function focusPageHeading(preventScroll = false): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll });
  return true;
}

/**
 * Names the page: sets the document title and, after a navigation (not the first load), announces
 * the new page (and the outcome the navigation carried) and moves focus to its main heading so
 * reading starts there.
 */
export function usePageTitle(title: string): void {
  if (typeof document === 'undefined') drawnTitle.current = title;
  const kit = useLinkKit();
  const key = kit.useLocationKey();
  const state = kit.useLocationState();
  // Back and forward return to the place the page was left (web/app/navigation.tsx): focus moves without scrolling.
  const returning = kit.useReturning();
  useEffect(() => {
    document.title = documentTitle(title);
    // A light page is the first page shown; the app, once it takes over, counts its own first.
    if (key === LIGHT_PAGE_KEY) return;
    firstLocationKey ??= key;
    if (key === firstLocationKey) return;
    // A change that stays on the page (a filter or a page of a table) keeps focus where it is.
    if ((state as { keepFocus?: boolean } | null)?.keepFocus) return;
    const said = (state as { said?: unknown } | null)?.said;
    announce(typeof said === 'string' ? `${title}. ${said}` : title);
    if (lastFocusedKey !== key) {
      lastFocusedKey = key;
      requestAnimationFrame(() => focusPageHeading(returning));
    }
  }, [title, key, state, returning]);
}
