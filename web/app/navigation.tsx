import { useLayoutEffect, type ReactNode } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  parsePath,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigationType,
  type To,
} from 'react-router';

type History = ReturnType<typeof createBrowserHistory>;

/**
 * The browser's history, with one difference: a navigation first waits for `prepare(pathname)` (the
 * next page's code, web/app/router.tsx) and only then changes the address and the page. Until then
 * the old page stays on screen with focus where it was, and a page that waits for the new address
 * finds the new page's content with it. Every Link, NavLink, Navigate and navigate() goes through
 * here. Back and forward change the address at once (the browser does), but the page changes only
 * once its code is in (`prepareReturn`: with what else it needs to come back whole, so it returns to
 * the place it was left at its full height). Of several navigations started close together, the
 * last one wins.
 */
export function createPreparingHistory(
  prepare: (pathname: string) => Promise<unknown>,
  prepareReturn: (pathname: string) => Promise<unknown> = prepare,
): History {
  const browser = createBrowserHistory({ v5Compat: true });
  let latest = 0;
  const when = (pathname: string, then: () => void, ready = prepare) => {
    const ticket = ++latest;
    // A failed download still navigates: the page's error boundary then says so.
    void ready(pathname)
      .catch(() => undefined)
      .then(() => {
        if (ticket === latest) then();
      });
  };
  const pathOf = (to: To) => (typeof to === 'string' ? parsePath(to) : to).pathname ?? browser.location.pathname;
  return {
    get action() {
      return browser.action;
    },
    get location() {
      return browser.location;
    },
    createHref: (to) => browser.createHref(to),
    createURL: (to) => browser.createURL(to),
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state) => when(pathOf(to), () => browser.push(to, state)),
    replace: (to, state) => when(pathOf(to), () => browser.replace(to, state)),
    go: (delta) => {
      latest += 1;
      browser.go(delta);
    },
    listen: (listener) =>
      browser.listen((update) => {
        if (update.action !== 'POP') listener(update);
        else when(update.location.pathname, () => listener(update), prepareReturn);
      }),
  };
}

/** How the app started: by taking over a light page (decision 0058), whose place the reader keeps. */
export const arrival = { handedOver: false };

/** The router: React Router's declarative mode on the history above (updates run as transitions). */
export function AppRouter({ history, children }: { history: History; children: ReactNode }) {
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

const positions = new Map<string, number>();

/**
 * Where a page the app never drew was left (a light page whose link started the app, decision
 * 0063), so back returns there as to any page the app showed.
 */
export function keepScrollPosition(key: string, top: number): void {
  positions.set(key, top);
}

/**
 * Scroll position across navigations: a new page starts at the top (a link to an anchor scrolls to
 * it, see useHashScroll; a change that keeps focus, such as a filter, keeps its place too), and back
 * and forward return to where the page was left.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const key = location.key;
    if (action === 'POP') {
      const top = positions.get(key);
      if (top !== undefined) window.scrollTo(0, top);
    } else if (!location.hash && !(location.state as { keepFocus?: boolean } | null)?.keepFocus) {
      window.scrollTo(0, 0);
    }
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    positions.set(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
    // Only a new location moves the page; the state is read with it.
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
}
