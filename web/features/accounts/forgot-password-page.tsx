import { Mail } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { emailOnlySchema } from '@contract/auth';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { failureMessage, forgotPassword } from './api';
import { StatusBox, TextField, showFieldErrors, zodErrors, type Errors } from './fields';
import { blockLink } from '@/ui/text-link';

type Field = 'email';

export default function ForgotPasswordPage() {
  const uid = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setSent(null);
    const parsed = emailOnlySchema.safeParse({ email });
    const found: Errors<Field> = parsed.success ? {} : zodErrors<Field>(parsed.error);
    if (showFieldErrors(found, ['email'], setErrors, { email: emailRef.current }) || !parsed.success) return;
    setBusy(true);
    try {
      const reply = await forgotPassword(parsed.data.email);
      setSent(reply?.message || 'If an account exists for that email, we have sent a link to reset the password.');
    } catch (error) {
      setAlert(
        failureMessage(
          error,
          'Failed to send the reset link. Please try again.',
          'Could not reach the server. Check your connection and try again.',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      title="Forgot Password"
      intro={
        <p>
          Enter the email address you use to sign in. If it matches an account, we will email you a link to choose a
          new password.
        </p>
      }
    >
      <div className="max-w-xl space-y-6">
        <form noValidate onSubmit={handleSubmit} className="space-y-5">
          <TextField
            id={`${uid}-email`}
            inputRef={emailRef}
            label="Email"
            error={errors.email}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (errors.email) setErrors({});
            }}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="none"
            required
          />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <Button type="submit" className="w-full sm:w-auto">
            <Mail aria-hidden="true" className="size-5" />
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
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
