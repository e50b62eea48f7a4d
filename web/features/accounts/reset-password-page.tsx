import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordSchema } from '@contract/auth';
import { RESET_REDIRECT_SECONDS, PASSWORD_MIN } from '@contract/roles';
import { ApiError } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { failureMessage, resetPassword } from './api';
import { PasswordField, StatusBox, showFieldErrors, type Errors } from './fields';
import { blockLink } from '@/ui/text-link';

type Field = 'newPassword' | 'confirmPassword';
const ORDER: readonly Field[] = ['newPassword', 'confirmPassword'];

function validate(newPassword: string, confirmPassword: string): Errors<Field> {
  const found: Errors<Field> = {};
  if (!newPassword) found.newPassword = 'Enter a new password.';
  else {
    const checked = resetPasswordSchema.shape.newPassword.safeParse(newPassword);
    if (!checked.success) found.newPassword = checked.error.issues[0]?.message;
  }
  if (!confirmPassword) found.confirmPassword = 'Enter the new password again.';
  else if (newPassword !== confirmPassword) found.confirmPassword = 'Passwords do not match.';
  return found;
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const uid = useId();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [alert, setAlert] = useState<{ message: string; badLink: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    setAlert(null);
    if (showFieldErrors(validate(newPassword, confirmPassword), ORDER, setErrors, refs.current)) return;
    setBusy(true);
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
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Reset Password" intro={<p>Choose a new password for your account.</p>}>
      <div className="max-w-xl space-y-6">
        <form noValidate onSubmit={handleSubmit} className="space-y-5">
          <PasswordField
            id={`${uid}-new`}
            inputRef={(el) => {
              refs.current.newPassword = el;
            }}
            label="New password"
            hint={`Minimum ${PASSWORD_MIN} characters`}
            toggleLabel="Show new password"
            error={errors.newPassword}
            value={newPassword}
            onChange={(e) => {
              setNewPassword(e.target.value);
              if (errors.newPassword) setErrors((current) => ({ ...current, newPassword: undefined }));
            }}
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            required
          />
          <PasswordField
            id={`${uid}-confirm`}
            inputRef={(el) => {
              refs.current.confirmPassword = el;
            }}
            label="Confirm new password"
            toggleLabel="Show confirmed password"
            error={errors.confirmPassword}
            value={confirmPassword}
            onChange={(e) => {
              setConfirmPassword(e.target.value);
              if (errors.confirmPassword) setErrors((current) => ({ ...current, confirmPassword: undefined }));
            }}
            autoComplete="new-password"
            required
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
        </form>
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
