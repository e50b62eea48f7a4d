import { KeyRound, LogIn, Smartphone } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AuthConfig, AuthReply } from '@contract/auth';
import { homeFor } from '@contract/roles';
import { emailProblem, normalEmail, signInPasswordProblem } from '@contract/sign-in-rules';
import { ApiError } from '@/lib/api';
import { useLinkKit } from '@/lib/link-kit';
import { signIn } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { CAPTCHA_PENDING, HumanCheck } from '@/ui/human-check';
import { LightEmailField, LightPasswordField } from '@/ui/light-fields';
import { LightForm, type FieldProblem } from '@/ui/light-form';
import { blockLink } from '@/ui/text-link';
import { failureMessage, login } from './api';
import { StepHeading, useStepFocus } from '@/ui/steps';
import { GoogleButton, useGoogleCredential } from './google-button';
import type { PhoneCodeStep } from './phone-code-step';
import type { SecondFactorStep } from './second-factor-step';
import type { SignInChallengeReply } from '@contract/second-factor';
import type { VerifyStep } from './verify-step';

type Field = 'email' | 'password' | 'turnstileToken';

/** What the sign-in rules (contract/sign-in-rules.ts) find in what is typed, in the fields' order. */
function problemsOf(email: string, password: string, token: string | null, needsToken: boolean) {
  const found: FieldProblem<Field>[] = [];
  const add = (name: Field, message: string | null) => void (message && found.push({ name, message }));
  add('email', emailProblem(email));
  add('password', signInPasswordProblem(password));
  add('turnstileToken', needsToken && !token ? CAPTCHA_PENDING : null);
  return found;
}

/**
 * The sign-in tab. Its fields are light ones (no form library or schema library), so the sign-in
 * page stays a light page (decision 0058); the rules are the contract's own.
 */
export function SignInPanel({
  config,
  email,
  setEmail,
}: {
  config: AuthConfig | undefined;
  /** Kept by the page, so it is still there after a visit to the other tab. */
  email: string;
  setEmail: (email: string) => void;
}) {
  const { Link, useNavigate } = useLinkKit();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<'form' | 'verify' | 'phone' | 'second-factor'>('form');
  // The second step loads only when a sign-in asks for it (docs/decisions/0070).
  const [Second, setSecond] = useState<typeof SecondFactorStep | null>(null);
  const [challenge, setChallenge] = useState<SignInChallengeReply | null>(null);
  // Signing in by a code sent to a phone loads its step only when asked for (decision 0058).
  const [Phone, setPhone] = useState<typeof PhoneCodeStep | null>(null);
  // The verify step's code loads only when an account turns out to be unverified, before the step shows.
  const [Verify, setVerify] = useState<typeof VerifyStep | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  useStepFocus(step, headingRef);

  const siteKey = config?.turnstileSiteKey ?? null;
  const googleClientId = config?.googleClientId ?? null;
  const problems = problemsOf(email, password, token, Boolean(siteKey));

  function finish(reply: AuthReply) {
    signIn(reply.token, reply.user);
    navigate(homeFor(reply.user), { replace: true });
  }

  /** A person with a second factor answers the challenge next. */
  async function askSecondFactor(reply: SignInChallengeReply): Promise<void> {
    try {
      const { SecondFactorStep: loaded } = await import('./second-factor-step');
      setSecond(() => loaded);
      setChallenge(reply);
      setStep('second-factor');
    } catch {
      setAlert('The page to confirm it is you could not load. Please try again.');
    }
  }

  async function signInWithPasskeyAlone() {
    setAlert(null);
    try {
      const [{ startAuthentication }, { passkeySignInOptions, signInWithPasskey }] = await Promise.all([
        import('@simplewebauthn/browser'),
        import('./security/api'),
      ]);
      const { options } = await passkeySignInOptions();
      finish(await signInWithPasskey(await startAuthentication({ optionsJSON: options as never })));
    } catch (error) {
      setAlert(
        error instanceof ApiError
          ? failureMessage(error, 'Signing in with a passkey failed.', 'Signing in with a passkey failed.')
          : 'No passkey was used. Try again, or sign in with your email and password.',
      );
    }
  }

  /** True once signed in: the account's home is on its way. */
  async function submit(): Promise<boolean> {
    setAlert(null);
    const address = normalEmail(email);
    try {
      const reply = await login({ email: address, password, ...(siteKey && token ? { turnstileToken: token } : {}) });
      if ('secondFactorRequired' in reply) {
        await askSecondFactor(reply);
        return false;
      }
      finish(reply);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        try {
          const { VerifyStep: loaded } = await import('./verify-step');
          setVerify(() => loaded);
        } catch {
          setAlert(
            'Your email address is not verified yet, and the page to verify it could not load. Please try again.',
          );
          return false;
        }
        setUnverifiedEmail(address);
        setStep('verify');
        return false;
      }
      setAlert(failureMessage(error, 'Login failed', 'Failed to sign in. Please check your credentials.'));
      // Each human-check token is good for one try.
      if (siteKey) setCaptchaKey((k) => k + 1);
      return false;
    }
  }

  const handleGoogle = useGoogleCredential(
    { failed: 'Google sign in failed.', tryAgain: 'Google Sign In failed. Please try again.' },
    setAlert,
    (reply) => void askSecondFactor(reply),
  );

  async function openPhone() {
    setAlert(null);
    try {
      const { PhoneCodeStep: loaded } = await import('./phone-code-step');
      setPhone(() => loaded);
      setStep('phone');
    } catch {
      setAlert('The page to sign in with your phone number could not load. Please try again.');
    }
  }

  if (step === 'phone' && Phone) {
    return (
      <Phone
        mode="sign-in"
        headingRef={headingRef}
        backLabel="Sign in with email instead"
        onBack={() => setStep('form')}
        siteKey={siteKey}
        onChallenge={(reply) => void askSecondFactor(reply)}
      />
    );
  }

  if (step === 'second-factor' && Second && challenge) {
    return (
      <Second
        challenge={challenge}
        headingRef={headingRef}
        onSignedIn={finish}
        onRestart={(message) => {
          setChallenge(null);
          setStep('form');
          setAlert(message);
        }}
      />
    );
  }

  if (step === 'verify' && Verify) {
    return (
      <Verify
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
      <LightForm problems={problems} onSubmit={submit}>
        {({ idFor, errorOf, busy }) => (
          <>
            <LightEmailField
              id={idFor('email')}
              value={email}
              onChange={setEmail}
              error={errorOf('email')}
              readOnly={busy}
            />
            <div>
              <LightPasswordField
                id={idFor('password')}
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
                error={errorOf('password')}
                readOnly={busy}
              />
              <Link to="/forgot-password" className={`mt-1 ${blockLink}`}>
                Forgot password?
              </Link>
            </div>
            {siteKey ? (
              <HumanCheck
                key={captchaKey}
                id={idFor('turnstileToken')}
                siteKey={siteKey}
                onToken={setToken}
                error={errorOf('turnstileToken')}
              />
            ) : null}
            {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
            <Button type="submit" className="w-full">
              <LogIn aria-hidden="true" className="size-5" />
              {busy ? 'Signing In...' : 'Sign In'}
            </Button>
          </>
        )}
      </LightForm>
      <div className="space-y-3 border-t-2 border-gray-200 pt-6 dark:border-gray-700">
        <p className="text-base text-gray-800 dark:text-gray-200">
          No email? Recipients can sign in with a code sent to their phone.
        </p>
        <Button variant="secondary" className="w-full" onClick={openPhone}>
          <Smartphone aria-hidden="true" className="size-5" />
          Sign in with your phone number
        </Button>
      </div>
      <div className="space-y-3 border-t-2 border-gray-200 pt-6 dark:border-gray-700">
        <p className="text-base text-gray-800 dark:text-gray-200">Added a passkey to your account?</p>
        <Button variant="secondary" className="w-full" onClick={signInWithPasskeyAlone}>
          <KeyRound aria-hidden="true" className="size-5" />
          Sign in with a passkey
        </Button>
      </div>
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
