import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AuthReply } from '@contract/auth';
import {
  acceptMemberSchema,
  MEMBER_INVITE_NOT_FOUND,
  ORGANIZATION_ROLE_SUMMARIES,
  ORGANIZATION_ROLE_WORDS,
} from '@contract/organization-team';
import { homeFor, PASSWORD_MIN } from '@contract/roles';
import type { SignInChallengeReply } from '@contract/second-factor';
import { errorMessage, retryUnlessRefused } from '@/lib/api';
import { signIn } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { PasswordField, TextField } from '@/ui/fields';
import { Form, useZodForm, type SubmitHelpers } from '@/ui/form';
import { Page } from '@/ui/page';
import { useStepFocus } from '@/ui/steps';
import { acceptTeamInvitation, fetchTeamInvitation } from './api';
import { SecondFactorStep } from './second-factor-step';

const detailsSchema = acceptMemberSchema.omit({ token: true });
type Details = { firstName: string; lastName: string; password: string };

/** The link's sentence, focused, so a person who followed an old link hears at once why nothing else is here. */
function LinkProblem({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
    >
      <ErrorMessage>{message}</ErrorMessage>
    </div>
  );
}

/**
 * A person invited to an organization's team sets up their account from the link (`/join/{token}`,
 * docs/decisions/0075): who invites them and as what, then their name and a password. Accepting
 * signs them in as a sign-in does, with the second factor asked first for a returning account that
 * has one, and they go to their area.
 */
export default function JoinTeamPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () => fetchTeamInvitation(token),
    retry: retryUnlessRefused,
  });
  const form = useZodForm(detailsSchema, { defaultValues: { firstName: '', lastName: '', password: '' } });
  const [challenge, setChallenge] = useState<SignInChallengeReply | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useStepFocus(challenge ? 'second-factor' : 'details', headingRef);

  function finish(reply: AuthReply) {
    signIn(reply.token, reply.user);
    navigate(homeFor(reply.user), { replace: true });
  }

  async function submit(values: Details, helpers: SubmitHelpers) {
    try {
      const reply = await acceptTeamInvitation({ token, ...values });
      if ('secondFactorRequired' in reply) setChallenge(reply);
      else finish(reply);
    } catch (error) {
      if (helpers.showServerErrors(error)) return;
      const message = errorMessage(error, { noMessage: 'Your account could not be set up. Please try again.' });
      // The link was used or ran out meanwhile: nothing here can be sent again.
      if (message === MEMBER_INVITE_NOT_FOUND) setGone(message);
      else form.setError('root', { message });
    }
  }

  const data = invitation.data;
  const problem =
    gone ?? (invitation.isError ? errorMessage(invitation.error, { noMessage: MEMBER_INVITE_NOT_FOUND }) : null);

  return (
    <Page title="Join your organization's team">
      <div className="max-w-xl space-y-6">
        {invitation.isPending ? <LoadingState>Loading your invitation...</LoadingState> : null}
        {problem ? <LinkProblem message={problem} /> : null}
        {data && !problem && challenge ? (
          <SecondFactorStep
            challenge={challenge}
            headingRef={headingRef}
            onSignedIn={finish}
            onRestart={(message) =>
              navigate('/login', {
                replace: true,
                state: { message: `${message} Your invitation is accepted: sign in.` },
              })
            }
          />
        ) : null}
        {data && !problem && !challenge ? (
          <>
            <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
              {data.organization_name} invites you
            </h2>
            <p className="text-lg">
              {data.organization_name} invites you to its team as {ORGANIZATION_ROLE_WORDS[data.role].toLowerCase()}:{' '}
              {ORGANIZATION_ROLE_SUMMARIES[data.role]}
            </p>
            {data.email || data.phone ? (
              <p className="text-lg">
                You will sign in with <strong className="wrap-anywhere">{data.email ?? data.phone}</strong>.
              </p>
            ) : null}
            <Form form={form} onSubmit={submit}>
              <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={80} />
              <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={80} />
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
                {form.formState.isSubmitting ? 'Joining...' : 'Join the team'}
              </Button>
            </Form>
          </>
        ) : null}
      </div>
    </Page>
  );
}
