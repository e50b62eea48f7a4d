import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { acceptInviteSchema } from '@contract/caseworkers';
import { PASSWORD_MIN } from '@contract/roles';
import { errorMessage, retryUnlessRefused } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { PasswordField, TextField } from '@/ui/fields';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { acceptInvite, fetchInvite } from './api';

/** An invited caseworker sets up their account from the mailed link; the invited address is theirs. */
export default function JoinPage() {
  const { token = '' } = useParams();
  const invite = useQuery({
    queryKey: ['caseworker-invite', token],
    queryFn: () => fetchInvite(token),
    retry: retryUnlessRefused,
  });
  const form = useZodForm(acceptInviteSchema, {
    defaultValues: { firstName: '', lastName: '', phoneNumber: '', password: '' },
  });
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  // The form leaves the page on success: focus moves to the outcome's heading rather than the page.
  const outcome = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) outcome.current?.focus();
  }, [done]);

  async function submit(values: { firstName: string; lastName: string; phoneNumber: string; password: string }) {
    if (done) return;
    try {
      setDone((await acceptInvite(token, values)).message);
    } catch (error) {
      form.setError('root', {
        message: errorMessage(error, { noMessage: 'Your account could not be set up. Please try again.' }),
      });
    }
  }

  return (
    <Page title="Become a caseworker" intro={<p>Set up your account to help people apply for assistive devices.</p>}>
      <div className="max-w-xl space-y-6">
        {invite.isPending ? <LoadingState>Loading your invitation...</LoadingState> : null}
        {invite.isError ? (
          <ErrorMessage>
            {errorMessage(invite.error, { noMessage: 'This invitation link is not valid or has expired.' })}
          </ErrorMessage>
        ) : null}
        {invite.data && !done ? (
          <>
            <p className="text-lg">
              {invite.data.organization_name} invited <strong className="wrap-anywhere">{invite.data.email}</strong>.
              You will sign in with this email address.
            </p>
            <Form form={form} onSubmit={submit}>
              <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={80} />
              <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={80} />
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
              {form.formState.errors.root?.message ? (
                <ErrorMessage>{form.formState.errors.root.message}</ErrorMessage>
              ) : null}
              <Button type="submit" className="w-full sm:w-auto">
                <UserPlus aria-hidden="true" className="size-5" />
                {busy ? 'Setting up...' : 'Set up my account'}
              </Button>
            </Form>
          </>
        ) : null}
        <StatusBox>
          {done ? (
            <>
              <h2
                ref={outcome}
                tabIndex={-1}
                className="text-xl font-bold outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
              >
                Your account is ready
              </h2>
              <p>{done}</p>
              <Link to="/login" className={blockLink}>
                Sign in
              </Link>
            </>
          ) : null}
        </StatusBox>
      </div>
    </Page>
  );
}
