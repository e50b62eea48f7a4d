import { Accessibility, ArrowLeft, ArrowRight, Building2, HeartHandshake, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type Dispatch, type FormEvent, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { registerSchema, type AuthConfig, type AuthReply } from '@contract/auth';
import { PASSWORD_MIN, homeFor, type SelfServiceRole } from '@contract/roles';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { signIn } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { failureMessage, googleAuth, register, resendOtp, userExists, type RegisterBody } from './api';
import { FieldError } from '@/ui/form';
import { PasswordField, StepHeading, TextField, describedBy, hintClass, inputClass, labelClass, showFieldErrors, useStepFocus, zodErrors, type Errors } from './fields';
import { blockLink } from '@/ui/text-link';
import { GoogleButton } from './google-button';
import { HumanCheck } from '@/ui/human-check';
import { VerifyStep } from './verify-step';

const ROLES: { value: SelfServiceRole; name: string; description: string; icon: ReactNode }[] = [
  {
    value: 'recipient',
    name: 'Recipient',
    description: 'I need assistive technology',
    icon: <Accessibility aria-hidden="true" className="size-7 shrink-0" />,
  },
  {
    value: 'organization',
    name: 'Organization',
    description: 'We serve blind and visually impaired people',
    icon: <Building2 aria-hidden="true" className="size-7 shrink-0" />,
  },
  {
    value: 'donor',
    name: 'Donor',
    description: 'I want to give',
    icon: <HeartHandshake aria-hidden="true" className="size-7 shrink-0" />,
  },
];

type Field = 'firstName' | 'lastName' | 'organizationName' | 'email' | 'phoneNumber' | 'password' | 'terms' | 'captcha';
const ORDER: readonly Field[] = ['firstName', 'lastName', 'organizationName', 'email', 'phoneNumber', 'password', 'terms', 'captcha'];
const SERVER_FIELDS = ['firstName', 'lastName', 'organizationName', 'email', 'phoneNumber', 'password'] as const;

type Step = 'role' | 'details' | 'verify';

type Values = {
  firstName: string;
  lastName: string;
  organizationName: string;
  email: string;
  phoneNumber: string;
  password: string;
  agreed: boolean;
};

/** Held by the page, so switching tabs or going back a step keeps what was typed. */
export type SignUpState = { step: Step; role: SelfServiceRole | null; values: Values; verifyFor: string };

export const initialSignUpState = (role: SelfServiceRole | null): SignUpState => ({
  step: 'role',
  role,
  values: { firstName: '', lastName: '', organizationName: '', email: '', phoneNumber: '', password: '', agreed: false },
  verifyFor: '',
});

export function SignUpPanel({
  config,
  state,
  setState,
}: {
  config: AuthConfig | undefined;
  state: SignUpState;
  setState: Dispatch<SetStateAction<SignUpState>>;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { step, role } = state;
  const setStep = (next: Step) => setState((current) => ({ ...current, step: next }));
  const setValues: Dispatch<SetStateAction<Values>> = (next) =>
    setState((current) => ({ ...current, values: typeof next === 'function' ? next(current.values) : next }));
  useStepFocus(step, headingRef);

  if (step === 'role' || !role) {
    return (
      <RoleStep
        headingRef={headingRef}
        role={role}
        onRole={(value) => setState((current) => ({ ...current, role: value }))}
        onContinue={() => setStep('details')}
      />
    );
  }
  if (step === 'verify') {
    return (
      <VerifyStep
        email={state.verifyFor}
        password={state.values.password}
        heading="Step 3 of 3: Verify your email"
        headingRef={headingRef}
        backLabel="Change my details"
        onBack={() => setStep('details')}
      />
    );
  }
  return (
    <DetailsStep
      headingRef={headingRef}
      role={role}
      values={state.values}
      setValues={setValues}
      config={config}
      onBack={() => setStep('role')}
      onRegistered={(email) => setState((current) => ({ ...current, verifyFor: email, step: 'verify' }))}
    />
  );
}

function RoleStep({
  headingRef,
  role,
  onRole,
  onContinue,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  role: SelfServiceRole | null;
  onRole: (role: SelfServiceRole) => void;
  onContinue: () => void;
}) {
  const uid = useId();
  const [error, setError] = useState<string | undefined>();
  const firstRef = useRef<HTMLInputElement>(null);
  const errorId = `${uid}-error`;

  function handleContinue() {
    if (!role) {
      showFieldErrors({ role: 'Please select a role (Recipient, Organization, or Donor).' }, ['role'], (e) => setError(e.role), {
        role: firstRef.current,
      });
      return;
    }
    onContinue();
  }

  return (
    <div className="space-y-5">
      <StepHeading headingRef={headingRef}>Step 1 of 3: Choose your account type</StepHeading>
      {/* Native radios: arrow keys, the checked state and the group name all work without extra code. */}
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className={labelClass}>I am signing up as</legend>
        <div className="mt-3 space-y-3">
          {ROLES.map((r, index) => (
            <label
              key={r.value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-gray-500 bg-white p-4 text-gray-900 hover:bg-gray-50 has-[:checked]:border-brand-dark has-[:checked]:bg-orange-50 dark:border-gray-400 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:has-[:checked]:border-orange-300 dark:has-[:checked]:bg-gray-800"
            >
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                name={`${uid}-role`}
                value={r.value}
                checked={role === r.value}
                onChange={() => {
                  onRole(r.value);
                  setError(undefined);
                }}
                aria-describedby={error ? errorId : undefined}
                className="size-6 shrink-0 cursor-pointer accent-brand-dark dark:accent-orange-300"
              />
              {r.icon}
              <span className="min-w-0">
                <span className="block text-lg font-bold">{r.name}</span>
                <span className="block text-base text-gray-700 dark:text-gray-300">{r.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id={errorId}>{error}</FieldError>
      <Button onClick={handleContinue} className="w-full">
        Continue
        <ArrowRight aria-hidden="true" className="size-5" />
      </Button>
    </div>
  );
}

function DetailsStep({
  headingRef,
  role,
  values,
  setValues,
  config,
  onBack,
  onRegistered,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  role: SelfServiceRole;
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  config: AuthConfig | undefined;
  onBack: () => void;
  onRegistered: (email: string) => void;
}) {
  const navigate = useNavigate();
  const uid = useId();
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const agreed = values.agreed;
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);

  const siteKey = config?.turnstileSiteKey ?? null;
  const googleClientId = config?.googleClientId ?? null;
  const roleName = ROLES.find((r) => r.value === role)?.name ?? role;
  const id = (field: Field) => `${uid}-${field}`;
  const refFor = (field: Field) => (el: HTMLElement | null) => {
    refs.current[field] = el;
  };

  function update(field: Exclude<keyof Values, 'agreed'>, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function validate(): { found: Errors<Field>; body?: RegisterBody } {
    const { agreed: _agreed, ...fields } = values;
    const parsed = registerSchema.safeParse({
      ...fields,
      role,
      organizationName: role === 'organization' ? values.organizationName : undefined,
    });
    const found: Errors<Field> = parsed.success ? {} : zodErrors<Field>(parsed.error);
    if (role === 'organization' && !values.organizationName.trim()) found.organizationName = 'Organization name is required.';
    if (!agreed) found.terms = 'You must agree to the Terms and Privacy Policy.';
    if (siteKey && !captchaToken) found.captcha = 'CAPTCHA verification is required.';
    if (!parsed.success) return { found };
    const { turnstileToken: _unused, ...data } = parsed.data;
    return {
      found,
      body: {
        ...data,
        ...(role === 'organization' ? { organizationName: data.organizationName } : { organizationName: undefined }),
        ...(siteKey && captchaToken ? { turnstileToken: captchaToken } : {}),
      },
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const { found, body } = validate();
    if (showFieldErrors(found, ORDER, setErrors, refs.current) || !body) return;
    setBusy(true);
    try {
      await register(body);
      onRegistered(body.email);
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        if (await isUnverified(body.email)) {
          try {
            await resendOtp(body.email);
          } catch {
            // A 429 means a code went out under a minute ago and still works; the next step can resend.
          }
          onRegistered(body.email);
          return;
        }
        setAlert('An account with this email already exists.');
      } else {
        const fromServer = fieldErrorsOf(error, SERVER_FIELDS);
        if (!showFieldErrors(fromServer, ORDER, setErrors, refs.current)) {
          setAlert(failureMessage(error, 'Failed to create account.', 'An error occurred during registration.'));
        }
      }
      if (siteKey) setCaptchaKey((k) => k + 1);
    }
    setBusy(false);
  }

  async function handleGoogle(credential: string | null) {
    setAlert(null);
    if (!credential) {
      setAlert('Google sign up failed.');
      return;
    }
    try {
      const reply: AuthReply = await googleAuth(credential);
      signIn(reply.token, reply.user);
      navigate(homeFor(reply.user), { replace: true });
    } catch (error) {
      setAlert(failureMessage(error, 'Google sign up failed.', 'Google Sign Up failed. Please try again.'));
    }
  }

  const phoneErrorId = `${id('phoneNumber')}-error`;
  const phoneHintId = `${id('phoneNumber')}-hint`;
  const prefixId = `${id('phoneNumber')}-prefix`;
  const termsErrorId = `${id('terms')}-error`;

  return (
    <div className="space-y-6">
      <div>
        <StepHeading headingRef={headingRef}>Step 2 of 3: Your details</StepHeading>
        <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
          Creating a <strong>{roleName}</strong> account. All fields are required.
        </p>
      </div>

      {role === 'donor' && googleClientId ? (
        <div className="space-y-3 border-b-2 border-gray-200 pb-6 dark:border-gray-700">
          <p className="text-base text-gray-800 dark:text-gray-200">
            Sign up with your Google account, or fill in the form below.
          </p>
          <GoogleButton clientId={googleClientId} mode="signup" onCredential={handleGoogle} />
        </div>
      ) : null}

      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={id('firstName')}
            inputRef={refFor('firstName')}
            label="First name"
            error={errors.firstName}
            value={values.firstName}
            onChange={(e) => update('firstName', e.target.value)}
            autoComplete="given-name"
            required
          />
          <TextField
            id={id('lastName')}
            inputRef={refFor('lastName')}
            label="Last name"
            error={errors.lastName}
            value={values.lastName}
            onChange={(e) => update('lastName', e.target.value)}
            autoComplete="family-name"
            required
          />
        </div>
        {role === 'organization' ? (
          <TextField
            id={id('organizationName')}
            inputRef={refFor('organizationName')}
            label="Organization name"
            error={errors.organizationName}
            value={values.organizationName}
            onChange={(e) => update('organizationName', e.target.value)}
            autoComplete="organization"
            required
          />
        ) : null}
        <TextField
          id={id('email')}
          inputRef={refFor('email')}
          label="Email"
          hint="We will send a code to this address to confirm it."
          error={errors.email}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
        />
        <div>
          <label htmlFor={id('phoneNumber')} className={labelClass}>
            Phone number
          </label>
          <p id={phoneHintId} className={hintClass}>
            Nigerian number, for example 803 123 4567.
          </p>
          <div className="mt-1 flex">
            <span
              id={prefixId}
              className="inline-flex min-h-12 shrink-0 items-center rounded-l-lg border-2 border-r-0 border-gray-700 bg-gray-100 px-3 text-lg font-semibold text-gray-900 dark:border-gray-300 dark:bg-gray-800 dark:text-gray-100"
            >
              <span className="sr-only">Country code </span>+234
            </span>
            <input
              ref={refFor('phoneNumber')}
              id={id('phoneNumber')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              required
              value={values.phoneNumber}
              onChange={(e) => update('phoneNumber', e.target.value)}
              aria-invalid={errors.phoneNumber ? true : undefined}
              aria-describedby={describedBy(prefixId, phoneHintId, errors.phoneNumber && phoneErrorId)}
              className={inputClass(Boolean(errors.phoneNumber), 'rounded-r-lg')}
            />
          </div>
          <FieldError id={phoneErrorId}>{errors.phoneNumber}</FieldError>
        </div>
        <PasswordField
          id={id('password')}
          inputRef={refFor('password')}
          label="Password"
          hint={`Minimum ${PASSWORD_MIN} characters`}
          error={errors.password}
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          required
        />
        <div>
          <p className="text-base text-gray-800 dark:text-gray-200">
            Please read these before you agree. Each opens in a new tab so you keep your place here.
          </p>
          <ul className="flex flex-wrap gap-x-6">
            <li>
              <a href="/terms-of-service" target="_blank" rel="noopener" className={blockLink}>
                Terms of Service<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href="/privacy-policy" target="_blank" rel="noopener" className={blockLink}>
                Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
          <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-lg font-semibold text-gray-900 dark:text-gray-100">
            <input
              ref={refFor('terms')}
              type="checkbox"
              checked={agreed}
              onChange={(e) => {
                const checked = e.target.checked;
                setValues((current) => ({ ...current, agreed: checked }));
                if (errors.terms) setErrors((current) => ({ ...current, terms: undefined }));
              }}
              required
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? termsErrorId : undefined}
              className="size-6 shrink-0 cursor-pointer accent-brand-dark dark:accent-orange-300"
            />
            I agree to the Terms of Service and Privacy Policy
          </label>
          <FieldError id={termsErrorId}>{errors.terms}</FieldError>
        </div>
        {siteKey ? (
          <HumanCheck key={captchaKey} siteKey={siteKey} onToken={setCaptchaToken} error={errors.captcha} groupRef={refFor('captcha')} />
        ) : null}
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back
          </Button>
          <Button type="submit">
            <UserPlus aria-hidden="true" className="size-5" />
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
        </div>
      </form>
    </div>
  );
}

async function isUnverified(email: string): Promise<boolean> {
  try {
    const found = await userExists(email);
    return found.exists && !found.isVerified;
  } catch {
    return false;
  }
}
