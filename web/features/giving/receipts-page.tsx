import { Link } from 'react-router';
import { apiRequest, errorMessage } from '@/lib/api';
import { EmailRequestForm } from '@/ui/email-request-form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';

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
      <EmailRequestForm
        submitLabel="Email My Receipts"
        sent="If this address has given, we have sent its receipts to it."
        send={async (email) => {
          const reply = await apiRequest<{ message: string }>('/receipts/resend', {
            method: 'POST',
            body: JSON.stringify({ email }),
          });
          return reply.data?.message;
        }}
        failed={(error) => errorMessage(error, { noMessage: 'We could not send your receipts. Please try again.' })}
      />
    </Page>
  );
}
