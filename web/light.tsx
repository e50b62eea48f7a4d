import { startTransition, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { AppHistory, LinkToOpen } from './app/start-app';
import { registerOfflineShell } from './app/register-offline-shell';
import { appAddress, elementAt, placeOf } from './islands/hand-over';
import { islandComponent } from './islands/registry';
import { announce } from './lib/announce';
import { onGiftBagChange } from './lib/gift-bag';
import { keepVisitSource } from './lib/keep-visit-source';
import { replaceArrivalState, setPageOpener, type OpenPage } from './lib/link-kit';
import { loadSession } from './lib/session';

/**
 * The entry of a light page (decision 0058): the server drew the page whole, and only its islands
 * (the header's controls, the give box, the share links) come to life here, each as a root of its
 * own, with React and their own code. The rest stays the server's markup. The first click on a link
 * or a button outside an island brings the whole app, which draws the same page in place and then
 * carries out the click: a link opens its page as in the app, a button is pressed again with focus
 * on it. Until then the page is readable and its islands work.
 */
keepVisitSource(location.search);
const root = document.getElementById('root')!;
const drawnAt = location.pathname + location.search;
const islands: Root[] = [];
let handedOver = false;
for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
  const found = islandComponent(element.dataset.island ?? '');
  if (!found) continue;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  // An island that fails leaves nothing in its place: the app then draws the whole page instead.
  const onUncaughtError = () => void handOver().catch(() => undefined);
  const hydrate = (Component: ComponentType<object>) => {
    if (handedOver) return;
    startTransition(() => void islands.push(hydrateRoot(element, <Component {...props} />, { onUncaughtError })));
  };
  if (found instanceof Promise) found.then((loaded) => hydrate(loaded as ComponentType<object>), onUncaughtError);
  else hydrate(found as ComponentType<object>);
}

let app: Promise<AppHistory> | undefined;
/**
 * Starts the app, once. Asked by a link (`link`), it opens the link's page as it starts; asked by a
 * button, it draws this page, with focus on the same element, so the button can be pressed again.
 */
const handOver = (link?: LinkToOpen) =>
  (app ??= import('./app/start-app')
    .then(({ startApp }) => {
      let focused: number[] | null = null;
      return startApp(
        root,
        'replace',
        () => {
          handedOver = true;
          const active = document.activeElement;
          focused = active && active !== root && root.contains(active) ? placeOf(root, active) : null;
          for (const island of islands.splice(0)) island.unmount();
        },
        link,
      ).then((history) => {
        const again = !link && focused && elementAt(root, focused);
        if (again instanceof HTMLElement) again.focus({ preventScroll: true });
        return history;
      });
    })
    .catch((error: unknown) => {
      app = undefined;
      throw error;
    }));

const openInApp: OpenPage = (to, { state, replace } = {}) => {
  // A link to the page shown replaces it, as a link in the app does.
  const inPlace = replace || to === location.pathname + location.search;
  const starting = !app;
  void handOver(starting ? { to, state, replace: inPlace } : undefined).then(
    (history) => {
      // The app opened this link's page as it started; a later one is a navigation in the app.
      if (starting) return;
      if (inPlace) history.replace(to, state);
      else history.push(to, state);
    },
    // Without the app (the line dropped), the browser opens the page itself.
    () => location.assign(to),
  );
};
setPageOpener(openInApp);

/** The button last pressed while the app loads: pressed once, again, when it has drawn the page. */
let pressed: number[] | null = null;
const pressInApp = (button: Element) => {
  pressed = placeOf(root, button);
  void handOver().then(
    () => {
      const place = pressed;
      pressed = null;
      // A link pressed first has opened another page: this page's button is no longer there.
      if (location.pathname + location.search !== drawnAt) return;
      const again = place && elementAt(root, place);
      if (!(again instanceof HTMLButtonElement)) return;
      again.focus();
      again.click();
    },
    () => {
      pressed = null;
      announce('This needs a connection to the site. Please check your connection and try again.');
    },
  );
};

document.addEventListener(
  'click',
  (event) => {
    if (handedOver || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest('a[href]');
    if (anchor instanceof HTMLAnchorElement) {
      const to = appAddress(anchor, location);
      if (to === null) return;
      event.preventDefault();
      const state = anchor.getAttribute('data-link-state');
      openInApp(to, { state: state ? (JSON.parse(state) as Record<string, unknown>) : undefined });
      return;
    }
    const button = target?.closest('button');
    // Only the page's own buttons: an island's work themselves, and a notice outside #root is no page's.
    if (!button || !root.contains(button) || button.closest('[data-island]')) return;
    event.preventDefault();
    event.stopPropagation();
    pressInApp(button);
  },
  true,
);

// Back or forward to another page of this tab's history (one the app showed before a reload) loads
// that page: until the app has taken over, nothing here draws it.
addEventListener('popstate', () => {
  if (!handedOver && location.pathname + location.search !== drawnAt) location.reload();
});

// A stored sign-in is checked as in the app; only the server's 401 ends it (decision 0047). On the
// sign-in page itself the notice joins the page, which keeps what the visitor has typed.
void loadSession().then((message) => {
  if (!message) return;
  if (/^\/login\/?$/.test(location.pathname)) replaceArrivalState({ message });
  else openInApp('/login', { state: { message }, replace: true });
});
registerOfflineShell();

// A gift added is a sign the visitor goes on to the gift bag and checkout, which need the app. Its
// code is fetched then rather than with every visit, so that click waits less for it; a visitor who
// asked to save data fetches it only when they click. The gift bag's page and the query client come
// beside the app's start rather than after it: on a slow line each round trip counts.
if (!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) {
  const stop = onGiftBagChange(() => {
    stop();
    if (app) return;
    void import('./app/start-app').catch(() => undefined);
    void import('./app/query-client').catch(() => undefined);
    void import('./features/giving/gift-bag-page').catch(() => undefined);
  });
}
