import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { changePassword, freshUserQuery, signOut, useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ChangePasswordForm } from '@/ui/change-password-form';
import { mayAct, ORGANIZATION_ROLE_SUMMARIES, ORGANIZATION_ROLE_WORDS } from '@contract/organization-roles';
import { SECURITY_PATH } from '@contract/second-factor-rules';
import { errorMessage, retryUnlessRefused } from '@/lib/api';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page, Section } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';
import { tabClass, tabListClass } from '@/ui/tabs';
import { YourDataSection } from '@/ui/your-data-section';
import { areaPath, type RequesterKind } from './area';
import { KINDS } from './kinds';
import { NotifySettings } from './notify-settings';
import { VoicePinForm } from './voice-pin-form';
import { CloseOrganization } from './close-organization';
import { fetchMembers, TEAM_KEY } from './team-api';

const panelClass =
  'space-y-4 pt-6 text-lg outline-none focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300';

/** What every account can already do here (decision 0014): change its password and sign out. */
function Security({ kind }: { kind: RequesterKind }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  // An account with no email signs in with a code sent to its phone, and may add a password to use
  // with its number instead (decision 0066).
  const phoneOnly = Boolean(user && !user.email);
  const firstPassword = phoneOnly && user?.hasPassword === false;
  const number = user?.phoneNumber ?? 'your phone';
  return (
    <>
      <h3 className="text-xl font-bold">{firstPassword ? 'Set a Password' : 'Change Password'}</h3>
      {phoneOnly ? (
        <p>
          {firstPassword
            ? `You sign in with a code we send by SMS to ${number}. You can also set a password, then sign in with your phone number and password instead of waiting for a code.`
            : `You can sign in with a code we send by SMS to ${number}, or with your phone number and password.`}
        </p>
      ) : (
        <p>{KINDS[kind].settings.passwordNote}</p>
      )}
      {phoneOnly && me.isPending ? null : (
        <ChangePasswordForm
          firstPassword={firstPassword}
          submit={async (input) => {
            const message = await changePassword(input);
            if (firstPassword) await client.invalidateQueries({ queryKey: freshUserQuery.queryKey });
            return message;
          }}
        />
      )}
      <h3 className="pt-4 text-xl font-bold">Second Factor and Sessions</h3>
      <p>
        Add an authenticator app or a passkey, so that a password alone cannot open your account, and see where you are
        signed in.{' '}
        <Link to={SECURITY_PATH} className="font-semibold underline">
          Open Security
        </Link>
      </p>
      <VoicePinForm />
      <h3 className="pt-4 text-xl font-bold">Log Out</h3>
      <Button
        variant="secondary"
        onClick={async () => {
          await signOut();
          navigate('/login', { replace: true });
        }}
      >
        <LogOut aria-hidden="true" className="size-5" />
        Log Out
      </Button>
    </>
  );
}

/** The viewer's role on the team and what it allows, with the way to the Team page (docs/decisions/0075). */
function TeamSummary({ kind }: { kind: RequesterKind }) {
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  const role = user?.organizationRole;
  return (
    <>
      {role ? (
        <p>
          Your role: <strong>{ORGANIZATION_ROLE_WORDS[role]}</strong>. {ORGANIZATION_ROLE_SUMMARIES[role]}
        </p>
      ) : (
        <p>Your account is on no team just now. Ask the organization to invite you again.</p>
      )}
      <p>
        {mayAct(role, 'manageTeam')
          ? 'Invite people, change their roles or remove them on the Team Members page.'
          : 'See who is on the team on the Team Members page. Only an owner invites people or changes roles.'}{' '}
        <Link to={areaPath(kind, 'team')} className="font-semibold underline">
          Open Team Members
        </Link>
      </p>
      {role ? <TeamTable /> : null}
      {mayAct(role, 'closeOrganization') ? (
        <CloseOrganization organizationName={user?.organizationName || 'your organization'} />
      ) : null}
    </>
  );
}

/** The team as a table to read: who is on it and who is invited; the Team page holds the actions. */
function TeamTable() {
  const list = useQuery({ queryKey: TEAM_KEY, queryFn: fetchMembers, retry: retryUnlessRefused });
  if (list.isPending) return <LoadingState>Loading your team...</LoadingState>;
  if (list.isError)
    return <ErrorMessage>{errorMessage(list.error, { noMessage: 'The team could not be loaded.' })}</ErrorMessage>;
  return (
    <DataTable label="Team members table" caption="Your team" columns={['Name', 'Role', 'Status']}>
      {list.data.map((m) => (
        <tr key={m.id} className="border-t border-gray-200 dark:border-gray-700">
          <th scope="row" className={`${cellClass} text-left font-semibold wrap-anywhere`}>
            {m.status === 'invited' ? `Invitation to ${m.email ?? m.phone ?? ''}` : m.name}
            {m.is_you ? ' (you)' : ''}
          </th>
          <td className={cellClass}>{ORGANIZATION_ROLE_WORDS[m.role]}</td>
          <td className={cellClass}>{m.status === 'active' ? 'Active' : 'Invited'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The four tabs of organization settings (product notes 2). */
function SettingsTabs({ kind }: { kind: RequesterKind }) {
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  const panels = [
    {
      id: 'account',
      title: 'Account',
      body: (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-gray-700 dark:text-gray-300">Organization name</dt>
          <dd className="wrap-anywhere">{user?.organizationName || 'Not set'}</dd>
          <dt className="font-semibold text-gray-700 dark:text-gray-300">Email</dt>
          <dd className="wrap-anywhere">
            {user?.email ?? `None. You sign in with a code sent to ${user?.phoneNumber ?? 'your phone'}.`}
          </dd>
        </dl>
      ),
    },
    {
      id: 'notifications',
      title: 'Notifications',
      body: <NotifySettings headingLevel={3} />,
    },
    { id: 'team', title: 'Team', body: <TeamSummary kind={kind} /> },
    { id: 'security', title: 'Security', body: <Security kind={kind} /> },
    { id: 'data', title: 'Your Data', body: <YourDataSection headingLevel={3} /> },
  ];
  return (
    <Tabs>
      <TabList aria-label="Settings" className={`${tabListClass} flex-wrap`}>
        {panels.map((panel) => (
          <Tab key={panel.id} id={panel.id} className={tabClass}>
            {panel.title}
          </Tab>
        ))}
      </TabList>
      {panels.map((panel) => (
        <TabPanel key={panel.id} id={panel.id} className={panelClass}>
          <h2 className="text-2xl font-bold">{panel.title}</h2>
          {panel.body}
        </TabPanel>
      ))}
    </Tabs>
  );
}

/**
 * Product notes 2 give an organization four tabs of settings and call a recipient's a placeholder under
 * construction; both already offer what a signed-in person needs today.
 */
export default function SettingsPage({ kind }: { kind: RequesterKind }) {
  const settings = KINDS[kind].settings;
  return (
    <Page title={settings.title} intro={settings.intro ? <p>{settings.intro}</p> : undefined}>
      {settings.tabs ? (
        <SettingsTabs kind={kind} />
      ) : (
        <>
          <NotifySettings />
          <Section title="Security" id="security">
            <Security kind={kind} />
          </Section>
          <YourDataSection />
        </>
      )}
    </Page>
  );
}
