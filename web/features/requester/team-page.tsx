import { useQuery } from '@tanstack/react-query';
import { freshUserQuery, useSession } from '@/lib/session';
import { InfoMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';

/** Product notes 2 leave the team page open: today an organization account has one member, its holder. */
export default function TeamPage() {
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  return (
    <Page
      title="Team Members"
      intro={<p>The people who manage campaigns for {user?.organizationName || 'your organization'}.</p>}
    >
      <div className="space-y-6">
        {user ? (
          <DataTable
            label="Team members"
            caption="Members of your organization's account"
            columns={['Name', 'Email', 'Role']}
          >
            <tr className="border-t border-gray-200 dark:border-gray-700">
              <th scope="row" className={`${cellClass} text-left font-semibold`}>
                {`${user.first_name} ${user.last_name}`.trim()}
              </th>
              <td className={`${cellClass} wrap-anywhere`}>{user.email}</td>
              <td className={cellClass}>Account holder</td>
            </tr>
          </DataTable>
        ) : null}
        <InfoMessage>
          Inviting more team members to share your organization&rsquo;s account will come in a future update.
        </InfoMessage>
      </div>
    </Page>
  );
}
