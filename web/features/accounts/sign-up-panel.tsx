import { Accessibility, ArrowLeft, ArrowRight, Building2, HeartHandshake, Smartphone, UserPlus } from 'lucide-react';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import { z } from 'zod';
import { registerSchema, type AuthConfig } from '@contract/auth';
import { PASSWORD_MIN, type SelfServiceRole } from '@contract/roles';
import { ApiError } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import {
  Checkbox,
  EmailField,
  HumanCheckField,
  PasswordField,
  RadioGroup,
  TextField,
  humanCheckToken,
} from '@/ui/fields';
import { Form, useZodForm, type SubmitHelpers } from '@/ui/form';
import { blockLink } from '@/ui/text-link';
import { failureMessage, register, resendOtp, userExists, type RegisterBody } from './api';
import { StepHeading, useStepFocus } from '@/ui/steps';
import type { SignUpState, Step, Values } from './sign-up-state';
import { GoogleButton, useGoogleCredential } from './google-button';
import { PhoneCodeStep } from './phone-code-step';
import { VerifyStep } from './verify-step';

const ROLES: { value: SelfServiceRole; label: string; description: string; icon: ReactNode }[] = [
  {
    value: 'recipient',
    label: 'Recipient',
    description: 'I need assistive technology',
    icon: <Accessibility aria-hidden="true" className="size-7 shrink-0" />,
  },
  {
    value: 'organization',
    label: 'Organization',
    description: 'We serve blind and visually impaired people',
    icon: <Building2 aria-hidden="true" className="size-7 shrink-0" />,
  },
  {
    value: 'donor',
    label: 'Donor',
    description: 'I want to give',
    icon: <HeartHandshake aria-hidden="true" className="size-7 shrink-0" />,
  },
];

const roleSchema = z.object({ role: registerSchema.shape.role });

/** The route's own fields and rules, plus the agreement and the human check the page adds. */
const detailsSchema = (role: SelfServiceRole, humanCheck: boolean) =>
  z.object({
    ...registerSchema.shape,
    organizationName:
      role === 'organization'
        ? z.string().trim().min(1, 'Organization name is required.').max(120, 'Organization name is too long.')
        : z.string().optional(),
    agreed: z.literal(true, { error: 'You must agree to the Terms and Privacy Policy.' }),
    turnstileToken: humanCheckToken(humanCheck, 'CAPTCHA verification is required.'),
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
  if (step === 'phone') {
    return (
      <PhoneCodeStep
        mode="sign-up"
        headingRef={headingRef}
        backLabel="Sign up with email instead"
        onBack={() => setStep('details')}
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
      onPhone={() => setStep('phone')}
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
  const form = useZodForm(roleSchema, { defaultValues: { role: role ?? undefined } });
  useEffect(() => {
    const watching = form.watch((values) => {
      if (values.role) onRole(values.role);
    });
    return () => watching.unsubscribe();
  }, [form, onRole]);

  return (
    <div className="space-y-5">
      <StepHeading headingRef={headingRef}>Step 1 of 3: Choose your account type</StepHeading>
      <Form form={form} onSubmit={onContinue}>
        <RadioGroup name="role" legend="I am signing up as" options={ROLES} />
        <Button type="submit" className="w-full">
          Continue
          <ArrowRight aria-hidden="true" className="size-5" />
        </Button>
      </Form>
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
  onPhone,
  onRegistered,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  role: SelfServiceRole;
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  config: AuthConfig | undefined;
  onBack: () => void;
  onPhone: () => void;
  onRegistered: (email: string) => void;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);

  const siteKey = config?.turnstileSiteKey ?? null;
  const googleClientId = config?.googleClientId ?? null;
  const roleName = ROLES.find((r) => r.value === role)?.label ?? role;
  const schema = useMemo(() => detailsSchema(role, Boolean(siteKey)), [role, siteKey]);
  // `agreed` starts false, which the schema refuses until the box is ticked.
  const form = useZodForm(schema, {
    defaultValues: { ...values, role, agreed: values.agreed as true, turnstileToken: '' },
  });
  const busy = form.formState.isSubmitting;

  // What was typed is kept by the page, so going back a step or to the other tab loses nothing.
  useEffect(() => {
    const watching = form.watch((current) => {
      const { role: _role, turnstileToken: _token, ...kept } = current;
      setValues((previous) => ({ ...previous, ...kept, agreed: Boolean(kept.agreed) }) as Values);
    });
    return () => watching.unsubscribe();
  }, [form, setValues]);

  async function submit(parsed: z.output<typeof schema>, helpers: SubmitHelpers) {
    setAlert(null);
    const { agreed: _agreed, turnstileToken, organizationName, ...fields } = parsed;
    const body: RegisterBody = {
      ...fields,
      role,
      organizationName: role === 'organization' ? organizationName : undefined,
      ...(siteKey && turnstileToken ? { turnstileToken } : {}),
    };
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
      } else if (!helpers.showServerErrors(error)) {
        setAlert(failureMessage(error, 'Failed to create account.', 'An error occurred during registration.'));
      }
      // Each human-check token is good for one try.
      if (siteKey) {
        form.setValue('turnstileToken', '');
        setCaptchaKey((k) => k + 1);
      }
    }
  }

  const handleGoogle = useGoogleCredential(
    { failed: 'Google sign up failed.', tryAgain: 'Google Sign Up failed. Please try again.' },
    setAlert,
  );

  return (
    <div className="space-y-6">
      <div>
        <StepHeading headingRef={headingRef}>Step 2 of 3: Your details</StepHeading>
        <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
          Creating a <strong>{roleName}</strong> account. All fields are required.
        </p>
      </div>

      {role === 'recipient' ? (
        <div className="space-y-3 border-b-2 border-gray-200 pb-6 dark:border-gray-700">
          <p className="text-base text-gray-800 dark:text-gray-200">
            No email? Sign up with your phone number and a code we send you by SMS.
          </p>
          <Button variant="secondary" onClick={onPhone}>
            <Smartphone aria-hidden="true" className="size-5" />
            Sign up with your phone number
          </Button>
        </div>
      ) : null}

      {role === 'donor' && googleClientId ? (
        <div className="space-y-3 border-b-2 border-gray-200 pb-6 dark:border-gray-700">
          <p className="text-base text-gray-800 dark:text-gray-200">
            Sign up with your Google account, or fill in the form below.
          </p>
          <GoogleButton clientId={googleClientId} mode="signup" onCredential={handleGoogle} />
        </div>
      ) : null}

      <Form form={form} onSubmit={submit}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label="First name" autoComplete="given-name" />
          <TextField name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        {role === 'organization' ? (
          <TextField name="organizationName" label="Organization name" autoComplete="organization" />
        ) : null}
        <EmailField hint="We will send a code to this address to confirm it." />
        <TextField
          name="phoneNumber"
          label="Phone number"
          hint="Nigerian number, for example 803 123 4567."
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          prefix="+234"
          prefixLabel="Country code"
        />
        <PasswordField
          name="password"
          label="Password"
          hint={`Minimum ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
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
          <Checkbox name="agreed" label="I agree to the Terms of Service and Privacy Policy" />
        </div>
        {siteKey ? <HumanCheckField name="turnstileToken" siteKey={siteKey} resetKey={captchaKey} /> : null}
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
      </Form>
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
