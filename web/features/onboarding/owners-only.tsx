import { Link } from 'react-router';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';

/**
 * What a member of an organization whose role does not manage its profile finds at the onboarding
 * pages (docs/decisions/0075): only an owner completes or corrects the organization's profile.
 */
export function OwnersOnly() {
  return (
    <Page title="Organization profile">
      <div className="space-y-4 text-lg">
        <p>An owner completes and corrects your organization&rsquo;s profile. Your role does not change it.</p>
        <Link to="/organization/dashboard" className={blockLink}>
          Go to your dashboard
        </Link>
      </div>
    </Page>
  );
}
