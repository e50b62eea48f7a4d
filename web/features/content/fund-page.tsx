import { Link } from 'react-router';
import type { FundReply } from '@contract/fund';
import { formatNaira } from '@contract/money';
import { Button } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { LinkButton } from '@/ui/link-button';
import { Page, Section } from '@/ui/page';
import { textLink } from '@/ui/text-link';
import { useFund } from './api';

const count = new Intl.NumberFormat('en-NG');
const day = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
const cell = 'border-b border-gray-300 px-3 py-2 align-top dark:border-gray-700';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <dt className="text-base text-gray-800 dark:text-gray-200">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function Allocations({ rows }: { rows: FundReply['allocations'] }) {
  if (rows.length === 0) return <p>The fund has not given to a campaign yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 border-collapse text-left text-sm sm:text-base">
        <caption className="mb-2 text-left font-semibold text-gray-900 dark:text-gray-100">
          Every gift the fund has made, newest first
        </caption>
        <thead>
          <tr>
            {['Date', 'Campaign', 'Device', 'Amount'].map((column) => (
              <th key={column} scope="col" className={`${cell} font-semibold`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-gray-900 dark:text-gray-100">
          {rows.map((a, index) => (
            <tr key={`${a.campaignId}-${a.at}-${index}`}>
              <td className={`${cell} whitespace-nowrap`}>{day.format(new Date(a.at))}</td>
              <th scope="row" className={`${cell} font-normal [overflow-wrap:anywhere]`}>
                <Link to={`/campaigns/${a.campaignId}`} className={textLink}>
                  {a.campaignName}
                </Link>
              </th>
              <td className={`${cell} [overflow-wrap:anywhere]`}>
                {a.units === 1 ? a.device : `${count.format(a.units)} × ${a.device}`}
              </td>
              <td className={`${cell} tabular-nums`}>{formatNaira(a.amountKobo)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fund({ data }: { data: FundReply }) {
  return (
    <>
      <Section title="How the fund gives" id="rule">
        <p>
          Money given to the Independence Fund is not tied to one campaign. Once a day, the fund gives what it holds to
          the campaigns that have waited longest since we approved them, whole devices at a time, and never more than a
          campaign still needs. A person&rsquo;s campaign gets its device only when the fund can pay for all of it. A
          campaign the fund cannot serve is passed over for the next one.
        </p>
        <p>
          Money given through a monthly gift to one organization&rsquo;s campaign waits in the fund for that campaign
          until it buys a whole unit, and joins the rest of the fund if that campaign closes.
        </p>
        <LinkButton to="/give-monthly">Give monthly to the fund</LinkButton>
      </Section>
      <Section title="The fund today" id="today">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Figure label="Waiting to be given" value={formatNaira(Math.max(0, data.balanceKobo))} />
          <Figure label="Monthly donors" value={count.format(data.monthlyDonors)} />
        </dl>
        <p>
          The money waiting is less than the next campaign&rsquo;s whole device: it waits for its next whole device, and
          is given as soon as more gifts make one up.
        </p>
      </Section>
      <Section title="Where the money went" id="allocations">
        <Allocations rows={data.allocations} />
        <p>
          Every gift from the fund is counted once in the{' '}
          <Link to="/transparency" className={textLink}>
            Public Ledger
          </Link>
          , when donors give it.
        </p>
      </Section>
    </>
  );
}

export default function FundPage() {
  const query = useFund();
  return (
    <Page
      title="The Independence Fund"
      wide
      intro={<p>One gift that reaches the campaigns nobody has shared, by a rule anyone can check.</p>}
    >
      {query.isPending ? (
        <LoadingState>Loading the fund...</LoadingState>
      ) : query.isError ? (
        <div className="space-y-4">
          <ErrorMessage>We could not load the fund. Please try again.</ErrorMessage>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Fund data={query.data} />
      )}
    </Page>
  );
}
