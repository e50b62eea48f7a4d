import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { changePassword, freshUserQuery, signOut, useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ChangePasswordForm } from '@/ui/change-password-form';
import { Page } from '@/ui/page';
import { tabClass, tabListClass } from '@/ui/tabs';

const panelClass =
  'space-y-4 pt-6 text-lg outline-none focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300';

export default function OrganizationSettingsPage() {
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  const navigate = useNavigate();
  return (
    <Page title="Organization Settings">
      <Tabs>
        <TabList aria-label="Settings" className={`${tabListClass} flex-wrap`}>
          <Tab id="account" className={tabClass}>
            Account
          </Tab>
          <Tab id="notifications" className={tabClass}>
            Notifications
          </Tab>
          <Tab id="team" className={tabClass}>
            Team
          </Tab>
          <Tab id="security" className={tabClass}>
            Security
          </Tab>
        </TabList>
        <TabPanel id="account" className={panelClass}>
          <h2 className="text-2xl font-bold">Account</h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold text-gray-700 dark:text-gray-300">Organization name</dt>
            <dd className="wrap-anywhere">{user?.organizationName || 'Not set'}</dd>
            <dt className="font-semibold text-gray-700 dark:text-gray-300">Email</dt>
            <dd className="wrap-anywhere">{user?.email}</dd>
          </dl>
        </TabPanel>
        <TabPanel id="notifications" className={panelClass}>
          <h2 className="text-2xl font-bold">Notifications</h2>
          <p>Organization notification settings will be available soon.</p>
        </TabPanel>
        <TabPanel id="team" className={panelClass}>
          <h2 className="text-2xl font-bold">Team</h2>
          <p>Team management features will come in a future update.</p>
        </TabPanel>
        <TabPanel id="security" className={panelClass}>
          <h2 className="text-2xl font-bold">Security</h2>
          <h3 className="text-xl font-bold">Change Password</h3>
          <p>Changing your password signs your organization&rsquo;s account out on every other device.</p>
          <ChangePasswordForm submit={changePassword} />
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
        </TabPanel>
      </Tabs>
    </Page>
  );
}
