import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_SORTS } from '@contract/admin';
import { formatNaira } from '@contract/money';
import { Button } from '@/ui/button';
import { fieldClass, labelClass } from '@/ui/form';
import { Page } from '@/ui/page';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { dateFormat, deliveryWords, recipientName } from './admin-format';
import { RecipientActions } from './recipient-actions';
import { CampaignStatusBadge } from './status-badges';
import { useActionFeedback } from './use-action-feedback';
import { PAGE_SIZE, useAllCampaigns } from './api';

const STATUSES = [
  ['', 'All statuses'],
  ['pending', 'Pending'],
  ['approved', 'Approved'],
  ['featured', 'Featured'],
  ['rejected', 'Rejected'],
  ['purchased', 'Purchased'],
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

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * Every recipient campaign in one table (spec: "columns not shown"): filtered by status and a
 * search over product, recipient, email and reason, sorted, paged, each row with the actions the
 * transition table allows. The filters live in the address, so a reload or a shared link keeps them.
 */
export default function AdminCampaignsPage() {
  const [params, setParams] = useSearchParams();
  const status = pick(
    params.get('status'),
    STATUSES.map(([v]) => v),
    '',
  );
  const sort = pick(params.get('sort'), ADMIN_SORTS, 'newest');
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const [draft, setDraft] = useState(q);
  // A search made elsewhere (a link, the back button) shows in the box.
  useEffect(() => setDraft(q), [q]);
  const query = useAllCampaigns({ status, q, sort, page });
  const { run, view } = useActionFeedback();
  const ids = useId();

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true, state: { keepFocus: true } });
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: draft.trim() });
  };

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const items = query.data?.items ?? [];

  return (
    <Page title="Manage All Campaigns" wide>
      {view}
      <form
        role="search"
        aria-label="Filter campaigns"
        onSubmit={onSearch}
        className="mb-6 grid gap-4 md:grid-cols-[1fr_1fr_2fr] md:items-end"
      >
        <div>
          <label htmlFor={`${ids}-status`} className={labelClass}>
            Status
          </label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(e) => set({ status: e.target.value })}
            className={`mt-1 ${fieldClass(false)}`}
          >
            {STATUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-sort`} className={labelClass}>
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            value={sort}
            onChange={(e) => set({ sort: e.target.value })}
            className={`mt-1 ${fieldClass(false)}`}
          >
            {ADMIN_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORTS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-q`} className={labelClass}>
            Search
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${ids}-q`}
              type="search"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Product, recipient, email or reason"
              className={fieldClass(false)}
            />
            <Button type="submit">
              <Search aria-hidden="true" className="size-5" />
              Search
            </Button>
          </div>
        </div>
      </form>
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {query.data
          ? `${total} ${total === 1 ? 'campaign' : 'campaigns'}${q ? ` matching "${q}"` : ''}. Page ${page} of ${pages}.`
          : ''}
      </p>
      {query.isError ? (
        <div className="space-y-4">
          <ErrorMessage>Could not fetch campaigns.</ErrorMessage>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.isPending ? (
        <LoadingState>Loading...</LoadingState>
      ) : items.length === 0 ? (
        <EmptyState title="No campaigns match these filters." />
      ) : (
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
                <span className="block wrap-anywhere text-gray-700 dark:text-gray-300">{c.recipient.email}</span>
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
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            aria-disabled={page <= 1 || undefined}
            onClick={() => page > 1 && set({ page: String(page - 1) })}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
            Previous page
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            aria-disabled={page >= pages || undefined}
            onClick={() => page < pages && set({ page: String(page + 1) })}
          >
            Next page
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </nav>
      ) : null}
    </Page>
  );
}
