import { KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AuthReply } from '@contract/auth';
import type { SignInChallengeReply } from '@contract/second-factor';
import { ApiError } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { LightTextField } from '@/ui/light-fields';
import { LightForm, type FieldProblem } from '@/ui/light-form';
import { StepHeading } from '@/ui/steps';
import { failureMessage } from './api';
import { answerSecondFactor, answerWithPasskey, secondFactorPasskeyOptions } from './security/api';

type Field = 'code' | 'recoveryCode';

const CODE_PROBLEM = 'Enter the 6-digit code from your authenticator app.';
const RECOVERY_PROBLEM = 'Enter one of your recovery codes: 12 letters and digits.';

/**
 * The second step of a sign-in for a person with a second factor (docs/decisions/0070): a code from
 * the authenticator app, a passkey, or one of the recovery codes. Loaded only when a sign-in asks
 * for it, so the sign-in page stays light (decision 0058). A sign-in that ran out of tries or time
 * goes back to the password.
 */
export function SecondFactorStep({
  challenge,
  headingRef,
  onSignedIn,
  onRestart,
}: {
  challenge: SignInChallengeReply;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSignedIn: (reply: AuthReply) => void;
  onRestart: (message: string) => void;
}) {
  const hasCodes = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const [mode, setMode] = useState<'code' | 'recovery'>(hasCodes ? 'code' : 'recovery');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  // Switching between a code and a recovery code replaces the field and the button that was pressed:
  // focus goes to the new field, never to the page.
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    document.querySelector<HTMLInputElement>(`input[name="${mode === 'code' ? 'code' : 'recoveryCode'}"]`)?.focus();
  }, [mode]);
  const switchTo = (next: 'code' | 'recovery') => {
    switched.current = true;
    setAlert(null);
    setMode(next);
  };
  const problems: FieldProblem<Field>[] = [];
  if (mode === 'code' && !/^\d{6}$/.test(code.replace(/\s+/g, '')))
    problems.push({ name: 'code', message: CODE_PROBLEM });
  if (mode === 'recovery' && recoveryCode.replace(/[^a-z0-9]/gi, '').length !== 12)
    problems.push({ name: 'recoveryCode', message: RECOVERY_PROBLEM });

  function failed(error: unknown) {
    if (error instanceof ApiError && error.code === 'sign_in_challenge_gone') {
      onRestart(error.message);
      return;
    }
    setAlert(
      failureMessage(error, 'That did not work. Please try again.', 'The server sent a reply that could not be read.'),
    );
  }

  async function submit(): Promise<boolean> {
    setAlert(null);
    try {
      const body =
        mode === 'code'
          ? { challenge: challenge.challenge, code: code.replace(/\s+/g, '') }
          : { challenge: challenge.challenge, recoveryCode };
      onSignedIn(await answerSecondFactor(body));
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  async function usePasskey() {
    setAlert(null);
    try {
      const [{ startAuthentication }, { options }] = await Promise.all([
        import('@simplewebauthn/browser'),
        secondFactorPasskeyOptions(challenge.challenge),
      ]);
      const response = await startAuthentication({ optionsJSON: options as never });
      onSignedIn(await answerWithPasskey(challenge.challenge, response));
    } catch (error) {
      if (error instanceof ApiError) failed(error);
      else setAlert('Your passkey was not used. Try again, or use another way below.');
    }
  }

  return (
    <div className="space-y-6">
      <StepHeading headingRef={headingRef}>Confirm it is you</StepHeading>
      <p className="text-lg">
        {mode === 'code'
          ? 'Your password is right. Now enter the 6-digit code your authenticator app shows for Gift of Independence.'
          : 'Enter one of the recovery codes you saved when you set up your second factor. Each code works once.'}
      </p>
      {hasPasskey ? (
        <Button className="w-full" onClick={usePasskey}>
          <ShieldCheck aria-hidden="true" className="size-5" />
          Use your passkey
        </Button>
      ) : null}
      <LightForm problems={problems} onSubmit={submit}>
        {({ idFor, errorOf, busy }) => (
          <>
            {mode === 'code' ? (
              <LightTextField
                id={idFor('code')}
                name="code"
                label="Code from your authenticator app"
                autoComplete="one-time-code"
                value={code}
                onChange={setCode}
                error={errorOf('code')}
                readOnly={busy}
              />
            ) : (
              <LightTextField
                id={idFor('recoveryCode')}
                name="recoveryCode"
                label="Recovery code"
                hint="12 letters and digits, with or without the dashes."
                autoComplete="off"
                value={recoveryCode}
                onChange={setRecoveryCode}
                error={errorOf('recoveryCode')}
                readOnly={busy}
              />
            )}
            {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
            <Button type="submit" className="w-full">
              <KeyRound aria-hidden="true" className="size-5" />
              {busy ? 'Checking...' : 'Continue'}
            </Button>
          </>
        )}
      </LightForm>
      <div className="space-y-3 border-t-2 border-gray-200 pt-6 dark:border-gray-700">
        {hasCodes && mode === 'recovery' ? (
          <Button variant="secondary" className="w-full" onClick={() => switchTo('code')}>
            Use a code from your authenticator app
          </Button>
        ) : null}
        {mode === 'code' ? (
          <Button variant="secondary" className="w-full" onClick={() => switchTo('recovery')}>
            Use a recovery code instead
          </Button>
        ) : null}
        <p className="text-base text-gray-800 dark:text-gray-200">
          Lost your phone and your recovery codes? An admin account can ask a super admin to reset its second factor.
          Anyone else, please contact us through the help page.
        </p>
      </div>
    </div>
  );
}
