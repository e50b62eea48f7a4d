import { LogIn } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type AuthConfig, type AuthReply } from '@contract/auth';
import { homeFor } from '@contract/roles';
import { ApiError } from '@/lib/api';
import { signIn } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { failureMessage, googleAuth, login } from './api';
import { PasswordField, StepHeading, TextField, showFieldErrors, useStepFocus, zodErrors, type Errors } from './fields';
import { blockLink } from '@/ui/text-link';
import { GoogleButton } from './google-button';
import { HumanCheck } from '@/ui/human-check';
import { VerifyStep } from './verify-step';

type Field = 'email' | 'password' | 'captcha';
const ORDER: readonly Field[] = ['email', 'password', 'captcha'];

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
  const uid = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const [step, setStep] = useState<'form' | 'verify'>('form');
  const [unverifiedEmail, setUnverifiedEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  useStepFocus(step, headingRef);

  const siteKey = config?.turnstileSiteKey ?? null;
  const googleClientId = config?.googleClientId ?? null;

  function finish(reply: AuthReply) {
    signIn(reply.token, reply.user);
    navigate(homeFor(reply.user), { replace: true });
  }

  function update(field: Field, value: string, set: (v: string) => void) {
    set(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const parsed = loginSchema.safeParse({ email, password });
    const found: Errors<Field> = parsed.success ? {} : zodErrors<Field>(parsed.error);
    if (siteKey && !captchaToken) found.captcha = 'Please wait for CAPTCHA verification and try again.';
    if (showFieldErrors(found, ORDER, setErrors, refs.current) || !parsed.success) return;
    setBusy(true);
    try {
      finish(
        await login({
          email: parsed.data.email,
          password: parsed.data.password,
          ...(siteKey && captchaToken ? { turnstileToken: captchaToken } : {}),
        }),
      );
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        setUnverifiedEmail(parsed.data.email);
        setStep('verify');
        return;
      }
      setAlert(failureMessage(error, 'Login failed', 'Failed to sign in. Please check your credentials.'));
      // Each human-check token is good for one try.
      if (siteKey) setCaptchaKey((k) => k + 1);
    }
  }

  async function handleGoogle(credential: string | null) {
    setAlert(null);
    if (!credential) {
      setAlert('Google sign in failed.');
      return;
    }
    try {
      finish(await googleAuth(credential));
    } catch (error) {
      setAlert(failureMessage(error, 'Google sign in failed.', 'Google Sign In failed. Please try again.'));
    }
  }

  if (step === 'verify') {
    return (
      <VerifyStep
        email={unverifiedEmail}
        password={password}
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
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <TextField
          id={`${uid}-email`}
          inputRef={(el) => {
            refs.current.email = el;
          }}
          label="Email"
          error={errors.email}
          value={email}
          onChange={(e) => update('email', e.target.value, setEmail)}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
        />
        <div>
          <PasswordField
            id={`${uid}-password`}
            inputRef={(el) => {
              refs.current.password = el;
            }}
            label="Password"
            error={errors.password}
            value={password}
            onChange={(e) => update('password', e.target.value, setPassword)}
            autoComplete="current-password"
            required
          />
          <Link to="/forgot-password" className={`mt-1 ${blockLink}`}>
            Forgot password?
          </Link>
        </div>
        {siteKey ? (
          <HumanCheck
            key={captchaKey}
            siteKey={siteKey}
            onToken={setCaptchaToken}
            error={errors.captcha}
            groupRef={(el) => {
              refs.current.captcha = el;
            }}
          />
        ) : null}
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" className="w-full">
          <LogIn aria-hidden="true" className="size-5" />
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      {googleClientId ? (
        <div className="space-y-3 border-t-2 border-gray-200 pt-6 dark:border-gray-700">
          <p className="text-base text-gray-800 dark:text-gray-200">Donors can also sign in with their Google account.</p>
          <GoogleButton clientId={googleClientId} mode="signin" onCredential={handleGoogle} />
        </div>
      ) : null}
    </div>
  );
}
