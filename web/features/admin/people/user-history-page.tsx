import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatNaira } from '@contract/money';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page, Section } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import { CampaignStatusBadge, RoleBadge } from '../shared/status-badges';
import { useUserHistory } from './people-api';

/** User history (product notes 2): who the person is, the campaigns they asked for and the gifts they made. */
export default function AdminUserHistoryPage() {
  const { userId } = useParams();
  const valid = userId !== undefined && /^[1-9][0-9]{0,9}$/.test(userId);
  const query = useUserHistory(valid ? userId : undefined);
  const back = (
    <Link to="/admin/users" className={blockLink}>
      <ArrowLeft aria-hidden="true" className="mr-1.5 size-5" />
      Back to Manage Users
    </Link>
  );

  if (!valid || query.isError) {
    return (
      <Page title="User History">
        {back}
        <div className="mt-6 space-y-4">
          <ErrorMessage>Could not fetch recipient history.</ErrorMessage>
          {valid ? (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          ) : null}
        </div>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title="User History">
        {back}
        <LoadingState>Loading...</LoadingState>
      </Page>
    );
  }
  const { user, campaigns, gifts } = query.data;
  const name = `${user.first_name} ${user.last_name}`.trim() || 'No name';
  return (
    <Page title={`User History: ${name}`} heading={`History of ${name}`}>
      {back}
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-lg sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Email</dt>
        <dd className="wrap-anywhere">{user.email ?? 'None'}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{user.phone_number ?? 'None'}</dd>
        <dt className="font-semibold">Role</dt>
        <dd>
          <RoleBadge role={user.role} />
        </dd>
      </dl>
      {campaigns.length === 0 && gifts.length === 0 ? (
        <div className="mt-8">
          <EmptyState title="No history found for this user." />
        </div>
      ) : (
        <div className="mt-10">
          <Section title={`Campaigns (${campaigns.length})`} id="campaigns">
            {campaigns.length === 0 ? (
              <p>No campaigns.</p>
            ) : (
              <DataTable
                label="Campaigns table"
                caption={`Campaigns of ${name}`}
                columns={['Campaign', 'Status', 'Requested']}
              >
                {campaigns.map((c) => (
                  <tr key={c.id} className="border-t border-gray-200 align-top dark:border-gray-700">
                    <th scope="row" className={`${cellClass} font-normal`}>
                      <span className="block font-semibold">{c.product_name}</span>
                      <span className="block text-gray-700 dark:text-gray-300">#{c.id}</span>
                    </th>
                    <td className={cellClass}>
                      <CampaignStatusBadge status={c.status} />
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(c.created_at))}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Section>
          <Section title={`Gifts (${gifts.length})`} id="gifts">
            {gifts.length === 0 ? (
              <p>No gifts.</p>
            ) : (
              <DataTable
                label="Gifts table"
                caption={`Gifts made by ${name}`}
                columns={['Campaign', 'Units', 'Amount', 'Date']}
              >
                {gifts.map((g, i) => (
                  <tr key={`${g.campaign_id}-${i}`} className="border-t border-gray-200 align-top dark:border-gray-700">
                    <th scope="row" className={`${cellClass} font-normal`}>
                      <span className="block font-semibold">{g.product_name}</span>
                      <span className="block text-gray-700 dark:text-gray-300">#{g.campaign_id}</span>
                    </th>
                    <td className={`${cellClass} tabular-nums`}>{g.units}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatNaira(g.amount)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(g.date))}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Section>
        </div>
      )}
    </Page>
  );
}
