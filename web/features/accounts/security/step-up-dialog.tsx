import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { announce } from '@/lib/announce';
import { ApiError, errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ModalDialog } from '@/ui/dialog';
import { ErrorMessage } from '@/ui/feedback';
import { TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { secondFactorQuery, stepUp, stepUpPasskeyOptions, stepUpWithPasskey } from './api';

// One field for either kind of code: the server checks which it is and says what is wrong.
const schema = z.object({ code: z.string().trim().min(1, 'Enter the code.') });

/**
 * Asks for a second-factor check before an act that moves money or power (docs/decisions/0071): a code
 * from the authenticator app, a passkey or a recovery code. Passed, the act goes ahead by itself;
 * cancelled, it does not, and focus returns where it was.
 */
export default function StepUpDialog({ onDone, layer }: { onDone: (passed: boolean) => void; layer?: Element }) {
  const status = useQuery(secondFactorQuery);
  const [recovery, setRecovery] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useZodForm(schema, { defaultValues: { code: '' } });
  const hasPasskey = (status.data?.passkeys.length ?? 0) > 0;
  const hasApp = status.data ? status.data.totp !== null : true;

  function passed() {
    announce('Thank you. Going on.');
    onDone(true);
  }

  async function usePasskey() {
    setAlert(null);
    try {
      const [{ startAuthentication }, { options }] = await Promise.all([
        import('@simplewebauthn/browser'),
        stepUpPasskeyOptions(),
      ]);
      await stepUpWithPasskey(await startAuthentication({ optionsJSON: options as never }));
      passed();
    } catch (error) {
      setAlert(
        error instanceof ApiError
          ? errorMessage(error, { noMessage: 'Your passkey could not be checked. Please try again.' })
          : 'No passkey was used. Try again, or enter a code.',
      );
    }
  }

  return (
    <ModalDialog
      title="Confirm it is you"
      icon={<ShieldCheck aria-hidden="true" className="size-6" />}
      isOpen
      onOpenChange={(open) => !open && onDone(false)}
      portalContainer={layer}
    >
      {(close) => (
        <div className="space-y-4">
          <p>This act moves money or changes who can do what, so we ask for your second factor again first.</p>
          {hasPasskey ? (
            <Button onClick={usePasskey}>
              <ShieldCheck aria-hidden="true" className="size-5" />
              Use your passkey
            </Button>
          ) : null}
          <Form
            form={form}
            onSubmit={async (values, helpers) => {
              setAlert(null);
              try {
                await stepUp(recovery ? { recoveryCode: values.code } : { code: values.code.replace(/\s+/g, '') });
                passed();
              } catch (error) {
                if (error instanceof ApiError && error.status === 400) {
                  helpers.showErrors({ code: error.message });
                  return;
                }
                setAlert(errorMessage(error, { noMessage: 'The code could not be checked. Please try again.' }));
              }
            }}
          >
            <TextField
              key={recovery ? 'recovery' : 'code'}
              name="code"
              label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
            />
            {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Confirm</Button>
            </div>
          </Form>
          {hasApp || recovery ? (
            <Button
              variant="ghost"
              onClick={() => {
                setRecovery(!recovery);
                form.reset({ code: '' });
                setAlert(null);
                requestAnimationFrame(() => form.setFocus('code'));
              }}
            >
              {recovery ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
            </Button>
          ) : null}
        </div>
      )}
    </ModalDialog>
  );
}
