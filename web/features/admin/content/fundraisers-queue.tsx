import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FUNDRAISER_REASON_MAX, REASON_REQUIRED, type AdminFundraiser } from '@contract/fundraisers';
import { formatNaira } from '@contract/money';
import { z } from 'zod';
import { Button } from '@/ui/button';
import { PromptDialog } from '@/ui/confirm-dialog';
import { ErrorMessage } from '@/ui/feedback';
import { textLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import { useModerationDecisions } from '../shared/moderation-queue';
import { useFundraiserDecision, useFundraiserQueue } from './fundraisers-api';

const reasonRule = z
  .string()
  .trim()
  .min(1, REASON_REQUIRED)
  .max(FUNDRAISER_REASON_MAX, `Keep the reason to ${FUNDRAISER_REASON_MAX} characters or fewer.`);

function Words({ words, label }: { words: AdminFundraiser['current']; label: string }) {
  return (
    <div className="space-y-2">
      <p className="font-semibold">{label}</p>
      <p className="text-lg font-semibold break-words">{words.title}</p>
      {words.photo ? (
        <figure className="space-y-1">
          <img
            src={words.photo.url}
            alt={words.photo.alt}
            className="max-h-48 rounded-lg border border-gray-300 dark:border-gray-700"
          />
          <figcaption>Photo description: {words.photo.alt}</figcaption>
        </figure>
      ) : null}
      <blockquote className="break-words whitespace-pre-line text-gray-900 dark:text-gray-100">
        <p>{words.story}</p>
      </blockquote>
      <p>Goal: {formatNaira(words.goalKobo)}</p>
    </div>
  );
}

/**
 * Supporters' fundraisers waiting for an admin, beside the words of support: new ones and edits of
 * public ones, oldest first. Approve makes them public; Reject asks for the reason the owner is told.
 * After a decision the item leaves the list and focus goes to the next one's buttons.
 */
export function FundraiserQueue() {
  const headingId = useId();
  const queue = useFundraiserQueue();
  const items = queue.data?.items ?? [];
  const save = useFundraiserDecision();
  const decisions = useModerationDecisions(
    items.map((i) => ({ id: i.slug })),
    'fundraiser',
  );
  const [rejecting, setRejecting] = useState<AdminFundraiser | null>(null);

  return (
    <section aria-labelledby={headingId} className="mt-12 space-y-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Fundraisers waiting
      </h2>
      <p className="text-gray-800 dark:text-gray-200">
        Supporters&rsquo; fundraisers are public only once approved, and so are their edits. Read the words, then
        approve, or reject with a reason the owner is told.
      </p>
      {decisions.result}
      {queue.isError ? (
        <ErrorMessage>Could not fetch the fundraisers.</ErrorMessage>
      ) : queue.isPending ? (
        <p>Loading fundraisers...</p>
      ) : items.length === 0 ? (
        <p>No fundraisers are waiting.</p>
      ) : (
        <ol aria-label="Fundraisers, oldest first" className="space-y-4">
          {items.map((item) => (
            <li
              key={item.slug}
              className="space-y-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
            >
              <h3 className="text-xl font-bold break-words">
                {item.kind === 'revision' ? `Changes to ${item.current.title}` : item.current.title}
              </h3>
              <dl className="grid gap-x-4 gap-y-1 text-gray-800 sm:grid-cols-[max-content_1fr] dark:text-gray-200">
                <dt className="font-semibold">By</dt>
                <dd className="break-words">
                  {item.ownerName}
                  {item.ownerEmail ? ` (${item.ownerEmail})` : ''}
                </dd>
                <dt className="font-semibold">For</dt>
                <dd>
                  <Link to={`/campaigns/${item.campaignId}`} className={textLink}>
                    {item.campaignTitle}
                  </Link>
                </dd>
                <dt className="font-semibold">Sent</dt>
                <dd>
                  <time dateTime={item.submittedAt}>{dateFormat.format(new Date(item.submittedAt))}</time>
                </dd>
              </dl>
              {item.revision ? (
                <div className="grid gap-4 md:grid-cols-2">
                  <Words words={item.current} label="Public now" />
                  <Words words={item.revision} label="Waiting" />
                </div>
              ) : (
                <Words words={item.current} label="Waiting" />
              )}
              <div id={decisions.actionsId(item.slug)} className="flex flex-wrap gap-3">
                <Button
                  aria-disabled={decisions.busyId !== null || undefined}
                  aria-label={`Approve ${item.current.title}`}
                  onClick={() =>
                    void decisions.decide(
                      item.slug,
                      () => save(item.slug, { status: 'approved' }),
                      'Could not save the decision.',
                    )
                  }
                >
                  Approve
                </Button>
                <Button
                  variant="secondary"
                  aria-disabled={decisions.busyId !== null || undefined}
                  aria-label={`Reject ${item.current.title}`}
                  onClick={() => setRejecting(item)}
                >
                  <X aria-hidden="true" className="size-5" />
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {rejecting ? (
        <PromptDialog
          title={`Reject ${rejecting.current.title}?`}
          isOpen
          onOpenChange={(open) => {
            if (!open) setRejecting(null);
          }}
          name="reason"
          label="Reason"
          hint="The owner is told this, by notice and mail."
          rows={3}
          rule={reasonRule}
          confirmLabel="Reject"
          busyLabel="Rejecting..."
          failed="Could not save the decision."
          onSubmit={async (reason) => {
            const item = rejecting;
            // The dialog closes first and gives focus back; the decision then moves it to the next item.
            setRejecting(null);
            await decisions.decide(
              item.slug,
              () => save(item.slug, { status: 'rejected', reason }),
              'Could not save the decision.',
            );
          }}
        >
          <p>
            {rejecting.revision
              ? 'The page keeps the words approved before.'
              : 'The fundraiser stays private, and its owner may start a new one.'}
          </p>
        </PromptDialog>
      ) : null}
    </section>
  );
}
