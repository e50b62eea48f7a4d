import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatNaira } from '@contract/money';
import { ORGANIZATION_GIFTS_SHOWN } from '@contract/organization-gifts';
import { ROLE_NOT_ALLOWED } from '@contract/organization-team';
import { errorMessage, retryUnlessRefused } from '@/lib/api';
import { useMayAct } from '@/lib/organization-acts';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, InfoMessage, LoadingState } from '@/ui/feedback';
import { StatusBox } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';
import { fetchGifts, GIFTS_KEY, downloadGifts } from './team-api';
import { units } from './kinds';

const count = new Intl.NumberFormat('en-NG');
const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });
const today = () => new Date().toISOString().slice(0, 10);

/** The CSV of every gift, saved with the session's token; the outcome is said once. */
function DownloadCsv() {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function save() {
    if (busy) return;
    setBusy(true);
    setSaid(null);
    setFailure(null);
    try {
      await downloadGifts(`gift-of-independence-gifts-${today()}.csv`);
      setSaid('The gifts CSV file is downloaded.');
    } catch (error) {
      setFailure(errorMessage(error, { noMessage: 'The CSV file could not be downloaded. Please try again.' }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-3">
      <p>Every gift, not only the newest, with amounts in naira and times in Lagos.</p>
      <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void save()}>
        <Download aria-hidden="true" className="size-5" />
        {busy ? 'Downloading...' : 'Download as CSV'}
      </Button>
      <StatusBox>{said ? <p>{said}</p> : null}</StatusBox>
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
    </div>
  );
}

/**
 * Gifts to the organization's campaigns, for its owners and finance members (docs/decisions/0075):
 * the newest as a table, the totals of all, and every gift as a CSV file. Nothing names the donor.
 */
export default function GiftsPage() {
  const reads = useMayAct('readGifts');
  const gifts = useQuery({ queryKey: GIFTS_KEY, queryFn: fetchGifts, retry: retryUnlessRefused, enabled: reads });
  if (!reads)
    return (
      <Page title="Gifts">
        <InfoMessage>{ROLE_NOT_ALLOWED}</InfoMessage>
      </Page>
    );
  const data = gifts.data;
  return (
    <Page
      title="Gifts"
      wide
      intro={<p>Gifts to your organization&rsquo;s campaigns, newest first. Donors are not named here.</p>}
    >
      <div className="space-y-8">
        {gifts.isPending ? <LoadingState>Loading gifts...</LoadingState> : null}
        {gifts.isError ? (
          <ErrorMessage>{errorMessage(gifts.error, { noMessage: 'The gifts could not be loaded.' })}</ErrorMessage>
        ) : null}
        {data ? (
          <>
            <Section title="Totals" id="gift-totals">
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold text-gray-700 dark:text-gray-300">Gifts</dt>
                <dd>{count.format(data.totals.gifts)}</dd>
                <dt className="font-semibold text-gray-700 dark:text-gray-300">Units funded</dt>
                <dd>{count.format(data.totals.units)}</dd>
                <dt className="font-semibold text-gray-700 dark:text-gray-300">Amount</dt>
                <dd>{formatNaira(data.totals.amount_kobo)}</dd>
              </dl>
            </Section>
            <Section title="Download" id="gift-download">
              <DownloadCsv />
            </Section>
            <Section title="Newest gifts" id="gift-list">
              {data.gifts.length === 0 ? (
                <EmptyState title="No gifts yet">Gifts appear here once donors give to your campaigns.</EmptyState>
              ) : (
                <>
                  {data.totals.gifts > data.gifts.length ? (
                    <p>
                      The newest {count.format(ORGANIZATION_GIFTS_SHOWN)} of {count.format(data.totals.gifts)} gifts.
                      The CSV file holds them all.
                    </p>
                  ) : null}
                  <DataTable
                    label="Gifts table"
                    caption="Gifts to your organization's campaigns, newest first"
                    columns={['Date', 'Campaign', 'Device', 'Units', 'Amount']}
                    sorted={{ column: 'Date', direction: 'descending' }}
                  >
                    {data.gifts.map((g) => (
                      <tr key={g.id} className="border-t border-gray-200 dark:border-gray-700">
                        <th scope="row" className={`${cellClass} text-left font-semibold`}>
                          <time dateTime={g.paid_at}>{when(g.paid_at)}</time>
                        </th>
                        <td className={cellClass}>{g.campaign_id}</td>
                        <td className={cellClass}>{g.product_name}</td>
                        <td className={`${cellClass} tabular-nums`}>
                          {units(g.units)}
                          {g.matched_by ? (
                            <span className="block text-sm text-gray-700 dark:text-gray-300">
                              Matched by {g.matched_by}
                            </span>
                          ) : null}
                        </td>
                        <td className={`${cellClass} tabular-nums`}>{formatNaira(g.amount_kobo)}</td>
                      </tr>
                    ))}
                  </DataTable>
                </>
              )}
            </Section>
          </>
        ) : null}
      </div>
    </Page>
  );
}
