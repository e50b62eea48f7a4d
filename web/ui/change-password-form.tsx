import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { changePasswordSchema, type ChangePassword } from '@contract/auth';
import { PASSWORD_MIN } from '@contract/roles';
import { errorMessage } from '@/lib/api';
import { Button } from './button';
import { ErrorMessage } from './feedback';
import { PasswordField } from './fields';
import { Form, StatusBox, useZodForm } from './form';

/**
 * Change Password: the current password, then the new one. On success the fields empty and the
 * server's sentence is read out (other devices are signed out; this one stays). `firstPassword`
 * is a phone-only account with no password yet: only the new one is asked (docs/decisions/0066).
 */
export function ChangePasswordForm({
  submit,
  firstPassword = false,
}: {
  submit: (input: ChangePassword) => Promise<string>;
  firstPassword?: boolean;
}) {
  const empty = firstPassword ? { newPassword: '' } : { currentPassword: '', newPassword: '' };
  const form = useZodForm(changePasswordSchema, { defaultValues: empty });
  const { reset } = form;
  // Once a first password is set the form asks for the current one next time; what was said stays.
  useEffect(
    () => reset(firstPassword ? { newPassword: '' } : { currentPassword: '', newPassword: '' }),
    [firstPassword, reset],
  );
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  return (
    <div className="max-w-xl space-y-5">
      <Form
        form={form}
        onSubmit={async (values, helpers) => {
          setAlert(null);
          setDone(null);
          try {
            const message = await submit(values);
            form.reset(empty);
            setDone(message);
          } catch (error) {
            if (!helpers.showServerErrors(error))
              setAlert(errorMessage(error, { noMessage: 'Failed to change your password. Please try again.' }));
          }
        }}
      >
        {firstPassword ? null : (
          <PasswordField
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            toggleLabel="Show current password"
          />
        )}
        <PasswordField
          name="newPassword"
          label="New password"
          hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password.`}
          autoComplete="new-password"
          toggleLabel="Show new password"
          minLength={PASSWORD_MIN}
        />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          <KeyRound aria-hidden="true" className="size-5" />
          {firstPassword
            ? busy
              ? 'Setting Password...'
              : 'Set Password'
            : busy
              ? 'Changing Password...'
              : 'Change Password'}
        </Button>
      </Form>
      <StatusBox>{done}</StatusBox>
    </div>
  );
}
