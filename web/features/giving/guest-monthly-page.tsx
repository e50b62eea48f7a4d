import { useLocation } from 'react-router';
import { Page } from '@/ui/page';
import { MonthlyGifts } from './monthly-gifts';

/**
 * /giving/monthly: a guest's monthly gifts, opened by the signed link in every mail about them; the
 * link's query string is the guest's proof and goes with every call.
 */
export default function GuestMonthlyPage() {
  const { search } = useLocation();
  const email = new URLSearchParams(search).get('email') ?? '';
  return (
    <Page
      title="Your monthly gifts"
      intro={
        email
          ? `The monthly gifts given with ${email}. Change the amount, pause or cancel any of them here.`
          : undefined
      }
    >
      <MonthlyGifts owner={{ kind: 'guest', query: search }} email={email} />
    </Page>
  );
}
