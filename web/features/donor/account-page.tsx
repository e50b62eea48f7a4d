import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { Page } from '@/ui/page';
import { YourDataSection } from '@/ui/your-data-section';

/** The donor's account page: a welcome, where to go next, and their data. Behind the donor guard. */
export default function DonorAccountPage() {
  const session = useSession();
  const name = session.user?.first_name;
  return (
    <Page title="My Account">
      {name ? <p className="text-lg">Welcome, {name}.</p> : null}
      <p className="mt-2 text-lg">
        This page will eventually let you update your profile. For now, contact support if any of your details need to
        change.
      </p>
      <ul className="mt-6 space-y-2">
        <li>
          <Link to="/campaigns" className="font-semibold underline">
            Browse campaigns
          </Link>
        </li>
      </ul>
      <YourDataSection />
    </Page>
  );
}
