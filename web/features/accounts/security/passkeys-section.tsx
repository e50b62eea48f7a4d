import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { passkeyNameSchema } from '@contract/second-factor';
import { lagosDay } from '@contract/plain-format';
import { announce } from '@/lib/announce';
import { ApiError, errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ErrorMessage } from '@/ui/feedback';
import { TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { addPasskey, passkeyCreationOptions, removePasskey, secondFactorQuery } from './api';
import { useRefreshFactors } from './use-refresh-factors';
import { RecoveryCodesList } from './recovery-codes-list';

const addSchema = z.object({ name: passkeyNameSchema });

/**
 * Passkeys (docs/decisions/0070): several per person, each named by its owner, made by the phone's
 * or computer's own lock (a fingerprint, a face, a PIN). A passkey also signs in without a password.
 */
export function PasskeysSection() {
  const refresh = useRefreshFactors();
  const status = useQuery(secondFactorQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(addSchema, { defaultValues: { name: '' } });
  const passkeys = status.data?.passkeys ?? [];

  return (
    <div className="space-y-4">
      <h3 ref={headingRef} tabIndex={-1} className="pt-4 text-xl font-bold outline-none">
        Passkeys
      </h3>
      {codes ? (
        <RecoveryCodesList
          codes={codes}
          onDone={() => {
            setCodes(null);
            requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      ) : null}
      {passkeys.length === 0 ? (
        <p>No passkeys yet. A passkey uses your phone&apos;s or computer&apos;s own lock instead of a code.</p>
      ) : (
        <ul className="space-y-3">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-gray-300 p-3 dark:border-gray-600"
            >
              <span>
                <span className="font-semibold">{p.name}</span>
                {`, added on ${lagosDay(p.createdAt)}${p.lastUsedAt ? `, last used on ${lagosDay(p.lastUsedAt)}` : ''}`}
              </span>
              <Button variant="secondary" aria-label={`Remove the passkey ${p.name}`} onClick={() => setRemoving(p)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Form
        form={form}
        onSubmit={async (values, helpers) => {
          setAlert(null);
          try {
            const [{ startRegistration, browserSupportsWebAuthn }, { options }] = await Promise.all([
              import('@simplewebauthn/browser'),
              passkeyCreationOptions(),
            ]);
            if (!browserSupportsWebAuthn()) {
              setAlert('This browser cannot make passkeys. Use an authenticator app instead.');
              return;
            }
            const response = await startRegistration({ optionsJSON: options as never });
            const added = await addPasskey(values.name, response);
            form.reset({ name: '' });
            announce(`The passkey ${added.passkey.name} is added.`);
            if (added.recoveryCodes.length > 0) setCodes(added.recoveryCodes);
            await refresh();
          } catch (error) {
            if (error instanceof ApiError) {
              if (!helpers.showServerErrors(error))
                setAlert(errorMessage(error, { noMessage: 'The passkey could not be added. Please try again.' }));
            } else setAlert('No passkey was made. Try again when your device asks, or use an authenticator app.');
          }
        }}
      >
        <TextField
          name="name"
          label="Name for a new passkey"
          hint="So you can tell your passkeys apart, for example My phone."
          maxLength={60}
        />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" variant="secondary">
          <KeyRound aria-hidden="true" className="size-5" />
          Add a passkey
        </Button>
      </Form>
      <ConfirmDialog
        title={`Remove the passkey ${removing?.name ?? ''}?`}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        confirmLabel="Remove"
        busyLabel="Removing..."
        variant="danger"
        failed="The passkey could not be removed. Please try again."
        onConfirm={async () => {
          const { message } = await removePasskey(removing!.id);
          setRemoving(null);
          announce(message);
          await refresh();
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
      >
        <p>It will no longer sign you in. The passkey itself stays on your device until you delete it there.</p>
      </ConfirmDialog>
    </div>
  );
}
