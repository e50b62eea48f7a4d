import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate, useNavigationType } from 'react-router';
import { LinkKitContext, linkState, type LinkKit } from '@/lib/link-kit';

const routerKit: LinkKit = {
  Link: ({ state, ...props }) => <Link {...props} state={state} data-link-state={linkState(state)} discover="none" />,
  NavLink: ({ state, ...props }) => (
    <NavLink {...props} state={state} data-link-state={linkState(state)} discover="none" />
  ),
  useLocationKey: () => useLocation().key,
  useLocationState: () => useLocation().state as unknown,
  useReturning: () => useNavigationType() === 'POP',
  useNavigate: () => {
    const navigate = useNavigate();
    return (to, options) => void navigate(to, options);
  },
};

/** Hands the app's components React Router's links (web/lib/link-kit.tsx). */
export function RouterLinkKit({ children }: { children: ReactNode }) {
  return <LinkKitContext value={routerKit}>{children}</LinkKitContext>;
}
