import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { emailOnlySchema } from '@contract/auth';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { EmailField } from '@/ui/fields';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { failureMessage, forgotPassword } from './api';

export default function ForgotPasswordPage() {
  const form = useZodForm(emailOnlySchema, { defaultValues: { email: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  async function submit({ email }: { email: string }) {
    setAlert(null);
    setSent(null);
    try {
      const reply = await forgotPassword(email);
      setSent(reply?.message || 'If an account exists for that email, we have sent a link to reset the password.');
    } catch (error) {
      setAlert(
        failureMessage(
          error,
          'Failed to send the reset link. Please try again.',
          'Could not reach the server. Check your connection and try again.',
        ),
      );
    }
  }

  return (
    <Page
      title="Forgot Password"
      intro={
        <p>
          Enter the email address you use to sign in. If it matches an account, we will email you a link to choose a new
          password.
        </p>
      }
    >
      <div className="max-w-xl space-y-6">
        <Form form={form} onSubmit={submit}>
          <EmailField />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <Button type="submit" className="w-full sm:w-auto">
            <Mail aria-hidden="true" className="size-5" />
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Form>
        <StatusBox>{sent}</StatusBox>
        <p>
          <Link to="/login" className={blockLink}>
            Back to Sign In
          </Link>
        </p>
      </div>
    </Page>
  );
}
