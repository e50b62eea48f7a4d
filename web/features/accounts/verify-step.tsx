import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState, type RefObject } from 'react';
import { verifyEmailSchema } from '@contract/auth';
import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS, homeFor } from '@contract/roles';
import { announce } from '@/lib/announce';
import { signIn } from '@/lib/session';
import { useLinkKit } from '@/lib/link-kit';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { failureMessage, resendOtp, verifyEmail } from './api';
import { TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { StepHeading } from '@/ui/steps';

const codeSchema = verifyEmailSchema.pick({ token: true });

/** The email verification-code step, used after sign-up and when an unverified account signs in. */
export function VerifyStep({
  email,
  password,
  heading,
  headingRef,
  backLabel,
  onBack,
}: {
  email: string;
  /** The password typed at sign-up or sign-in, kept as the account's password once the inbox is proved. */
  password?: string;
  heading: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  backLabel: string;
  onBack: () => void;
}) {
  const navigate = useLinkKit().useNavigate();
  const form = useZodForm(codeSchema, { defaultValues: { token: '' } });
  const busy = form.formState.isSubmitting;
  const [alert, setAlert] = useState<string | null>(null);
  // Where the code went is read with the code field.
  const sentId = useId();
  // A code has just been sent when this step opens, so the cooldown starts at once. Counting down to
  // a deadline stays right even when a background tab slows the timer.
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [resending, setResending] = useState(false);
  const [resendNote, setResendNote] = useState<string | null>(null);

  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  function restartCooldown(seconds: number) {
    const start = Date.now();
    setNow(start);
    setResendAt(start + seconds * 1000);
  }

  async function submit({ token }: { token: string }) {
    setAlert(null);
    try {
      const reply = await verifyEmail(email, token, password);
      signIn(reply.token, reply.user);
      navigate(homeFor(reply.user), { replace: true });
    } catch (error) {
      setAlert(failureMessage(error, 'Verification failed.', 'Verification failed.'));
    }
  }

  async function handleResend() {
    if (secondsLeft > 0 || resending) return;
    setResending(true);
    setResendNote(null);
    try {
      const reply = await resendOtp(email);
      const note = reply?.message || `We sent a new code to ${email}.`;
      setResendNote(note);
      announce(note);
      restartCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const note = failureMessage(error, 'Failed to resend OTP.', 'Failed to resend OTP.');
      setResendNote(note);
      announce(note);
      restartCooldown(0);
    } finally {
      setResending(false);
    }
  }

  const waiting = secondsLeft > 0 || resending;

  return (
    <div className="space-y-5">
      <StepHeading headingRef={headingRef}>{heading}</StepHeading>
      <p id={sentId} className="text-lg text-gray-800 dark:text-gray-200">
        We sent a {CODE_LENGTH}-digit code to <strong className="break-all">{email}</strong>. Enter it below to finish.
        If it has not arrived after a minute, check your spam folder.
      </p>
      <Form form={form} onSubmit={submit}>
        <TextField
          name="token"
          label="Verification code"
          hint={`${CODE_LENGTH} digits, from the email`}
          describedBy={sentId}
          transform={(value) => value.replace(/\D/g, '')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
        />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" className="w-full sm:w-auto">
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
      </Form>
      <div className="space-y-3 border-t-2 border-gray-200 pt-5 dark:border-gray-700">
        <p className="text-base text-gray-800 dark:text-gray-200">
          You can ask for a new code once every {RESEND_COOLDOWN_SECONDS} seconds.
        </p>
        {/* aria-disabled rather than disabled keeps keyboard focus on the button while it waits. */}
        <Button
          variant="secondary"
          aria-disabled={waiting}
          onClick={handleResend}
          className={`w-full sm:w-auto ${waiting ? 'cursor-not-allowed border-dashed' : ''}`}
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          {resending ? 'Sending...' : secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
        </Button>
        {resendNote ? <p className="text-base font-medium text-gray-900 dark:text-gray-100">{resendNote}</p> : null}
        <div>
          <Button variant="ghost" onClick={onBack} className="-ml-4">
            <ArrowLeft aria-hidden="true" className="size-5" />
            {backLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
