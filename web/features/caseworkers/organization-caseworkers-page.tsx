import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { inviteCaseworkerSchema } from '@contract/caseworkers';
import { ROLE_NOT_ALLOWED } from '@contract/organization-team';
import { errorMessage } from '@/lib/api';
import { userMayAct } from '@/lib/organization-acts';
import { useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState, ErrorMessage, InfoMessage, LoadingState } from '@/ui/feedback';
import { EmailField } from '@/ui/fields';
import { Form, StatusBox, useZodForm, type SubmitHelpers } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';
import { useRemovalFocus } from '@/ui/use-removal-focus';
import {
  fetchOrganizationCaseworkers,
  inviteCaseworker,
  ORGANIZATION_CASEWORKERS_KEY,
  removeCaseworker,
  withdrawInvite,
} from './api';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });

type Asking = { kind: 'remove'; id: number; name: string } | { kind: 'withdraw'; id: number; email: string } | null;

const LIST_ID = 'caseworker-list';
// When the last row of a table leaves, focus lands on the list's heading.
const listHeading = () => document.getElementById(`${LIST_ID}-title`);

/**
 * The organization's caseworkers: staff who apply for people who consent (docs/decisions/0043).
 * The organization sees how many people each helped, never who they are. Removing a caseworker and
 * withdrawing an invitation ask first; afterwards focus goes to the next row's button.
 */
export default function CaseworkersPage() {
  // The menu leaves this page out for a role that does not manage caseworkers (docs/decisions/0075).
  if (!userMayAct(useSession().user, 'manageCaseworkers'))
    return (
      <Page title="Caseworkers">
        <InfoMessage>{ROLE_NOT_ALLOWED}</InfoMessage>
      </Page>
    );
  return <ManageCaseworkers />;
}

function ManageCaseworkers() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ORGANIZATION_CASEWORKERS_KEY, queryFn: fetchOrganizationCaseworkers });
  const form = useZodForm(inviteCaseworkerSchema, { defaultValues: { email: '' } });
  const [said, setSaid] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ORGANIZATION_CASEWORKERS_KEY });
  const [asking, setAsking] = useState<Asking>(null);
  const activeIds = useMemo(() => list.data?.active.map((c) => c.user_id) ?? [], [list.data]);
  const invitedIds = useMemo(() => list.data?.invited.map((i) => i.id) ?? [], [list.data]);
  const activeFocus = useRemovalFocus(activeIds, 'caseworker', listHeading);
  const invitedFocus = useRemovalFocus(invitedIds, 'invitation', listHeading);

  /** The confirmed act: a refusal stays in the dialog; success is said, and the row leaves. */
  async function confirmed(ask: NonNullable<Asking>) {
    const focus = ask.kind === 'remove' ? activeFocus : invitedFocus;
    const reply = ask.kind === 'remove' ? await removeCaseworker(ask.id) : await withdrawInvite(ask.id);
    focus.start(ask.id);
    setSaid(reply.message);
    setAsking(null);
    focus.done();
    await refresh();
  }

  async function invite({ email }: { email: string }, helpers: SubmitHelpers) {
    try {
      setSaid((await inviteCaseworker(email)).message);
      form.reset({ email: '' });
      await refresh();
    } catch (error) {
      if (!helpers.showServerErrors(error))
        form.setError('root', { message: errorMessage(error, { noMessage: 'The invitation could not be sent.' }) });
    }
  }

  return (
    <Page
      title="Caseworkers"
      intro={
        <p>
          Caseworkers are your teachers, social workers or clinic staff. They apply for people who cannot fill in the
          form alone, with their consent, and see only the people they helped.
        </p>
      }
    >
      <div className="space-y-8">
        <Section title="Invite a caseworker">
          <Form form={form} onSubmit={invite} className="max-w-xl space-y-5">
            <EmailField hint="We send a link to this address. It works for 7 days." />
            {form.formState.errors.root?.message ? (
              <ErrorMessage>{form.formState.errors.root.message}</ErrorMessage>
            ) : null}
            <Button type="submit">
              <Send aria-hidden="true" className="size-5" />
              {form.formState.isSubmitting ? 'Sending...' : 'Send invitation'}
            </Button>
          </Form>
        </Section>
        <StatusBox>{said ? <p>{said}</p> : null}</StatusBox>
        <Section title="Your caseworkers" id={LIST_ID}>
          {list.isPending ? <LoadingState>Loading caseworkers...</LoadingState> : null}
          {list.isError ? (
            <ErrorMessage>{errorMessage(list.error, { noMessage: 'The list could not be loaded.' })}</ErrorMessage>
          ) : null}
          {list.data && list.data.active.length === 0 && list.data.invited.length === 0 ? (
            <EmptyState title="No caseworkers yet">Invite one above.</EmptyState>
          ) : null}
          {list.data && list.data.active.length > 0 ? (
            <DataTable
              label="Caseworkers table"
              caption="Active caseworkers"
              columns={['Name', 'Email', 'People helped', 'Joined', 'Action']}
            >
              {list.data.active.map((c) => (
                <tr key={c.user_id} className="border-t border-gray-200 dark:border-gray-700">
                  <th scope="row" className={`${cellClass} text-left font-semibold`}>
                    {c.name}
                  </th>
                  <td className={`${cellClass} wrap-anywhere`}>{c.email}</td>
                  <td className={cellClass}>{c.recipients_helped}</td>
                  <td className={cellClass}>{day(c.joined_at)}</td>
                  <td id={activeFocus.actionsId(c.user_id)} className={cellClass}>
                    <Button
                      variant="danger"
                      aria-label={`Remove ${c.name}`}
                      onClick={() => setAsking({ kind: 'remove', id: c.user_id, name: c.name })}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          {list.data && list.data.invited.length > 0 ? (
            <DataTable
              label="Invitations table"
              caption="Invitations not yet accepted"
              columns={['Email', 'Sent', 'Link works until', 'Action']}
            >
              {list.data.invited.map((i) => (
                <tr key={i.id} className="border-t border-gray-200 dark:border-gray-700">
                  <th scope="row" className={`${cellClass} text-left font-semibold wrap-anywhere`}>
                    {i.email}
                  </th>
                  <td className={cellClass}>{day(i.created_at)}</td>
                  <td className={cellClass}>{day(i.expires_at)}</td>
                  <td id={invitedFocus.actionsId(i.id)} className={cellClass}>
                    <Button
                      variant="danger"
                      aria-label={`Withdraw the invitation to ${i.email}`}
                      onClick={() => setAsking({ kind: 'withdraw', id: i.id, email: i.email })}
                    >
                      Withdraw
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </Section>
      </div>
      {asking ? (
        <ConfirmDialog
          title={asking.kind === 'remove' ? `Remove ${asking.name}?` : 'Withdraw the invitation?'}
          isOpen
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          variant="danger"
          confirmLabel={asking.kind === 'remove' ? 'Remove' : 'Withdraw invitation'}
          busyLabel={asking.kind === 'remove' ? 'Removing...' : 'Withdrawing...'}
          failed="That did not work. Please try again."
          onConfirm={() => confirmed(asking)}
        >
          {asking.kind === 'remove' ? (
            <p>
              {asking.name} is signed out at once and can no longer apply for anyone. The people they helped keep their
              applications. You can invite them again later.
            </p>
          ) : (
            <p>The link sent to {asking.email} stops working. You can send a new invitation later.</p>
          )}
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}
