import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { loadSession } from '@/lib/session';

/** At start a stored token loads the profile; any failure signs out and goes to /login. */
export function AppRoot() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void loadSession().then((message) => {
      if (message && !cancelled) navigate('/login', { replace: true, state: { message } });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <Outlet />;
}
