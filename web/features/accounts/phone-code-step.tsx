import { ArrowLeft, KeyRound, LogIn, MessageSquare } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type RefObject } from 'react';
import { z } from 'zod';
import { phoneCodeRequestSchema, phoneLoginSchema, phoneVerifySchema } from '@contract/auth';
import type { SignInChallengeReply } from '@contract/second-factor';
import { CODE_LENGTH, homeFor } from '@contract/roles';
import { ApiError } from '@/lib/api';
import { announce } from '@/lib/announce';
import { useLinkKit } from '@/lib/link-kit';
import { signIn } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { PasswordField, TextField } from '@/ui/fields';
import { CAPTCHA_PENDING, HumanCheck } from '@/ui/human-check';
import { Form, useZodForm, type SubmitHelpers } from '@/ui/form';
import { StepHeading, useStepFocus } from '@/ui/steps';
import { failureMessage, phoneLogin, requestPhoneCode, verifyPhoneCode, type SignInReply } from './api';

/** The number, and for sign-up the name (required only then), checked together so every problem shows at once. */
const numberSchema = (signUp: boolean) =>
  z.object({
    firstName: signUp ? phoneVerifySchema.shape.firstName.unwrap() : z.string().optional(),
    lastName: signUp ? phoneVerifySchema.shape.lastName.unwrap() : z.string().optional(),
    ...phoneCodeRequestSchema.shape,
  });
// The names are checked by the server, and only sent once it asks for them.
const codeSchema = z.object({
  code: phoneVerifySchema.shape.code,
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});

const passwordSchema = z.object({
  phoneNumber: phoneLoginSchema.shape.phoneNumber,
  password: phoneLoginSchema.shape.password,
});

type Mode = 'sign-in' | 'sign-up';

/**
 * Signing in, or a recipient signing up, with a phone number and a code sent to it by SMS
 * (docs/decisions/0066): first the number (and for sign-up the name), then the code.
 */
export function PhoneCodeStep({
  mode,
  headingRef,
  backLabel,
  onBack,
  siteKey = null,
  onChallenge,
}: {
  mode: Mode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  backLabel: string;
  onBack: () => void;
  /** The human check's key, asked for with a password as on the email sign-in. */
  siteKey?: string | null;
  /** A person with a second factor answers a challenge next (docs/decisions/0070). */
  onChallenge?: (challenge: SignInChallengeReply) => void;
}) {
  const navigate = useLinkKit().useNavigate();
  const [step, setStep] = useState<'number' | 'code' | 'password'>('number');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [name, setName] = useState<{ firstName: string; lastName: string } | null>(null);
  useStepFocus(step, headingRef);

  function finish(reply: SignInReply) {
    if ('secondFactorRequired' in reply) {
      onChallenge?.(reply);
      return;
    }
    signIn(reply.token, reply.user);
    navigate(homeFor(reply.user), { replace: true });
  }

  const heading =
    mode === 'sign-up'
      ? step === 'number'
        ? 'Sign up with your phone number'
        : 'Enter the code we sent you'
      : step === 'number'
        ? 'Sign in with your phone number'
        : step === 'password'
          ? 'Sign in with your phone number and password'
          : 'Enter the code we sent you';

  return (
    <div className="space-y-5">
      <StepHeading headingRef={headingRef}>{heading}</StepHeading>
      {step === 'number' ? (
        <NumberForm
          mode={mode}
          onSent={(number, given) => {
            setPhoneNumber(number);
            setName(given);
            setStep('code');
          }}
          onPassword={
            mode === 'sign-in'
              ? (number) => {
                  setPhoneNumber(number);
                  setStep('password');
                }
              : undefined
          }
        />
      ) : step === 'password' ? (
        <PasswordForm
          phoneNumber={phoneNumber}
          siteKey={siteKey}
          onSignedIn={finish}
          onCode={() => setStep('number')}
        />
      ) : (
        <CodeForm phoneNumber={phoneNumber} name={name} onSignedIn={finish} onChangeNumber={() => setStep('number')} />
      )}
      <div className="border-t-2 border-gray-200 pt-5 dark:border-gray-700">
        <Button variant="ghost" onClick={onBack} className="-ml-4">
          <ArrowLeft aria-hidden="true" className="size-5" />
          {backLabel}
        </Button>
      </div>
    </div>
  );
}

function NumberForm({
  mode,
  onSent,
  onPassword,
}: {
  mode: Mode;
  onSent: (phoneNumber: string, name: { firstName: string; lastName: string } | null) => void;
  /** Sign-in only: a phone-only account that has set a password may use it instead of a code. */
  onPassword?: (typedNumber: string) => void;
}) {
  const signUp = mode === 'sign-up';
  const schema = useMemo(() => numberSchema(signUp), [signUp]);
  const form = useZodForm(schema, { defaultValues: { firstName: '', lastName: '', phoneNumber: '' } });
  const busy = form.formState.isSubmitting;
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(
    values: { phoneNumber: string; firstName?: string; lastName?: string },
    helpers: SubmitHelpers,
  ) {
    setAlert(null);
    try {
      const reply = await requestPhoneCode(values.phoneNumber);
      announce(reply.message);
      onSent(
        values.phoneNumber,
        signUp && values.firstName && values.lastName
          ? { firstName: values.firstName, lastName: values.lastName }
          : null,
      );
    } catch (error) {
      if (!helpers.showServerErrors(error)) {
        setAlert(failureMessage(error, 'We could not send a code.', 'We could not send a code.'));
      }
    }
  }

  return (
    <Form form={form} onSubmit={submit}>
      <p className="text-lg text-gray-800 dark:text-gray-200">
        {signUp
          ? 'For recipients with no email. We will send a 6-digit code to your phone by SMS.'
          : 'We will send a 6-digit code to your phone by SMS. No password is needed, but if you set one in your settings you can use it instead.'}
      </p>
      {signUp ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label="First name" autoComplete="given-name" />
          <TextField name="lastName" label="Last name" autoComplete="family-name" />
        </div>
      ) : null}
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
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" className="w-full sm:w-auto">
          <MessageSquare aria-hidden="true" className="size-5" />
          {busy ? 'Sending...' : 'Send me a code'}
        </Button>
        {onPassword ? (
          <Button variant="secondary" onClick={() => onPassword(form.getValues('phoneNumber'))}>
            <KeyRound aria-hidden="true" className="size-5" />
            Use my password instead
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function CodeForm({
  phoneNumber,
  name,
  onSignedIn,
  onChangeNumber,
}: {
  phoneNumber: string;
  name: { firstName: string; lastName: string } | null;
  onSignedIn: (reply: SignInReply) => void;
  onChangeNumber: () => void;
}) {
  // Shown when the number turns out to have no account yet: the code stays good while the name is added.
  const [askName, setAskName] = useState(false);
  // Where the code went is read with the code field, which takes focus as the step opens.
  const sentId = useId();
  const form = useZodForm(codeSchema, { defaultValues: { code: '', firstName: '', lastName: '' } });
  const busy = form.formState.isSubmitting;
  const [alert, setAlert] = useState<string | null>(null);
  const { setFocus } = form;
  // The code is what the person types next: the field takes focus as the step opens.
  useEffect(() => {
    const timer = setTimeout(() => setFocus('code'), 0);
    return () => clearTimeout(timer);
  }, [setFocus]);

  async function submit(values: { code: string; firstName?: string; lastName?: string }, helpers: SubmitHelpers) {
    setAlert(null);
    const given = name ?? (askName ? { firstName: values.firstName ?? '', lastName: values.lastName ?? '' } : null);
    try {
      onSignedIn(
        await verifyPhoneCode({
          phoneNumber,
          code: values.code,
          ...(given ? { ...given, role: 'recipient' as const } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'phone_needs_name') {
        // The name fields appear; the sentence says why, once.
        setAskName(true);
        setAlert(error.message);
        return;
      }
      if (helpers.showServerErrors(error)) return;
      // A wrong or expired code is said on the field; what was typed stays for a second look.
      if (error instanceof ApiError && error.status === 400) helpers.showErrors({ code: error.message });
      else setAlert(failureMessage(error, 'We could not check the code.', 'We could not check the code.'));
    }
  }

  return (
    <Form form={form} onSubmit={submit}>
      <p id={sentId} className="text-lg text-gray-800 dark:text-gray-200">
        We sent a {CODE_LENGTH}-digit code by SMS to <strong>{phoneNumber}</strong>. It expires in 10 minutes.
      </p>
      {askName ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label="First name" autoComplete="given-name" />
          <TextField name="lastName" label="Last name" autoComplete="family-name" />
        </div>
      ) : null}
      <TextField
        name="code"
        label="Code from the text message"
        hint={`${CODE_LENGTH} digits`}
        describedBy={sentId}
        transform={(value) => value.replace(/\D/g, '')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
      />
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit">{busy ? 'Checking...' : askName ? 'Create my account' : 'Sign In'}</Button>
        <Button variant="secondary" onClick={onChangeNumber}>
          Send a new code or change the number
        </Button>
      </div>
    </Form>
  );
}

/**
 * The number and the password a phone-only account set in its settings (docs/decisions/0066). A
 * wrong password or unknown number gets one sentence for both, shown above the button.
 */
function PasswordForm({
  phoneNumber,
  siteKey,
  onSignedIn,
  onCode,
}: {
  phoneNumber: string;
  siteKey: string | null;
  onSignedIn: (reply: SignInReply) => void;
  onCode: () => void;
}) {
  const form = useZodForm(passwordSchema, { defaultValues: { phoneNumber, password: '' } });
  const busy = form.formState.isSubmitting;
  const [alert, setAlert] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const { setFocus } = form;
  // The number is usually typed already: the password is what comes next.
  useEffect(() => {
    const timer = setTimeout(() => setFocus(phoneNumber ? 'password' : 'phoneNumber'), 0);
    return () => clearTimeout(timer);
  }, [setFocus, phoneNumber]);

  async function submit(values: { phoneNumber: string; password: string }, helpers: SubmitHelpers) {
    setAlert(null);
    if (siteKey && !token) {
      setAlert(CAPTCHA_PENDING);
      return;
    }
    try {
      onSignedIn(await phoneLogin({ ...values, ...(siteKey && token ? { turnstileToken: token } : {}) }));
    } catch (error) {
      if (siteKey) setCaptchaKey((k) => k + 1);
      if (helpers.showServerErrors(error)) return;
      setAlert(failureMessage(error, 'We could not sign you in.', 'We could not sign you in.'));
    }
  }

  return (
    <Form form={form} onSubmit={submit}>
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
      <PasswordField name="password" label="Password" autoComplete="current-password" />
      {siteKey ? <HumanCheck key={captchaKey} siteKey={siteKey} onToken={setToken} /> : null}
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit">
          <LogIn aria-hidden="true" className="size-5" />
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
        <Button variant="secondary" onClick={onCode}>
          <MessageSquare aria-hidden="true" className="size-5" />
          Send me a code instead
        </Button>
      </div>
    </Form>
  );
}
