import { Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { emailOnlySchema } from '@contract/auth';
import { Button } from './button';
import { ErrorMessage } from './feedback';
import { EmailField } from './fields';
import { Form, StatusBox, useZodForm } from './form';

/**
 * Asking for something by email address (a password reset link, receipts again): the address, a
 * refusal said beside the button, and the answer in a status line. The page gives the words and the
 * request; `send` answers the server's sentence (or nothing, for `sent`), `failed` words a refusal.
 * `children` follow the answer.
 */
export function EmailRequestForm({
  submitLabel,
  sent,
  send,
  failed,
  children,
}: {
  submitLabel: string;
  sent: string;
  send: (email: string) => Promise<string | undefined>;
  failed: (error: unknown) => string;
  children?: ReactNode;
}) {
  const form = useZodForm(emailOnlySchema, { defaultValues: { email: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  async function submit({ email }: { email: string }) {
    setAlert(null);
    setAnswer(null);
    try {
      setAnswer((await send(email)) || sent);
    } catch (error) {
      setAlert(failed(error));
    }
  }

  return (
    <div className="max-w-xl space-y-6">
      <Form form={form} onSubmit={submit}>
        <EmailField />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" className="w-full sm:w-auto">
          <Mail aria-hidden="true" className="size-5" />
          {busy ? 'Sending...' : submitLabel}
        </Button>
      </Form>
      <StatusBox>{answer}</StatusBox>
      {children}
    </div>
  );
}
