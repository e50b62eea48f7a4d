import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MyFundraiser } from '@contract/fundraisers';
import { formatNaira, percentOf } from '@contract/money';
import { lagosDay } from '@contract/plain-format';
import { errorMessage } from '@/lib/api';
import { useArrivalSaid } from '@/lib/page';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ArrivalNote, EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { ProgressBar } from '@/ui/progress-bar';
import { textLink } from '@/ui/text-link';
import { useCloseFundraiser, useEditFundraiser, useMyFundraisers } from './api';
import { FundraiserFields } from './fundraiser-form';

const STATUS_WORDS: Record<MyFundraiser['status'], string> = {
  pending: 'Waiting for our team to read it',
  approved: 'Public',
  rejected: 'Not approved',
  closed: 'Closed',
};

const cell = 'border-b border-gray-300 px-3 py-2 align-top dark:border-gray-700';

function Gifts({ fundraiser }: { fundraiser: MyFundraiser }) {
  if (fundraiser.gifts.length === 0) return <p>No gifts through this fundraiser yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 border-collapse text-left">
        <caption className="mb-2 text-left font-semibold">Gifts through {fundraiser.title}, newest first</caption>
        <thead>
          <tr>
            {['Date', 'From', 'Amount'].map((column) => (
              <th key={column} scope="col" className={`${cell} font-semibold`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fundraiser.gifts.map((gift, index) => (
            <tr key={`${gift.at}-${index}`}>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={gift.at}>{lagosDay(gift.at, 'short')}</time>
              </td>
              <th scope="row" className={`${cell} font-normal break-words`}>
                {gift.name}
              </th>
              <td className={`${cell} tabular-nums`}>{formatNaira(gift.amountKobo)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One of the owner's fundraisers: where it stands, its gifts, and (while open) edit and close. */
function OwnFundraiser({ fundraiser, onSaid }: { fundraiser: MyFundraiser; onSaid: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const edit = useEditFundraiser();
  const close = useCloseFundraiser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = `fundraiser-${fundraiser.slug}`;
  const open = fundraiser.status === 'pending' || fundraiser.status === 'approved';
  const words = fundraiser.revision ?? fundraiser;

  return (
    <li className="space-y-4 rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold break-words outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
      >
        {fundraiser.title}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd>{STATUS_WORDS[fundraiser.status]}</dd>
        <dt className="font-semibold">Campaign</dt>
        <dd className="break-words">
          {fundraiser.campaignPath ? (
            <Link to={fundraiser.campaignPath} className={textLink}>
              {fundraiser.campaignTitle}
            </Link>
          ) : (
            fundraiser.campaignTitle
          )}
        </dd>
        <dt className="font-semibold">Raised</dt>
        <dd>
          {formatNaira(fundraiser.raisedKobo)} of {formatNaira(fundraiser.goalKobo)} from{' '}
          {fundraiser.giftCount === 1 ? '1 gift' : `${fundraiser.giftCount} gifts`}
        </dd>
      </dl>
      <ProgressBar
        label="Progress toward the goal"
        value={percentOf(fundraiser.raisedKobo, fundraiser.goalKobo)}
        valueText={`${formatNaira(fundraiser.raisedKobo)} of ${formatNaira(fundraiser.goalKobo)}`}
      />
      {fundraiser.rejectionReason ? (
        <p>
          <span className="font-semibold">Our team&rsquo;s reason: </span>
          {fundraiser.rejectionReason}
        </p>
      ) : null}
      {fundraiser.revision ? (
        <p>Your latest changes are waiting for our team. The public page shows the words approved before.</p>
      ) : null}
      {fundraiser.stoppedNotice && fundraiser.status === 'approved' ? <p>{fundraiser.stoppedNotice}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Link to={`/fundraisers/${fundraiser.slug}`} className={textLink}>
          See the page of {fundraiser.title}
        </Link>
      </div>
      {open ? (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            aria-expanded={editing}
            aria-controls={`${id}-edit`}
            onClick={() => setEditing((now) => !now)}
          >
            {editing ? 'Stop editing' : 'Edit'}
            <span className="sr-only"> {fundraiser.title}</span>
          </Button>
          <Button variant="danger" onClick={() => setClosing(true)}>
            Close<span className="sr-only"> {fundraiser.title}</span>
          </Button>
        </div>
      ) : null}
      {open && editing ? (
        <div id={`${id}-edit`} className="rounded-lg border border-gray-300 p-4 dark:border-gray-700">
          <FundraiserFields
            initial={{ title: words.title, story: words.story, goalNaira: Math.round(words.goalKobo / 100) }}
            hasPhoto={Boolean(words.photo)}
            submitLabel="Save changes"
            busyLabel="Saving..."
            failed="Could not save your changes."
            onSubmit={async (form) => {
              const reply = await edit.mutateAsync({ slug: fundraiser.slug, form });
              setEditing(false);
              onSaid(reply.message);
              headingRef.current?.focus();
            }}
          />
        </div>
      ) : null}
      {closing ? (
        <ConfirmDialog
          title={`Close ${fundraiser.title}?`}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setClosing(false);
          }}
          confirmLabel="Close the fundraiser"
          busyLabel="Closing..."
          variant="danger"
          failed="Could not close the fundraiser."
          onConfirm={async () => {
            const reply = await close.mutateAsync(fundraiser.slug);
            setClosing(false);
            onSaid(reply.message);
            // The buttons leave with the open fundraiser: focus goes to its heading, never to the page.
            window.setTimeout(() => headingRef.current?.focus(), 0);
          }}
        >
          <p>It will take no more gifts, and its page will say so. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
      <section aria-labelledby={`${id}-gifts`} className="space-y-2">
        <h3 id={`${id}-gifts`} className="text-xl font-bold">
          Who gave
        </h3>
        <Gifts fundraiser={fundraiser} />
      </section>
    </li>
  );
}

/** /donor/fundraisers: the signed-in donor's fundraisers, newest first. */
export default function MyFundraisersPage() {
  const mine = useMyFundraisers();
  const arrived = useArrivalSaid();
  const [said, setSaid] = useState<{ text: string; key: number } | null>(null);
  return (
    <Page
      title="My fundraisers"
      intro={<p>Start a fundraiser from any campaign&rsquo;s page. Here you see who gave, and edit or close yours.</p>}
    >
      <ArrivalNote>{arrived}</ArrivalNote>
      <div role="status" className="mb-4">
        {said ? (
          <p
            key={said.key}
            className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 font-medium text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
          >
            {said.text}
          </p>
        ) : null}
      </div>
      {mine.isPending ? (
        <LoadingState>Loading your fundraisers...</LoadingState>
      ) : mine.error || !mine.data ? (
        <ErrorMessage>{errorMessage(mine.error, { noMessage: 'Could not load your fundraisers.' })}</ErrorMessage>
      ) : mine.data.items.length === 0 ? (
        <EmptyState title="No fundraisers yet">
          <p>Open a campaign&rsquo;s page and choose &ldquo;Start a fundraiser&rdquo;.</p>
          <LinkButton to="/campaigns" variant="secondary">
            See all campaigns
          </LinkButton>
        </EmptyState>
      ) : (
        <ul className="space-y-6" aria-label="My fundraisers, newest first">
          {mine.data.items.map((fundraiser) => (
            <OwnFundraiser
              key={fundraiser.slug}
              fundraiser={fundraiser}
              onSaid={(text) => setSaid({ text, key: Date.now() })}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
