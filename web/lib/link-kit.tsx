import { createContext, useContext, useSyncExternalStore, type AnchorHTMLAttributes, type ReactNode } from 'react';

type Base = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  to: string;
  /** What the page opened needs to know (React Router's location state). */
  state?: Record<string, unknown>;
  children?: ReactNode;
};
export type KitLinkProps = Base & { className?: string };
export type KitNavLinkProps = Base & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string) };

/**
 * Links and the one location fact a component shown on every page needs, from whoever renders it:
 * React Router inside the app (web/app/router-link-kit.tsx), plain anchors in an island of a light
 * page, which has no router (decision 0058). A link's state is also written on the anchor
 * (`data-link-state`), so a light page that hands over to the app on a click can pass it on.
 */
export type LinkKit = {
  Link: (props: KitLinkProps) => ReactNode;
  NavLink: (props: KitNavLinkProps) => ReactNode;
  /** Changes with every navigation; `LIGHT_PAGE_KEY` on a light page, which is always its first. */
  useLocationKey: () => string;
  /** What the link that opened this page passed (`state`), or null. */
  useLocationState: () => unknown;
  /** The page was reached with Back or Forward. */
  useReturning: () => boolean;
  /** Opens a page of the site, as a link would. */
  useNavigate: () => OpenPage;
};

export type OpenPage = (to: string, options?: { state?: Record<string, unknown>; replace?: boolean }) => void;

/** How an island opens a page: the light page's hand-over (web/light.tsx), or else as a new page load. */
let openPage: OpenPage = (to) => location.assign(to);
export function setPageOpener(opener: OpenPage): void {
  openPage = opener;
}

export const linkState = (state: Record<string, unknown> | undefined) => (state ? JSON.stringify(state) : undefined);

const isActivePath = (to: string, end: boolean | undefined) => {
  if (typeof window === 'undefined') return false;
  const path = to.split(/[?#]/)[0]!;
  const here = window.location.pathname.replace(/\/$/, '') || '/';
  return end ? here === path : here === path || here.startsWith(`${path}/`);
};

export const LIGHT_PAGE_KEY = 'light';

let arrival: { state: unknown } | undefined;
const arrivalListeners = new Set<() => void>();
const onArrivalChange = (listener: () => void) => {
  arrivalListeners.add(listener);
  return () => void arrivalListeners.delete(listener);
};
/**
 * The state the app kept for this address in the tab's history (React Router keeps it as `usr`),
 * when a reload of a page the app had opened lands on a light page. Read once: a light page never
 * changes address by itself.
 */
const arrivalState = () => (arrival ??= { state: (history.state as { usr?: unknown } | null)?.usr ?? null }).state;

/**
 * Gives a light page's islands new state for the page shown, as a link to the same page with that
 * state would in the app, without handing over; it is kept in the tab's history for the app too.
 */
export function replaceArrivalState(state: Record<string, unknown>): void {
  history.replaceState({ ...(history.state as object | null), usr: state }, '');
  arrival = { state };
  for (const notify of arrivalListeners) notify();
}

const anchorKit: LinkKit = {
  Link: ({ to, state, ...props }) => <a {...props} data-link-state={linkState(state)} href={to} />,
  NavLink: ({ to, state, end, className, ...props }) => {
    const isActive = !to.includes('#') && isActivePath(to, end);
    return (
      <a
        {...props}
        data-link-state={linkState(state)}
        aria-current={isActive ? 'page' : undefined}
        className={typeof className === 'function' ? className({ isActive }) : className}
        href={to}
      />
    );
  },
  useLocationKey: () => LIGHT_PAGE_KEY,
  // The server drew the page without it: it is read once the island has hydrated.
  useLocationState: () => useSyncExternalStore(onArrivalChange, arrivalState, () => null),
  useReturning: () => false,
  useNavigate: () => openPage,
};

export const LinkKitContext = createContext<LinkKit>(anchorKit);

export const useLinkKit = (): LinkKit => useContext(LinkKitContext);
