import { Link } from 'react-router';
import { Island } from '@/islands/island';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { ReceiptsForm } from './receipts-form';

/** Receipts again: anyone who gave, with or without an account, asks for them by email address. */
export default function ReceiptsPage() {
  return (
    <Page
      title="Get Your Receipts Again"
      intro={
        <p>
          Enter the email address you gave with. We will email it a link to the receipt (PDF) of each of your recent
          gifts. Signed in as a donor? Your receipts and yearly statements are also in{' '}
          <Link to="/donor/gifts" className={blockLink}>
            My Gifts
          </Link>
          .
        </p>
      }
    >
      <Island name="receipts" component={ReceiptsForm} props={{}} />
    </Page>
  );
}
