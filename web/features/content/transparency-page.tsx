import { Link } from 'react-router';
import { formatNaira } from '@contract/money';
import { SMALL_CELL, type StateRow, type Transparency } from '@contract/transparency';
import { campaignStatusWord } from '@/lib/campaign-status';
import { Button } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page, Section } from '@/ui/page';
import { textLink } from '@/ui/text-link';
import { useTransparency } from './api';
import { LedgerChart, type LedgerRow } from './ledger-chart';
import { timingWords } from './timing-words';

const count = new Intl.NumberFormat('en-NG');
const monthName = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const asOf = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

const KIND_NAMES = { recipient: 'For a person', organization: 'For an organization' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <dt className="text-base text-gray-800 dark:text-gray-200">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function stateRows(rows: readonly StateRow[], pooled: string): LedgerRow[] {
  return rows.map((r) => ({
    key: r.state ?? '(pooled)',
    label: r.state ?? pooled,
    value: r.count ?? 0,
    cells: [r.count === null ? `Fewer than ${SMALL_CELL}` : count.format(r.count)],
  }));
}

function days(figure: Transparency['approval_to_funded']): string {
  if (figure.median_days === null) return 'Not enough records yet';
  const n = figure.median_days;
  return `${count.format(n)} ${n === 1 ? 'day' : 'days'}`;
}

function Ledger({ data }: { data: Transparency }) {
  const months: LedgerRow[] = data.by_month.map((m) => ({
    key: m.month,
    label: monthName.format(new Date(`${m.month}-01T00:00:00Z`)),
    value: m.raised_kobo,
    cells: [formatNaira(m.raised_kobo), count.format(m.gifts)],
  }));
  const statuses: LedgerRow[] = data.campaigns_by_status.map((s) => ({
    key: `${s.kind}-${s.status}`,
    label: `${KIND_NAMES[s.kind]}: ${campaignStatusWord(s.status)}`,
    value: s.count,
    cells: [count.format(s.count)],
  }));
  return (
    <>
      <Section title="Money and gifts" id="money">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure label="Money raised for campaigns" value={formatNaira(data.money.raised_kobo)} />
          <Figure label="Gifts" value={count.format(data.money.gifts)} />
          <Figure label="Donors" value={count.format(data.money.donors)} />
        </dl>
        <p>
          Money raised is the sum of every paid gift to a campaign or to the Independence Fund. Payment fees that donors
          chose to cover are not included: they pay the payment provider, not a campaign. Donors are counted once each
          by email address.
        </p>
      </Section>

      <Section title="The Independence Fund" id="fund">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure label="Given to the fund" value={formatNaira(data.fund.given_kobo)} />
          <Figure label="Given by the fund to campaigns" value={formatNaira(data.fund.allocated_kobo)} />
          <Figure label="Waiting in the fund" value={formatNaira(data.fund.balance_kobo)} />
        </dl>
        <p>
          Money given to the Independence Fund is counted once, in money raised above, when donors give it. The fund has
          since given it to {count.format(data.fund.campaigns)} {data.fund.campaigns === 1 ? 'campaign' : 'campaigns'}{' '}
          in {count.format(data.fund.allocations)} {data.fund.allocations === 1 ? 'gift' : 'gifts'}, funding{' '}
          {count.format(data.fund.units)} {data.fund.units === 1 ? 'device' : 'devices'}; those gifts are where the
          money went, not money raised again.{' '}
          <Link to="/fund" className={textLink}>
            See every gift the fund has made
          </Link>
          .
        </p>
      </Section>

      <Section title="Matched by sponsors" id="matched">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure label="Given by sponsors' matches" value={formatNaira(data.matched.given_kobo)} />
        </dl>
        {data.matched.sponsors.length > 0 ? (
          <ul className="list-disc space-y-1 pl-6">
            {data.matched.sponsors.map((s) => (
              <li key={s.name}>
                {s.name}: {formatNaira(s.given_kobo)}
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          Sponsors matched donors&apos; gifts from pools of their own. What they gave went to the same campaigns and is
          not part of the money raised above, which is donors&apos; money alone.
        </p>
      </Section>

      <Section title="Devices" id="devices">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Figure label="Devices funded" value={count.format(data.devices.funded)} />
          <Figure label="Devices delivered" value={count.format(data.devices.delivered)} />
        </dl>
        <p>
          A device is funded once gifts have paid for it, and delivered once its recipient or organization has collected
          it.
        </p>
      </Section>

      <Section title="Gifts by month" id="months">
        <LedgerChart
          caption="Money raised and gifts in each of the last 12 months (Lagos time)"
          columns={['Month', 'Money raised', 'Gifts']}
          rows={months}
        />
      </Section>

      <Section title="Campaigns by status" id="statuses">
        <LedgerChart
          caption="Campaigns the public can see, by who they are for and where they stand"
          columns={['Campaign status', 'Campaigns']}
          rows={statuses}
        />
        <p>
          {count.format(data.under_review)} {data.under_review === 1 ? 'request is' : 'requests are'} waiting for our
          team to review. Requests we have not approved are never shown.
        </p>
      </Section>

      <Section title="Where campaigns come from" id="states">
        <p>
          People are counted by their state of origin. A state with fewer than {SMALL_CELL} people is never named: those
          people are counted together under &ldquo;Other states&rdquo;, so nobody can be picked out.
        </p>
        <h3 className="pt-2 text-xl font-bold text-gray-900 dark:text-gray-100">People</h3>
        <LedgerChart
          caption="People with a campaign, by state of origin"
          columns={['State', 'People']}
          rows={stateRows(data.recipients_by_state, 'Other states')}
        />
        <h3 className="pt-2 text-xl font-bold text-gray-900 dark:text-gray-100">Organizations</h3>
        <LedgerChart
          caption="Organizations with a campaign, by state of operation"
          columns={['State', 'Organizations']}
          rows={stateRows(data.organizations_by_state, 'State not given')}
        />
      </Section>

      <Section title="How long it takes" id="timing">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Figure label="From approval to fully funded (median)" value={days(data.approval_to_funded)} />
          <Figure label="From fully funded to delivered (median)" value={days(data.funded_to_delivered)} />
        </dl>
        {timingWords(data).map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </Section>

      <p className="mt-10 text-gray-700 dark:text-gray-300">
        Figures as of {asOf.format(new Date(data.generated_at))}, computed from our records of gifts and campaigns.
      </p>
    </>
  );
}

export default function TransparencyPage() {
  const query = useTransparency();
  return (
    <Page
      title="Public Ledger"
      wide
      intro={
        <p>
          Where the money goes, computed from our records of every gift and campaign. Nothing on this page is typed in
          by hand.
        </p>
      }
    >
      {query.isPending ? (
        <LoadingState>Loading the ledger...</LoadingState>
      ) : query.isError ? (
        <div className="space-y-4">
          <ErrorMessage>We could not load the ledger. Please try again.</ErrorMessage>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Ledger data={query.data} />
      )}
    </Page>
  );
}
