/**
 * Says politely that a new version of the site has taken over (decision 0046), and makes the next
 * link followed a full page load, so that page comes from the new version; nothing reloads under the
 * person. Plain DOM: the notice appears outside the React tree, whatever page is showing.
 */

const MESSAGE = 'This site has been updated. The next page you open will use the new version.';

export function showUpdateNotice(): void {
  if (document.getElementById('update-notice')) return;
  const notice = document.createElement('section');
  notice.id = 'update-notice';
  notice.setAttribute('aria-label', 'Site update');
  notice.className =
    'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-lg flex-wrap items-center gap-3 rounded-lg border-2 border-gray-800 bg-white p-4 text-gray-900 shadow-lg dark:border-gray-200 dark:bg-gray-900 dark:text-gray-100';
  // The live region is in the page before its words, so a screen reader announces them.
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'flex-1 text-base';
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  dismiss.className =
    'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border-2 border-gray-800 bg-white px-4 py-2 text-base font-semibold text-gray-900 hover:bg-gray-100 dark:border-gray-200 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800';
  notice.append(status, dismiss);
  document.body.append(notice);
  setTimeout(() => {
    status.textContent = MESSAGE;
    keepFocusInView(notice);
  }, 250);

  // Where focus was before it came into the notice, to return it there when the notice goes.
  let before: Element | null = null;
  notice.addEventListener('focusin', (event) => {
    if (event.relatedTarget instanceof Element && !notice.contains(event.relatedTarget)) before = event.relatedTarget;
  });
  const close = () => {
    const hadFocus = notice.contains(document.activeElement);
    notice.remove();
    document.documentElement.style.scrollPaddingBottom = '';
    if (!hadFocus) return;
    const target = before?.isConnected ? before : document.querySelector('main');
    (target as HTMLElement | null)?.focus();
  };
  dismiss.addEventListener('click', close);
  notice.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  addEventListener('click', loadNextPageInFull, { capture: true });
}

/** The fixed notice must never cover what has keyboard focus (WCAG 2.4.11): the page scrolls clear of it. */
function keepFocusInView(notice: HTMLElement): void {
  document.documentElement.style.scrollPaddingBottom = `${notice.offsetHeight + 32}px`;
}

/**
 * A followed link on this site loads in full rather than through the router, so it comes from the
 * new version. Runs before the router sees the click; clicks that open elsewhere are left alone.
 */
function loadNextPageInFull(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
  if (link.origin !== location.origin) return;
  if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
  event.stopImmediatePropagation();
}
