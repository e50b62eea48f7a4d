import { Navigate } from 'react-router';
import { appRole, homeFor } from '@contract/roles';
import { userMayAct } from '@/lib/organization-acts';
import { useSession } from '@/lib/session';
import { OwnersOnly } from './owners-only';
import { KindWizard } from './wizard-kinds';

/** /onboarding (and /organization/onboarding): the two-step wizard for the signed-in account's role. */
export default function OnboardingPage() {
  const session = useSession();
  if (session.status !== 'signedIn') return null; // the route's guard shows loading or sends to /login
  const user = session.user;
  if (!userMayAct(user, 'manageProfile')) return <OwnersOnly />;
  if (user.isOnboardingComplete) return <Navigate to={homeFor(user)} replace />;
  return <KindWizard kind={appRole(user.role) === 'organization' ? 'organization' : 'recipient'} user={user} />;
}
