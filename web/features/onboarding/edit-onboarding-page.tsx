import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { appRole, homeFor } from '@contract/roles';
import { errorMessage, retryUnlessRefused } from '@/lib/api';
import { userMayAct } from '@/lib/organization-acts';
import { useSession } from '@/lib/session';
import { OwnersOnly } from './owners-only';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { fetchOwnReview, OWN_REVIEW_KEY } from '@/lib/own-review';
import { KindWizard } from './wizard-kinds';

/**
 * /onboarding/edit: the wizard again, filled with the latest version's answers, while an admin's
 * correction request is the latest word; otherwise it says where the profile stands.
 */
export default function EditOnboardingPage() {
  const session = useSession();
  const review = useQuery({ queryKey: OWN_REVIEW_KEY, queryFn: fetchOwnReview, retry: retryUnlessRefused });
  if (session.status !== 'signedIn') return null; // the route's guard shows loading or sends to /login
  const user = session.user;
  if (!userMayAct(user, 'manageProfile')) return <OwnersOnly />;
  const kind = appRole(user.role) === 'organization' ? 'organization' : 'recipient';
  if (review.data?.status === 'correction_requested') {
    return (
      <KindWizard
        kind={kind}
        user={user}
        resume={{
          answers: review.data.answers,
          hasPhoto: review.data.has_photo,
          hasDocument: review.data.has_document,
          reason: review.data.review_note,
        }}
      />
    );
  }
  const back = (
    <Link to={homeFor(user)} className={blockLink}>
      Back to your dashboard
    </Link>
  );
  return (
    <Page title="Correct Your Profile">
      {review.isPending ? (
        <LoadingState>Loading your profile...</LoadingState>
      ) : review.isError ? (
        <ErrorMessage>
          {errorMessage(review.error, { noMessage: 'Could not load your profile. Please reload the page.' })}
        </ErrorMessage>
      ) : (
        <p className="text-lg">
          {review.data.status === 'verified'
            ? 'Your profile is verified. There is nothing to correct.'
            : 'Your profile is waiting for review. There is nothing to correct yet.'}
        </p>
      )}
      {back}
    </Page>
  );
}
