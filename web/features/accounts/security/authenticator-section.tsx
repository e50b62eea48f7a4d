import { useQuery } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { totpConfirmSchema } from '@contract/second-factor';
import { lagosDay } from '@contract/plain-format';
import { announce } from '@/lib/announce';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ErrorMessage } from '@/ui/feedback';
import { TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { confirmAuthenticator, removeAuthenticator, secondFactorQuery, startAuthenticator } from './api';
import { useRefreshFactors } from './use-refresh-factors';
import { RecoveryCodesList, spelledOut } from './recovery-codes-list';

type Setup = { secret: string; otpauthUri: string; qr: string };

/** The secret in groups of four, as an authenticator app's "enter a key" asks for it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!;

/**
 * An authenticator app (docs/decisions/0070): set it up by scanning the QR code or typing the secret,
 * which is shown in groups of four and spelled out for a screen reader; the first code confirms it
 * and gives ten recovery codes. Once set up: when, and Replace or Remove.
 */
export function AuthenticatorSection() {
  const refresh = useRefreshFactors();
  const status = useQuery(secondFactorQuery);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const setUpHeadingRef = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(totpConfirmSchema, { defaultValues: { code: '' } });
  const totp = status.data?.totp ?? null;
  // The set-up's instructions take focus as they appear, so a screen reader hears them first.
  const settingUp = setup !== null;
  useEffect(() => {
    if (settingUp) setUpHeadingRef.current?.focus();
  }, [settingUp]);

  async function begin() {
    setAlert(null);
    try {
      const [started, QR] = await Promise.all([startAuthenticator(), import('qrcode')]);
      const qr = await QR.toString(started.otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      setSetup({ ...started, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}` });
    } catch (error) {
      setAlert(errorMessage(error, { noMessage: 'The set-up could not start. Please try again.' }));
    }
  }

  return (
    <div className="space-y-4">
      <h3 ref={headingRef} tabIndex={-1} className="pt-2 text-xl font-bold outline-none">
        Authenticator app
      </h3>
      {codes ? (
        <RecoveryCodesList
          codes={codes}
          onDone={() => {
            setCodes(null);
            requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      ) : setup ? (
        <div className="space-y-4">
          <h4 ref={setUpHeadingRef} tabIndex={-1} className="text-lg font-bold outline-none">
            Set up your authenticator app
          </h4>
          <ol className="list-decimal space-y-3 pl-6">
            <li>
              Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, or any app that
              makes 6-digit codes) and choose to add an account.
            </li>
            <li>
              Scan this QR code, or choose to enter a setup key and type this key:
              <img
                src={setup.qr}
                alt="QR code to add Gift of Independence to your authenticator app"
                className="my-3 size-48 bg-white"
              />
              <p className="font-mono text-xl tracking-wider">
                <span aria-hidden="true">{grouped(setup.secret).join(' ')}</span>
                <span className="sr-only">
                  Setup key, in groups of four: {grouped(setup.secret).map(spelledOut).join(', ')}
                </span>
              </p>
            </li>
            <li>Enter the 6-digit code the app now shows for Gift of Independence.</li>
          </ol>
          <Form
            form={form}
            onSubmit={async (values, helpers) => {
              setAlert(null);
              try {
                const { recoveryCodes } = await confirmAuthenticator(values.code);
                form.reset({ code: '' });
                setSetup(null);
                setCodes(recoveryCodes);
                announce('Your authenticator app is set up.');
                await refresh();
              } catch (error) {
                if (!helpers.showServerErrors(error))
                  setAlert(errorMessage(error, { noMessage: 'The code could not be checked. Please try again.' }));
              }
            }}
          >
            <TextField name="code" label="6-digit code" autoComplete="one-time-code" inputMode="numeric" />
            {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
            <div className="flex flex-wrap gap-3">
              <Button type="submit">Confirm the app</Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setSetup(null);
                  requestAnimationFrame(() => headingRef.current?.focus());
                }}
              >
                Cancel
              </Button>
            </div>
          </Form>
        </div>
      ) : (
        <>
          <p>
            {totp
              ? `Set up on ${lagosDay(totp.createdAt)}${totp.lastUsedAt ? `, last used on ${lagosDay(totp.lastUsedAt)}` : ''}.`
              : 'Not set up. An app on your phone makes a new 6-digit code every 30 seconds.'}
          </p>
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <div className="flex flex-wrap gap-3">
            <Button variant={totp ? 'secondary' : 'primary'} onClick={begin}>
              <Smartphone aria-hidden="true" className="size-5" />
              {totp ? 'Replace the authenticator app' : 'Set up an authenticator app'}
            </Button>
            {totp ? (
              <Button variant="secondary" onClick={() => setRemoving(true)}>
                Remove the authenticator app
              </Button>
            ) : null}
          </div>
          <ConfirmDialog
            title="Remove the authenticator app?"
            isOpen={removing}
            onOpenChange={setRemoving}
            confirmLabel="Remove"
            busyLabel="Removing..."
            variant="danger"
            failed="The app could not be removed. Please try again."
            onConfirm={async () => {
              const { message } = await removeAuthenticator();
              setRemoving(false);
              announce(message);
              await refresh();
              requestAnimationFrame(() => headingRef.current?.focus());
            }}
          >
            <p>
              Its codes will no longer sign you in. If it is your only second factor, your recovery codes stop working
              too.
            </p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
