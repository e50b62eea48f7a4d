import { Navigate } from 'react-router';
import { homeFor } from '@contract/roles';
import { changePassword, refreshSessionUser, useSession } from '@/lib/session';
import { ChangePasswordForm } from '@/ui/change-password-form';
import { LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';

/**
 * An account an admin made with a temporary password comes here first: the temporary password,
 * then one of the owner's own. Once it is changed the session no longer asks, and the person goes
 * on to their home page.
 */
export default function SetPasswordPage() {
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadingState>Loading...</LoadingState>
      </div>
    );
  }
  if (session.status === 'signedOut') return <Navigate to="/login" replace />;
  if (!session.user.mustChangePassword) return <Navigate to={homeFor(session.user)} replace />;
  return (
    <Page
      title="Choose your password"
      intro={
        <p>
          Your account was made with a temporary password. Enter it, then choose a password of your own to continue.
        </p>
      }
    >
      <ChangePasswordForm
        submit={async (input) => {
          const message = await changePassword(input);
          // The fresh session user no longer asks for a new password, so this page moves on.
          await refreshSessionUser();
          return message;
        }}
      />
    </Page>
  );
}
