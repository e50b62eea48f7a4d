import { Link } from 'react-router';
import { ADMIN_SORTS } from '@contract/admin';
import { formatNaira } from '@contract/money';
import { oneOf, useUrlFilters } from '@/lib/url-filters';
import { FilterBar } from '@/ui/filter-bar';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { dateFormat, deliveryWords, recipientName } from '../shared/admin-format';
import { RecipientActions } from './recipient-actions';
import { CampaignStatusBadge } from '../shared/status-badges';
import { useActionFeedback } from '../shared/use-action-feedback';
import { PAGE_SIZE, useAllCampaigns } from './campaigns-api';

const STATUSES = [
  ['', 'All statuses'],
  ['pending', 'Pending'],
  ['approved', 'Approved'],
  ['featured', 'Featured'],
  ['rejected', 'Rejected'],
  ['purchased', 'Purchased'],
  ['ready_for_pickup', 'Ready for Pickup'],
  ['delivered', 'Delivered'],
] as const;
const SORTS: Record<(typeof ADMIN_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  raised: 'Most raised',
  product: 'Product name (A to Z)',
};
const COLUMNS = ['Campaign', 'Recipient', 'Status', 'Delivery', 'Raised', 'Created', 'Actions'] as const;
const SORTED_COLUMN = {
  newest: { column: 'Created', direction: 'descending' },
  oldest: { column: 'Created', direction: 'ascending' },
  raised: { column: 'Raised', direction: 'descending' },
  product: { column: 'Campaign', direction: 'ascending' },
} as const;

/**
 * Every recipient campaign in one table (the product notes leave its columns open): filtered by status and a
 * search over product, recipient, email and reason, sorted, paged, each row with the actions the
 * transition table allows. The filters live in the address, so a reload or a shared link keeps them.
 */
export default function AdminCampaignsPage() {
  const filters = useUrlFilters();
  const status = oneOf(
    filters.read('status'),
    STATUSES.map(([v]) => v),
    '',
  );
  const sort = oneOf(filters.read('sort'), ADMIN_SORTS, 'newest');
  const q = filters.read('q');
  const { page } = filters;
  const query = useAllCampaigns({ status, q, sort, page });
  const { run, view } = useActionFeedback();
  const items = query.data?.items ?? [];

  return (
    <Page title="Manage All Campaigns" wide>
      {view}
      <FilterBar
        label="Filter campaigns"
        choices={[
          {
            label: 'Status',
            value: status,
            options: STATUSES.map(([value, label]) => ({ value, label })),
            onChange: (value) => filters.update({ status: value }),
          },
          {
            label: 'Sort by',
            value: sort,
            options: ADMIN_SORTS.map((value) => ({ value, label: SORTS[value] })),
            onChange: (value) => filters.update({ sort: value }),
          },
        ]}
        search={{
          label: 'Search',
          value: q,
          placeholder: 'Product, recipient, email or reason',
          onSearch: (text) => filters.update({ q: text }),
        }}
        onClear={status || q ? () => filters.update({ status: '', q: '' }) : undefined}
      />
      <PagedList
        query={query}
        failed="Could not fetch campaigns."
        empty="No campaigns match these filters."
        isEmpty={items.length === 0}
        paging={{
          kind: 'pages',
          page,
          total: query.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          noun: ['campaign', 'campaigns'],
          matching: q,
          onPage: filters.setPage,
        }}
      >
        <DataTable
          label="All recipient campaigns"
          caption="Recipient campaigns"
          columns={COLUMNS}
          minWidth="min-w-6xl"
          sorted={SORTED_COLUMN[sort]}
        >
          {items.map((c) => (
            <tr key={c.id} className="border-t border-gray-200 align-top dark:border-gray-700">
              <th scope="row" className={`${cellClass} min-w-44 font-normal`}>
                <span className="block font-semibold">{c.product_name}</span>
                <span className="block text-gray-700 dark:text-gray-300">#{c.id}</span>
                {c.public_id ? (
                  <Link to={`/campaigns/${c.public_id}`} className={blockLink}>
                    Public page<span className="sr-only"> of campaign #{c.id}</span>
                  </Link>
                ) : null}
              </th>
              <td className={`${cellClass} min-w-52`}>
                <span className="block">{recipientName(c)}</span>
                <span className="block wrap-anywhere text-gray-700 dark:text-gray-300">
                  {c.recipient.email ?? c.recipient.phone_number}
                </span>
              </td>
              <td className={cellClass}>
                <CampaignStatusBadge status={c.status} featured={c.is_featured} />
              </td>
              <td className={cellClass}>{deliveryWords(c.delivery_status)}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                <span className="block">{formatNaira(c.amount_raised)}</span>
                <span className="block text-gray-700 dark:text-gray-300">of {formatNaira(c.price)}</span>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(c.created_at))}</td>
              <td className={`${cellClass} min-w-48`}>
                <RecipientActions campaign={c} run={run} stacked />
              </td>
            </tr>
          ))}
        </DataTable>
      </PagedList>
    </Page>
  );
}
