import {
  CheckCircle2,
  Clock,
  Gift as GiftIcon,
  HandCoins,
  Hourglass,
  LifeBuoy,
  type LucideIcon,
  PackageCheck,
  SearchCheck,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AWAITING_WORDS, BEING_CHECKED_WORDS } from '@contract/gift-words';
import type { Gift } from '@contract/giving';
import type { DonorReceipt } from '@contract/receipts';
import { formatNaira } from '@contract/money';
import { SUPPORT_EMAIL } from '@/lib/site';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { cellClass, DataTable } from '@/ui/table';
import { VideoModal } from '@/ui/video-modal';

import { GiftDelivery } from './gift-delivery';
import { recipientName, useDonorGifts, useDonorReceipts } from './api';
import { ReceiptDownload, StatementPicker } from './receipt-downloads';

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long' });
const countFormat = new Intl.NumberFormat('en-NG');

const linkClass = 'inline-flex min-h-11 items-center font-semibold underline wrap-anywhere';

// The status text carries the meaning; colour and icon only repeat it.
const badges: Record<string, { tone: Tone; icon: LucideIcon }> = {
  Delivered: { tone: 'success', icon: CheckCircle2 },
  'Ready for Pickup': { tone: 'success', icon: PackageCheck },
  'Processing Pickup': { tone: 'warning', icon: Clock },
  'Fully Funded': { tone: 'neutral', icon: PackageCheck },
  // A transfer or USSD payment the bank has not yet confirmed: not in the totals until it is.
  [AWAITING_WORDS]: { tone: 'warning', icon: Hourglass },
  // Set aside for the team (another amount paid, or a part that could not be placed): not in the totals.
  [BEING_CHECKED_WORDS]: { tone: 'warning', icon: SearchCheck },
};
const otherBadge = { tone: 'neutral' as Tone, icon: HandCoins };

function GiftDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>Date not recorded</>;
  return <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>;
}

function SummaryCard({
  title,
  Icon,
  className = '',
  children,
}: {
  title: string;
  Icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li
      className={`flex flex-col rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900 ${className}`}
    >
      <h3 className="flex items-center gap-2 text-base font-semibold text-gray-800 dark:text-gray-200">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-dark dark:text-orange-300" />
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </li>
  );
}

function SupportLinks() {
  return (
    <ul className="space-y-1">
      <li>
        <Link to="/contact" className={linkClass}>
          Go to the contact page
        </Link>
      </li>
      <li>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
          Email {SUPPORT_EMAIL}
        </a>
      </li>
    </ul>
  );
}

/** Where the receipts stand: a gift with no receipt is "once recorded" only when they have loaded. */
type ReceiptsState = 'loading' | 'failed' | 'loaded';

const NO_RECEIPT_WORDS: Record<ReceiptsState, string> = {
  loading: 'Loading...',
  failed: 'Not loaded',
  loaded: 'Once recorded',
};

function GiftRow({
  gift,
  receipt,
  receipts,
}: {
  gift: Gift;
  receipt: DonorReceipt | undefined;
  receipts: ReceiptsState;
}) {
  const name = recipientName(gift);
  const video = gift.appreciation_video_url?.trim();
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-700">
      <th scope="row" className={`min-w-40 ${cellClass} text-left font-normal`}>
        {gift.fund ? (
          <Link
            to={gift.campaign_id ? `/campaigns/${encodeURIComponent(gift.campaign_id)}` : '/fund'}
            className={linkClass}
          >
            {gift.product_name}
          </Link>
        ) : (
          <>
            <Link to={`/campaigns/${encodeURIComponent(gift.campaign_id)}`} className={linkClass}>
              {name}
            </Link>
            <span className="block text-gray-700 dark:text-gray-300">
              {gift.product_name}
              {gift.units > 1 ? `, ${countFormat.format(gift.units)} units` : ''}
            </span>
          </>
        )}
        {gift.dedication ? (
          <span className="mt-1 block font-semibold text-gray-900 dark:text-gray-100">{gift.dedication}</span>
        ) : null}
        {gift.matched ? (
          <span className="mt-1 block font-semibold text-gray-900 dark:text-gray-100">
            Matched by {gift.matched.sponsorName}: +{formatNaira(gift.matched.amount)}
          </span>
        ) : null}
      </th>
      <td className={`${cellClass} leading-11 whitespace-nowrap`}>
        <GiftDate iso={gift.date} />
      </td>
      <td className={cellClass}>
        <span className="inline-flex min-h-11 items-center">
          <StatusBadge {...(badges[gift.status] ?? otherBadge)}>{gift.status}</StatusBadge>
        </span>
      </td>
      <td className={cellClass}>
        {gift.fund ? (
          <span className="inline-flex min-h-11 items-center text-gray-700 dark:text-gray-300">
            Given to campaigns by the fund&rsquo;s rule
          </span>
        ) : gift.delivery ? (
          <GiftDelivery delivery={gift.delivery} name={name} />
        ) : video ? (
          <VideoModal name={name} url={video} />
        ) : (
          <span className="inline-flex min-h-11 items-center gap-1.5 text-gray-700 dark:text-gray-300">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            Pending
          </span>
        )}
      </td>
      <td className={cellClass}>
        {receipt ? (
          <ReceiptDownload receipt={receipt} giftName={name} />
        ) : (
          <span className="inline-flex min-h-11 items-center text-gray-700 dark:text-gray-300">
            {NO_RECEIPT_WORDS[receipts]}
          </span>
        )}
      </td>
    </tr>
  );
}

function newestFirst(gifts: Gift[]): Gift[] {
  const time = (g: Gift) => Date.parse(g.date) || 0;
  return [...gifts].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

function GiftTable({ gifts }: { gifts: Gift[] }) {
  const query = useDonorReceipts();
  const receipts = query.data?.receipts ?? [];
  const receiptOf = new Map(receipts.flatMap((r) => r.itemIds.map((itemId) => [itemId, r] as const)));
  const state: ReceiptsState =
    query.isPending || (query.isError && query.isFetching) ? 'loading' : query.isError ? 'failed' : 'loaded';
  return (
    <>
      {state === 'failed' ? (
        <div className="mb-4 space-y-3">
          <ErrorMessage>Could not fetch your receipts. Your gifts are listed below.</ErrorMessage>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      <DataTable
        label="Gifting history table"
        caption="Your gifts, newest first"
        columns={['Recipient', 'Date', 'Status', 'Appreciation', 'Receipt']}
      >
        {newestFirst(gifts).map((gift) => (
          <GiftRow key={gift.id} gift={gift} receipt={receiptOf.get(gift.id)} receipts={state} />
        ))}
      </DataTable>
    </>
  );
}

function GiftHistory({ gifts }: { gifts: Gift[] }) {
  const awaiting = gifts.some((g) => g.status === AWAITING_WORDS);
  const beingChecked = gifts.some((g) => g.status === BEING_CHECKED_WORDS);
  return (
    <section aria-labelledby="gift-history-title" className="mt-10">
      <h2 id="gift-history-title" className="text-2xl font-bold">
        Your Gifting History
      </h2>
      {awaiting ? (
        <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
          Gifts awaiting confirmation are bank transfer or USSD payments your bank has not confirmed yet. They are
          counted in your totals, and your receipt is emailed, once it does.
        </p>
      ) : null}
      {beingChecked ? (
        <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
          Gifts being checked by our team are payments we could not record as they were: the amount paid differed from
          the amount asked, or the campaign was funded by someone else first. They are not counted in your totals; our
          team will contact you.
        </p>
      ) : null}
      <div className="mt-4">
        {gifts.length === 0 ? (
          <EmptyState title="You haven't made any gifts yet.">
            <Link to="/campaigns" className={linkClass}>
              Browse campaigns to give your first gift
            </Link>
          </EmptyState>
        ) : (
          <GiftTable gifts={gifts} />
        )}
      </div>
    </section>
  );
}

export default function GiftsPage() {
  const { data, isPending, isError, isFetching, refetch } = useDonorGifts();
  const receiptYears = useDonorReceipts();
  return (
    <Page
      title="My Gifts"
      wide
      intro={
        <>
          Your monthly gifts, with their next dates, are in{' '}
          <Link to="/donor/giving" className="font-semibold underline">
            My Monthly Giving
          </Link>
          .
        </>
      }
    >
      {isPending || (isError && isFetching) ? (
        <LoadingState>Loading your gifts...</LoadingState>
      ) : isError ? (
        <div className="space-y-4">
          <ErrorMessage>Could not fetch your gift history.</ErrorMessage>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
          <p className="text-gray-800 dark:text-gray-200">If this keeps happening, our support team can help:</p>
          <SupportLinks />
        </div>
      ) : (
        <>
          <section aria-labelledby="gift-summary-title">
            <h2 id="gift-summary-title" className="sr-only">
              Summary
            </h2>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <SummaryCard title="Total Given" Icon={Wallet}>
                <p className="text-2xl font-extrabold tabular-nums wrap-anywhere sm:text-3xl">
                  {formatNaira(data.totalGiven)}
                </p>
              </SummaryCard>
              <SummaryCard title="Gifts Made" Icon={GiftIcon}>
                <p className="text-2xl font-extrabold tabular-nums sm:text-3xl">{countFormat.format(data.giftsMade)}</p>
              </SummaryCard>
              <SummaryCard title="Contact Support" Icon={LifeBuoy} className="sm:col-span-2 lg:col-span-1">
                <p className="text-gray-700 dark:text-gray-300">Questions about a gift? We are happy to help.</p>
                <div className="mt-1">
                  <SupportLinks />
                </div>
              </SummaryCard>
            </ul>
          </section>
          <GiftHistory gifts={data.givingHistory} />
          <StatementPicker years={receiptYears.data?.years ?? []} />
        </>
      )}
    </Page>
  );
}
