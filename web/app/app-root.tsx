import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { loadSession } from '@/lib/session';
import { ConnectionNotice } from './connection-notice';
import { useScrollRestoration } from './navigation';
import { StepUpHost } from './step-up-host';

/**
 * At start a stored token loads the profile; only the server's 401 signs out and goes to /login, and
 * a connection that fails keeps the session and says so (decision 0047). Once only: outside a data
 * router, useNavigate gives a new function after every navigation. Also keeps the scroll position
 * across navigations.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useScrollRestoration();
  useEffect(() => {
    let cancelled = false;
    void loadSession().then((message) => {
      if (message && !cancelled) navigateRef.current('/login', { replace: true, state: { message } });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <>
      <ConnectionNotice />
      <Outlet />
      <StepUpHost />
    </>
  );
}
