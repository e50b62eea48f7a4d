import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { resetPasswordSchema } from '@contract/auth';
import { RESET_REDIRECT_SECONDS, PASSWORD_MIN } from '@contract/roles';
import { ApiError } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { PasswordField } from '@/ui/fields';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { failureMessage, resetPassword } from './api';

/** The route's password rule, plus the second entry that must match it (product notes 5). */
const resetFormSchema = z
  .object({
    newPassword: resetPasswordSchema.shape.newPassword,
    confirmPassword: z.string().min(1, 'Enter the new password again.'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useZodForm(resetFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const [alert, setAlert] = useState<{ message: string; badLink: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit({ newPassword }: { newPassword: string }) {
    if (done) return;
    setAlert(null);
    try {
      const reply = await resetPassword(token, newPassword);
      setDone(reply?.message || 'Your password has been reset.');
    } catch (error) {
      setAlert({
        message: failureMessage(
          error,
          'Failed to reset password. Please try again.',
          'An error occurred while resetting the password. Please try again.',
        ),
        badLink: error instanceof ApiError && error.status === 400,
      });
    }
  }

  return (
    <Page title="Reset Password" intro={<p>Choose a new password for your account.</p>}>
      <div className="max-w-xl space-y-6">
        <Form form={form} onSubmit={submit}>
          <PasswordField
            name="newPassword"
            label="New password"
            hint={`Minimum ${PASSWORD_MIN} characters`}
            toggleLabel="Show new password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
          />
          <PasswordField
            name="confirmPassword"
            label="Confirm new password"
            toggleLabel="Show confirmed password"
            autoComplete="new-password"
          />
          {alert ? (
            <div className="space-y-2">
              <ErrorMessage>{alert.message}</ErrorMessage>
              {alert.badLink ? (
                <p>
                  <Link to="/forgot-password" className={blockLink}>
                    Request a new reset link
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <Button type="submit" className="w-full sm:w-auto">
            <KeyRound aria-hidden="true" className="size-5" />
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
        </Form>
        {/* The region's change is the announcement, so it is not repeated through the page announcer. */}
        <StatusBox>
          {done ? (
            <>
              <p>
                {done} Going to the sign-in page in {RESET_REDIRECT_SECONDS} seconds.
              </p>
              <Link to="/login" replace className={blockLink}>
                Sign in now
              </Link>
            </>
          ) : null}
        </StatusBox>
      </div>
    </Page>
  );
}
