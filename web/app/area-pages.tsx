import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appRole } from '@contract/roles';
import { useSession } from '@/lib/session';
import { Page } from '@/ui/page';
import { YourDataSection } from '@/ui/your-data-section';

/** The signed-in areas that later work fills in: each already sits behind its guard. */
export function AreaPlaceholder({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  const session = useSession();
  const name = session.user?.first_name;
  const role = session.user ? appRole(session.user.role) : null;
  const profilePath =
    (role === 'recipient' || role === 'organization') && session.user?.isOnboardingComplete ? `/${role}/profile` : null;
  return (
    <Page title={title}>
      {name ? <p className="text-lg">Welcome, {name}.</p> : null}
      <p className="mt-2 text-lg">{text}</p>
      <ul className="mt-6 space-y-2">
        {profilePath ? (
          <li>
            <Link to={profilePath} className="font-semibold underline">
              View your profile
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/campaigns" className="font-semibold underline">
            Browse campaigns
          </Link>
        </li>
      </ul>
      {children}
    </Page>
  );
}

export function DonorAccountPage() {
  return (
    <AreaPlaceholder
      title="My Account"
      text="This page will eventually let you update your profile. For now, contact support if any of your details need to change."
    >
      <YourDataSection />
    </AreaPlaceholder>
  );
}
