import { useRef } from 'react';
import { Link } from 'react-router';
import { formatNaira } from '@contract/money';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { ExportLinks } from './export-links';
import { usePayments } from './money-desk-api';
import { PaymentFilterForm, usePaymentFilters } from './payment-filters';
import { CampaignNames, DeskTabs, DonorName, paymentPage, PaymentStatusBadge, timeOf } from './payment-words';

const COLUMNS = ['Reference', 'Donor', 'Campaigns', 'Amount', 'Refunded', 'Status', 'Channel', 'Date'] as const;

const count = new Intl.NumberFormat('en-NG');

/**
 * /admin/payments: every checkout and payment, newest first, a page at a time by cursor, filtered
 * by the form (the filters live in the address), with the totals of everything the filters match
 * and the CSV exports for the same filters. Each reference opens the payment's detail.
 */
export default function PaymentsPage() {
  const { filters, apply } = usePaymentFilters();
  const payments = usePayments(filters);
  const rows = payments.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = payments.data?.pages[0]?.totals;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const filtered = Object.keys(filters).length > 0;

  return (
    <Page
      title="Payments"
      wide
      intro={<p>Every checkout and payment, newest first. Open a reference to see everything about it.</p>}
    >
      <DeskTabs current="all" />
      <PaymentFilterForm filters={filters} onApply={apply} />
      {totals ? (
        <section aria-labelledby="desk-totals" className="mb-6">
          <h2 id="desk-totals" className="sr-only">
            Totals {filtered ? 'for these filters' : 'of every payment'}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {(
              [
                ['Payments', count.format(totals.count)],
                ['Asked', formatNaira(totals.totalKobo)],
                ['Paid', formatNaira(totals.paidKobo)],
                ['Refunded', formatNaira(totals.refundedKobo)],
                // Sponsors' money, never the donors': given with the paid gifts by match pools.
                ['Matched by sponsors', formatNaira(totals.matchedKobo ?? 0)],
              ] as const
            ).map(([name, value]) => (
              <div
                key={name}
                className="rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
              >
                <dt className="font-semibold text-gray-700 dark:text-gray-300">{name}</dt>
                <dd className="text-2xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <PagedList
        query={payments}
        failed="Could not fetch the payments."
        empty={filtered ? 'No payment matches these filters.' : 'No payments yet.'}
        isEmpty={rows.length === 0}
        paging={{
          kind: 'more',
          listRef: bodyRef,
          count: rows.length,
          total: totals?.count ?? 0,
          noun: 'payments',
          one: 'payment',
          hasMore: payments.hasNextPage,
          loading: payments.isFetchingNextPage,
          onMore: () => void payments.fetchNextPage(),
        }}
      >
        <DataTable
          label="Payments table"
          caption="Payments, newest first"
          columns={COLUMNS}
          minWidth="min-w-6xl"
          sorted={{ column: 'Date', direction: 'descending' }}
          bodyRef={bodyRef}
        >
          {rows.map((p) => (
            <tr key={p.reference} className="border-t border-gray-200 align-top dark:border-gray-700">
              <th scope="row" className={`${cellClass} font-normal`}>
                <Link to={paymentPage(p.reference)} className={`${blockLink} wrap-anywhere`}>
                  {p.reference}
                </Link>
              </th>
              <td className={`${cellClass} min-w-52`}>
                <DonorName name={p.donorName} email={p.donorEmail} />
              </td>
              <td className={`${cellClass} min-w-48`}>
                <CampaignNames campaigns={p.campaigns} />
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                <span className="block">{formatNaira(p.totalKobo)}</span>
                {p.feeKobo > 0 ? (
                  <span className="block text-gray-700 dark:text-gray-300">with {formatNaira(p.feeKobo)} fee</span>
                ) : null}
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                {p.refundedKobo > 0 ? formatNaira(p.refundedKobo) : 'None'}
              </td>
              <td className={cellClass}>
                <PaymentStatusBadge status={p.status} />
              </td>
              <td className={cellClass}>{p.channel ? p.channel.replace(/_/g, ' ') : 'Not known'}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={p.createdAt}>{timeOf(p.createdAt)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      </PagedList>
      <ExportLinks filters={filters} filtered={filtered} />
    </Page>
  );
}
