import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { appRole, homeFor, SET_PASSWORD_PATH, type AppRole } from '@contract/roles';
import { mustSetUpSecondFactor, SECURITY_PATH } from '@contract/second-factor-rules';
import { usePageTitle } from '@/lib/page';
import { useSession } from '@/lib/session';
import { LoadingState } from '@/ui/feedback';

function NotForYourAccount({ home }: { home: string }) {
  usePageTitle('Not available for your account');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">This page is not for your account</h1>
      <p className="mt-4 text-lg">You are signed in with an account that cannot use this page.</p>
      <p className="mt-6">
        <Link to={home} className="font-semibold underline">
          Go to your account
        </Link>
      </p>
    </div>
  );
}

/**
 * Comfort, not protection (the server checks every call): shows 'Loading...' while the session
 * loads, sends anonymous visitors to /login (replacing history, with the reason a session just
 * ended), and tells a signed-in user of another role plainly that the page is not theirs. A session
 * whose profile cannot be fetched for want of a connection stays signed in with the last known
 * profile, or loading without one (decision 0047).
 */
export function RequireRole({ roles, children }: { roles: readonly AppRole[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadingState>Loading...</LoadingState>
      </div>
    );
  }
  if (session.status === 'signedOut') {
    return <Navigate to="/login" replace state={{ from: location.pathname, message: session.reason }} />;
  }
  // An account made with a temporary password sets its own before anything else.
  if (session.user.mustChangePassword) return <Navigate to={SET_PASSWORD_PATH} replace />;
  // Then an admin with no second factor sets one up before anything else (docs/decisions/0070).
  if (mustSetUpSecondFactor(session.user) && location.pathname !== SECURITY_PATH)
    return <Navigate to={SECURITY_PATH} replace />;
  if (!roles.includes(appRole(session.user.role))) return <NotForYourAccount home={homeFor(session.user)} />;
  return <>{children}</>;
}
