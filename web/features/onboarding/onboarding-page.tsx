import { Navigate } from 'react-router';
import { appRole, homeFor } from '@contract/roles';
import { useSession } from '@/lib/session';
import { OrganizationWizard } from './organization-wizard';
import { RecipientWizard } from './recipient-wizard';

/** /onboarding (and /organization/onboarding): the two-step wizard for the signed-in account's role. */
export default function OnboardingPage() {
  const session = useSession();
  if (session.status !== 'signedIn') return null; // the route's guard shows loading or sends to /login
  const user = session.user;
  if (user.isOnboardingComplete) return <Navigate to={homeFor(user)} replace />;
  return appRole(user.role) === 'organization' ? (
    <OrganizationWizard organizationName={user.organizationName ?? ''} />
  ) : (
    <RecipientWizard />
  );
}
