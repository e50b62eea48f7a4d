import { LogIn } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { loginSchema, type AuthConfig, type AuthReply } from '@contract/auth';
import { homeFor } from '@contract/roles';
import { ApiError } from '@/lib/api';
import { signIn } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { CAPTCHA_PENDING, HumanCheckField, PasswordField, EmailField, humanCheckToken } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { blockLink } from '@/ui/text-link';
import { failureMessage, login } from './api';
import { StepHeading, useStepFocus } from '@/ui/steps';
import { GoogleButton, useGoogleCredential } from './google-button';
import type { VerifyStep } from './verify-step';

export function SignInPanel({
  config,
  email,
  setEmail,
}: {
  config: AuthConfig | undefined;
  email: string;
  setEmail: (email: string) => void;
}) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<'form' | 'verify'>('form');
  // The verify step's code loads only when an account turns out to be unverified, before the step shows.
  const [Verify, setVerify] = useState<typeof VerifyStep | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  useStepFocus(step, headingRef);

  const siteKey = config?.turnstileSiteKey ?? null;
  const googleClientId = config?.googleClientId ?? null;
  const schema = useMemo(
    () => loginSchema.extend({ turnstileToken: humanCheckToken(Boolean(siteKey), CAPTCHA_PENDING) }),
    [siteKey],
  );
  const form = useZodForm(schema, { defaultValues: { email, password: '', turnstileToken: '' } });
  const busy = form.formState.isSubmitting;

  // The email is kept by the page, so it is still there after a visit to the other tab.
  useEffect(() => {
    const watching = form.watch((values) => setEmail(values.email ?? ''));
    return () => watching.unsubscribe();
  }, [form, setEmail]);

  function finish(reply: AuthReply) {
    signIn(reply.token, reply.user);
    navigate(homeFor(reply.user), { replace: true });
  }

  async function submit(values: z.output<typeof schema>) {
    setAlert(null);
    try {
      finish(
        await login({
          email: values.email,
          password: values.password,
          ...(siteKey && values.turnstileToken ? { turnstileToken: values.turnstileToken } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        try {
          const { VerifyStep: loaded } = await import('./verify-step');
          setVerify(() => loaded);
        } catch {
          setAlert(
            'Your email address is not verified yet, and the page to verify it could not load. Please try again.',
          );
          return;
        }
        setUnverifiedEmail(values.email);
        setStep('verify');
        return;
      }
      setAlert(failureMessage(error, 'Login failed', 'Failed to sign in. Please check your credentials.'));
      // Each human-check token is good for one try.
      if (siteKey) {
        form.setValue('turnstileToken', '');
        setCaptchaKey((k) => k + 1);
      }
    }
  }

  const handleGoogle = useGoogleCredential(
    { failed: 'Google sign in failed.', tryAgain: 'Google Sign In failed. Please try again.' },
    setAlert,
  );

  if (step === 'verify' && Verify) {
    return (
      <Verify
        email={unverifiedEmail}
        password={form.getValues('password')}
        heading="Verify your email"
        headingRef={headingRef}
        backLabel="Back to sign in"
        onBack={() => setStep('form')}
      />
    );
  }

  return (
    <div className="space-y-6">
      <StepHeading headingRef={headingRef}>Sign in with your email</StepHeading>
      <Form form={form} onSubmit={submit}>
        <EmailField />
        <div>
          <PasswordField name="password" label="Password" autoComplete="current-password" />
          <Link to="/forgot-password" className={`mt-1 ${blockLink}`}>
            Forgot password?
          </Link>
        </div>
        {siteKey ? <HumanCheckField name="turnstileToken" siteKey={siteKey} resetKey={captchaKey} /> : null}
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" className="w-full">
          <LogIn aria-hidden="true" className="size-5" />
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </Form>
      {googleClientId ? (
        <div className="space-y-3 border-t-2 border-gray-200 pt-6 dark:border-gray-700">
          <p className="text-base text-gray-800 dark:text-gray-200">
            Donors can also sign in with their Google account.
          </p>
          <GoogleButton clientId={googleClientId} mode="signin" onCredential={handleGoogle} />
        </div>
      ) : null}
    </div>
  );
}
