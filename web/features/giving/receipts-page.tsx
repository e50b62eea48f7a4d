import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { emailOnlySchema } from '@contract/auth';
import { apiRequest, errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { EmailField } from '@/ui/fields';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';

const SENT = 'If this address has given, we have sent its receipts to it.';

/** Receipts again: anyone who gave, with or without an account, asks for them by email address. */
export default function ReceiptsPage() {
  const form = useZodForm(emailOnlySchema, { defaultValues: { email: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  async function submit({ email }: { email: string }) {
    setAlert(null);
    setSent(null);
    try {
      const reply = await apiRequest<{ message: string }>('/receipts/resend', {
        method: 'POST',
        body: JSON.stringify({ email }),
      });
      setSent(reply.data?.message || SENT);
    } catch (error) {
      setAlert(errorMessage(error, { noMessage: 'We could not send your receipts. Please try again.' }));
    }
  }

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
      <div className="max-w-xl space-y-6">
        <Form form={form} onSubmit={submit}>
          <EmailField />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <Button type="submit" className="w-full sm:w-auto">
            <Mail aria-hidden="true" className="size-5" />
            {busy ? 'Sending...' : 'Email My Receipts'}
          </Button>
        </Form>
        <StatusBox>{sent}</StatusBox>
      </div>
    </Page>
  );
}
