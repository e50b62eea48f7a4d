import { apiRequest, errorMessage } from '@/lib/api';
import { EmailRequestForm } from '@/ui/email-request-form';

/** Receipts again: the address a donor gave with, to which the server mails them. The page's island (decision 0058). */
export function ReceiptsForm() {
  return (
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
  );
}
