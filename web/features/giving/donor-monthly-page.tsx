import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { textLink } from '@/ui/text-link';
import { MonthlyGifts } from './monthly-gifts';

/** /donor/giving: the signed-in donor's monthly gifts, each with its next date, to change, pause or cancel. */
export default function DonorMonthlyPage() {
  const session = useSession();
  return (
    <Page
      title="My Monthly Giving"
      intro={
        <>
          Each monthly gift is charged on the same day every month, with a receipt each time; every gift is in{' '}
          <Link to="/donor/gifts" className={textLink}>
            My Gifts
          </Link>
          .
        </>
      }
    >
      <MonthlyGifts owner={{ kind: 'donor' }} email={session.user?.email ?? ''} />
      <LinkButton to="/give-monthly" variant="secondary" className="mt-8">
        Start a monthly gift
      </LinkButton>
    </Page>
  );
}
