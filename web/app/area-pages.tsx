import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { Page } from '@/ui/page';

/** The signed-in areas that later work fills in: each already sits behind its guard. */
export function AreaPlaceholder({ title, text }: { title: string; text: string }) {
  const session = useSession();
  const name = session.user?.first_name;
  return (
    <Page title={title}>
      {name ? <p className="text-lg">Welcome, {name}.</p> : null}
      <p className="mt-2 text-lg">{text}</p>
      <p className="mt-6">
        <Link to="/campaigns" className="font-semibold underline">
          Browse campaigns
        </Link>
      </p>
    </Page>
  );
}

export function DonorAccountPage() {
  return (
    <AreaPlaceholder
      title="My Account"
      text="This page will eventually let you update your profile. For now, contact support if any of your details need to change."
    />
  );
}
