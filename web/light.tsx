import { startTransition, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { AppHistory } from './app/start-app';
import { registerOfflineShell } from './app/register-offline-shell';
import { appAddress, elementAt, placeOf } from './islands/hand-over';
import { islandComponent } from './islands/registry';
import { announce } from './lib/announce';
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
const handOver = () =>
  (app ??= import('./app/start-app')
    .then(({ startApp }) => {
      // Focus stays on the same element of the app's drawing, so a reader keeps their place while
      // the next page loads.
      let focused: number[] | null = null;
      return startApp(root, 'replace', () => {
        handedOver = true;
        const active = document.activeElement;
        focused = active && active !== root && root.contains(active) ? placeOf(root, active) : null;
        for (const island of islands.splice(0)) island.unmount();
      }).then((history) => {
        const again = focused && elementAt(root, focused);
        if (again instanceof HTMLElement) again.focus({ preventScroll: true });
        return history;
      });
    })
    .catch((error: unknown) => {
      app = undefined;
      throw error;
    }));

const openInApp: OpenPage = (to, { state, replace } = {}) =>
  void handOver().then(
    (history) => {
      // A link to the page shown replaces it, as a link in the app does.
      if (replace || to === location.pathname + location.search) history.replace(to, state);
      else history.push(to, state);
    },
    // Without the app (the line dropped), the browser opens the page itself.
    () => location.assign(to),
  );
setPageOpener(openInApp);

/** The button last pressed while the app loads: pressed once, again, when it has drawn the page. */
let pressed: number[] | null = null;
const pressInApp = (button: Element) => {
  pressed = placeOf(root, button);
  void handOver().then(
    () => {
      const place = pressed;
      pressed = null;
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
