import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { INVITE_DAYS } from '@contract/caseworkers';
import {
  changeMemberRoleSchema,
  inviteMemberSchema,
  ORGANIZATION_ROLE_SUMMARIES,
  ORGANIZATION_ROLE_WORDS,
  ORGANIZATION_ROLES,
  type Member,
  type OrganizationRole,
} from '@contract/organization-team';
import { errorMessage, retryUnlessRefused } from '@/lib/api';
import { useMayAct } from '@/lib/organization-acts';
import { freshUserQuery, useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ModalDialog } from '@/ui/dialog';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { RadioGroup, TextField } from '@/ui/fields';
import { Form, StatusBox, useZodForm, type SubmitHelpers } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';
import { useRemovalFocus } from '@/ui/use-removal-focus';
import { LeaveTeam } from './leave-team';
import { changeRole, fetchMembers, handOver, inviteMember, removeMember, resendInvitation, TEAM_KEY } from './team-api';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });

const ROLE_OPTIONS = ORGANIZATION_ROLES.map((role) => ({
  value: role,
  label: ORGANIZATION_ROLE_WORDS[role],
  description: ORGANIZATION_ROLE_SUMMARIES[role],
}));

const LIST_ID = 'team-list';
/** Where focus goes when the row acted on, or the column of actions, leaves: the list's heading. */
const listHeading = () => document.getElementById(`${LIST_ID}-title`);
function focusListHeading() {
  const heading = listHeading();
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/** How a row is named: the member's name, or for an invitation where it went. */
const reachOf = (m: Member) => m.email ?? m.phone ?? '';
/** "Invitation to ..." as it reads inside a sentence. */
const invitationOf = (name: string) => name.replace(/^Invitation/, 'invitation');
const nameOf = (m: Member) => (m.status === 'invited' ? `Invitation to ${reachOf(m)}` : m.name || reachOf(m));

type Asking = { kind: 'remove' | 'withdraw' | 'hand-over'; member: Member } | { kind: 'role'; member: Member } | null;

const inviteDefaults = { email: '', phoneNumber: '' };

/** The owner's invitation: an email address, a phone number or both, and the role with what it allows. */
function InviteForm({ onSent }: { onSent: (message: string) => Promise<void> }) {
  const form = useZodForm(inviteMemberSchema, { defaultValues: inviteDefaults });
  async function invite(
    values: { email?: string; phoneNumber?: string; role: OrganizationRole },
    helpers: SubmitHelpers,
  ) {
    try {
      await inviteMember(values);
      const to = [values.email, values.phoneNumber].filter(Boolean).join(' and ');
      form.reset(inviteDefaults);
      await onSent(
        `The invitation has been sent to ${to}, as ${ORGANIZATION_ROLE_WORDS[values.role].toLowerCase()}. The link works for ${INVITE_DAYS} days.`,
      );
    } catch (error) {
      if (!helpers.showServerErrors(error))
        form.setError('root', { message: errorMessage(error, { noMessage: 'The invitation could not be sent.' }) });
    }
  }
  return (
    <Form form={form} onSubmit={invite} className="max-w-xl space-y-5">
      <p>Fill in an email address, a phone number, or both. We send the invitation link there.</p>
      <TextField
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        isRequired={false}
      />
      <TextField
        name="phoneNumber"
        label="Phone number"
        hint="Nigerian number, for example 803 123 4567. We send the link by SMS."
        type="tel"
        inputMode="tel"
        autoComplete="off"
        prefix="+234"
        prefixLabel="Country code"
        isRequired={false}
      />
      <RadioGroup name="role" legend="Role" hint="What they may do for your organization." options={ROLE_OPTIONS} />
      {form.formState.errors.root?.message ? <ErrorMessage>{form.formState.errors.root.message}</ErrorMessage> : null}
      <Button type="submit">
        <Send aria-hidden="true" className="size-5" />
        {form.formState.isSubmitting ? 'Sending...' : 'Send invitation'}
      </Button>
    </Form>
  );
}

/** A role change, asked in a dialog with each role's summary: a refusal (the last owner) stays inside it. */
function RoleDialog({
  member,
  onClose,
  onChanged,
}: {
  member: Member;
  onClose: () => void;
  onChanged: (message: string) => Promise<void>;
}) {
  const form = useZodForm(changeMemberRoleSchema, { defaultValues: { role: member.role } });
  const [alert, setAlert] = useState<string | null>(null);
  const name = nameOf(member);
  return (
    <ModalDialog
      title={`Change the role of ${name}`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      dismissable={!form.formState.isSubmitting}
    >
      {(close) => (
        <Form
          form={form}
          className="mt-4 space-y-5"
          onSubmit={async ({ role }, helpers) => {
            setAlert(null);
            if (role === member.role) {
              close();
              return;
            }
            try {
              const { message } = await changeRole(member.id, role);
              await onChanged(message);
            } catch (error) {
              if (!helpers.showServerErrors(error))
                setAlert(errorMessage(error, { noMessage: 'The role could not be changed. Please try again.' }));
            }
          }}
        >
          <p className="text-gray-800 dark:text-gray-200">
            {member.status === 'invited'
              ? 'The invitation will offer the role you choose.'
              : 'They are told of the change. Moving someone to or from caseworker signs them out, to sign in to their new area.'}
          </p>
          <RadioGroup name="role" legend="New role" options={ROLE_OPTIONS} />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} disabled={form.formState.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit">{form.formState.isSubmitting ? 'Changing...' : 'Change role'}</Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

/** What each confirmed act asks and says. */
const CONFIRM = {
  remove: {
    title: (name: string) => `Remove ${name} from the team?`,
    body: (name: string) =>
      `${name} is signed out everywhere at once and can no longer act for your organization. Their account stays, and you can invite them again later.`,
    confirm: 'Remove',
    busy: 'Removing...',
    variant: 'danger',
  },
  withdraw: {
    title: () => 'Withdraw the invitation?',
    body: (name: string) => `The link in the ${invitationOf(name)} stops working. You can send a new invitation later.`,
    confirm: 'Withdraw invitation',
    busy: 'Withdrawing...',
    variant: 'danger',
  },
  'hand-over': {
    title: (name: string) => `Hand over ownership to ${name}?`,
    body: (name: string) =>
      `${name} becomes an owner, and you become a manager: you will no longer manage the team, the profile or the settings. Only an owner can make you an owner again.`,
    confirm: 'Hand over ownership',
    busy: 'Handing over...',
    variant: 'danger',
  },
} as const;

/**
 * The organization's team (docs/decisions/0075): its members and open invitations in one table.
 * Owners invite, change roles, remove, re-send, withdraw and hand over ownership, each destructive
 * act asked first; other members read the table. Each outcome is said once, in the status region.
 */
export default function TeamPage() {
  const queryClient = useQueryClient();
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  const manages = useMayAct('manageTeam');
  const list = useQuery({ queryKey: TEAM_KEY, queryFn: fetchMembers, retry: retryUnlessRefused });
  // Each outcome is a new paragraph in the status region, so the same sentence twice is said twice.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [resending, setResending] = useState<number | null>(null);
  const ids = useMemo(() => list.data?.map((m) => m.id) ?? [], [list.data]);
  const focus = useRemovalFocus(ids, 'member', listHeading);
  // The organization's own account stays on its team (docs/decisions/0075): it offers no removal.
  const founding = list.data?.find((m) => m.founding)?.id ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAM_KEY });

  function tell(message: string) {
    setFailure(null);
    setSaid((last) => ({ text: message, n: (last?.n ?? 0) + 1 }));
  }

  /** Remove, withdraw or hand over, once confirmed: a refusal stays in the dialog. */
  async function confirmed(ask: { kind: 'remove' | 'withdraw' | 'hand-over'; member: Member }) {
    if (ask.kind === 'hand-over') {
      const { message } = await handOver(ask.member.id);
      tell(message);
      setAsking(null);
      // The viewer is a manager now: the actions leave the page, so focus goes to the list's heading.
      await Promise.allSettled([refresh(), queryClient.invalidateQueries({ queryKey: freshUserQuery.queryKey })]);
      window.setTimeout(focusListHeading, 0);
      return;
    }
    const { message } = await removeMember(ask.member.id);
    focus.start(ask.member.id);
    tell(message);
    setAsking(null);
    focus.done();
    await refresh();
  }

  async function resend(member: Member) {
    if (resending !== null) return;
    setResending(member.id);
    try {
      tell((await resendInvitation(member.id)).message);
      await refresh();
    } catch (error) {
      setSaid(null);
      setFailure(errorMessage(error, { noMessage: 'The invitation could not be sent again. Please try again.' }));
    } finally {
      setResending(null);
    }
  }

  async function roleChanged(member: Member, message: string) {
    tell(message);
    setAsking(null);
    await refresh();
    // The row may move in the list, which is ordered by role: focus stays on its button.
    window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const button = document.getElementById(focus.actionsId(member.id))?.querySelector<HTMLElement>('button');
      if (button) button.focus();
      else focusListHeading();
    }, 0);
  }

  const columns = ['Name', 'Email or phone', 'Role', 'Status', ...(manages ? ['Actions'] : [])];

  return (
    <Page
      title="Team Members"
      intro={
        <p>
          The people who act for {user?.organizationName || 'your organization'}, each with their own account and a
          role.{' '}
          {manages
            ? 'As an owner, you invite people, change their roles and remove them.'
            : 'Only an owner invites people or changes roles.'}
        </p>
      }
    >
      <div className="space-y-8">
        {manages ? (
          <Section title="Invite someone" id="team-invite">
            <InviteForm
              onSent={async (message) => {
                tell(message);
                await refresh();
              }}
            />
          </Section>
        ) : null}
        <StatusBox>{said ? <p key={said.n}>{said.text}</p> : null}</StatusBox>
        {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
        <Section title="Your team" id={LIST_ID}>
          {list.isPending ? <LoadingState>Loading your team...</LoadingState> : null}
          {list.isError ? (
            <ErrorMessage>{errorMessage(list.error, { noMessage: 'The team could not be loaded.' })}</ErrorMessage>
          ) : null}
          {list.data && list.data.length === 0 ? <EmptyState title="No members yet" /> : null}
          {list.data && list.data.length > 0 ? (
            <DataTable
              label="Team table"
              caption="Members of your organization and invitations not yet accepted"
              columns={columns}
              minWidth={manages ? 'min-w-3xl' : 'min-w-xl'}
            >
              {list.data.map((m) => {
                const name = nameOf(m);
                return (
                  <tr key={m.id} className="border-t border-gray-200 align-top dark:border-gray-700">
                    <th scope="row" className={`${cellClass} text-left font-semibold wrap-anywhere`}>
                      {name}
                      {m.is_you ? ' (you)' : ''}
                    </th>
                    <td className={`${cellClass} wrap-anywhere`}>{reachOf(m) || 'None'}</td>
                    <td className={cellClass}>{ORGANIZATION_ROLE_WORDS[m.role]}</td>
                    <td className={cellClass}>
                      {m.status === 'active' ? (
                        <>
                          Member since {day(m.since)}
                          {m.id === founding ? '. Signed the organization up' : ''}
                        </>
                      ) : (
                        <>
                          Invited on {day(m.since)}
                          {m.expires_at ? `. Link works until ${day(m.expires_at)}` : ''}
                        </>
                      )}
                    </td>
                    {manages ? (
                      <td className={cellClass}>
                        <div id={focus.actionsId(m.id)} className="flex flex-wrap gap-2">
                          {m.is_you ? (
                            <span className="text-gray-700 dark:text-gray-300">None on your own row</span>
                          ) : (
                            <>
                              <Button variant="secondary" onClick={() => setAsking({ kind: 'role', member: m })}>
                                Change role<span className="sr-only"> of {name}</span>
                              </Button>
                              {m.status === 'invited' ? (
                                <>
                                  <Button
                                    variant="secondary"
                                    aria-disabled={resending === m.id || undefined}
                                    onClick={() => void resend(m)}
                                  >
                                    {resending === m.id ? 'Sending...' : 'Send again'}
                                    <span className="sr-only"> the {invitationOf(name)}</span>
                                  </Button>
                                  <Button variant="danger" onClick={() => setAsking({ kind: 'withdraw', member: m })}>
                                    Withdraw<span className="sr-only"> the {invitationOf(name)}</span>
                                  </Button>
                                </>
                              ) : (
                                <>
                                  {m.role === 'owner' ? null : (
                                    <Button
                                      variant="secondary"
                                      onClick={() => setAsking({ kind: 'hand-over', member: m })}
                                    >
                                      Hand over ownership<span className="sr-only"> to {name}</span>
                                    </Button>
                                  )}
                                  {m.id === founding ? null : (
                                    <Button variant="danger" onClick={() => setAsking({ kind: 'remove', member: m })}>
                                      Remove<span className="sr-only"> {name}</span>
                                    </Button>
                                  )}
                                </>
                              )}
                            </>
                          )}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </DataTable>
          ) : null}
        </Section>
        {list.data?.some((m) => m.is_you && !m.founding) ? (
          <LeaveTeam organizationName={user?.organizationName || 'your organization'} />
        ) : null}
      </div>
      {asking?.kind === 'role' ? (
        <RoleDialog
          member={asking.member}
          onClose={() => setAsking(null)}
          onChanged={(message) => roleChanged(asking.member, message)}
        />
      ) : asking ? (
        <ConfirmDialog
          title={CONFIRM[asking.kind].title(nameOf(asking.member))}
          isOpen
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          variant={CONFIRM[asking.kind].variant}
          confirmLabel={CONFIRM[asking.kind].confirm}
          busyLabel={CONFIRM[asking.kind].busy}
          failed="That did not work. Please try again."
          onConfirm={() => confirmed(asking as { kind: 'remove' | 'withdraw' | 'hand-over'; member: Member })}
        >
          <p>{CONFIRM[asking.kind].body(nameOf(asking.member))}</p>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}
