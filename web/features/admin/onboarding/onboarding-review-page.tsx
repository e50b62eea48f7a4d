import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import {
  CORRECTION_REASON_REQUIRED,
  ONBOARDING_STATUS_LABELS,
  type OnboardingReview,
} from '@contract/onboarding-review';
import { Button } from '@/ui/button';
import { PromptDialog } from '@/ui/confirm-dialog';
import { Facts } from '@/ui/facts';
import { assistedFacts } from '../shared/assisted-facts';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page, Section } from '@/ui/page';
import { blockLink, textLink } from '@/ui/text-link';
import { Verb } from '../shared/action-verb';
import { dateFormat } from '../shared/admin-format';
import { useOnboardingDecision, useOnboardingReview } from './onboarding-api';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';

const reasonRule = z
  .string()
  .trim()
  .min(1, CORRECTION_REASON_REQUIRED)
  .max(1000, 'Please keep the reason under 1,000 characters.');
const CORRECTION_FAILED = 'Failed to ask for a correction.';
const ignore = () => undefined;

const nameOf = (review: OnboardingReview) => review.contact.organization_name ?? review.contact.name;

/** Verify, or ask for a correction with a reason; only on the latest version while it waits. */
function Decision({ review, run }: { review: OnboardingReview; run: Run }) {
  const decide = useOnboardingDecision();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const verify = () => {
    if (busy) return;
    setBusy(true);
    void run(() => decide(review.id, { kind: 'verify' }), 'Failed to verify the profile.')
      .catch(ignore)
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-wrap gap-3">
      <Button aria-disabled={busy || undefined} onClick={verify}>
        {busy ? 'Verifying...' : <Verb about={`${nameOf(review)}, version ${review.version}`}>Verify</Verb>}
      </Button>
      <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && setAsking(true)}>
        <Verb about={`${nameOf(review)}, version ${review.version}`}>Ask for a correction</Verb>
      </Button>
      {asking ? (
        <PromptDialog
          title={`Ask ${nameOf(review)} for a correction`}
          isOpen
          onOpenChange={(open) => !open && setAsking(false)}
          name="reason"
          label="What should be corrected?"
          hint="The person reads this on their dashboard and in a mail, with a link to edit their answers."
          rows={4}
          rule={reasonRule}
          confirmLabel="Ask for the correction"
          busyLabel="Sending..."
          failed={CORRECTION_FAILED}
          onSubmit={async (reason) => {
            await run(() => decide(review.id, { kind: 'correction', reason }), CORRECTION_FAILED);
            setAsking(false);
          }}
        />
      ) : null}
    </div>
  );
}

function Review({ review, run }: { review: OnboardingReview; run: Run }) {
  const latest = review.versions[0];
  const picture = review.kind === 'organization' ? 'Logo' : 'Photo';
  const documentWord = review.kind === 'organization' ? 'registration document' : 'ID document';
  return (
    <div className="space-y-8">
      <div className="space-y-2 text-lg">
        <p>
          Version {review.version}: <strong>{ONBOARDING_STATUS_LABELS[review.status]}</strong>. Sent{' '}
          <time dateTime={review.submitted_at}>{dateFormat.format(new Date(review.submitted_at))}</time>.
        </p>
        {review.review_note ? <p>Correction asked: {review.review_note}</p> : null}
        {!review.is_latest && latest ? (
          <p>
            A newer version replaced this one.{' '}
            <Link to={`/admin/onboarding/${latest.id}`} className={textLink}>
              See version {latest.version}
            </Link>
          </p>
        ) : null}
      </div>
      {review.decidable ? <Decision review={review} run={run} /> : null}
      <Section title="Contact" id="contact">
        <Facts
          facts={[
            ['Name', review.contact.name],
            ...(review.contact.organization_name
              ? ([['Organization', review.contact.organization_name]] as [string, string][])
              : []),
            ['Email', review.contact.email ?? 'None: reached by SMS'],
            ['Phone', review.contact.phone ?? 'Not given'],
          ]}
        />
      </Section>
      {review.assisted ? (
        <Section title="Assisted application" id="assisted">
          <Facts facts={assistedFacts(review.assisted, nameOf(review))} />
        </Section>
      ) : null}
      <Section title="Answers" id="answers">
        <Facts facts={review.answers.map((a) => [a.label, a.value])} />
      </Section>
      <Section title="Files" id="files">
        {review.photo_url ? (
          <img
            src={review.photo_url}
            alt={`${picture} of ${nameOf(review)}`}
            className="max-h-64 rounded-lg border border-gray-300 dark:border-gray-700"
          />
        ) : (
          <p>No {picture.toLowerCase()} was sent.</p>
        )}
        {review.document ? (
          <p>
            <a href={review.document.url} target="_blank" rel="noopener noreferrer" className={blockLink}>
              Open the {documentWord}, {review.document.file_name} (opens in a new tab)
            </a>
          </p>
        ) : (
          <p>No {documentWord} is on file.</p>
        )}
      </Section>
      <Section title="Versions" id="versions">
        <ol aria-label="Versions, newest first" className="space-y-3">
          {review.versions.map((v) => (
            <li key={v.id} className="rounded-xl border border-gray-300 p-3 dark:border-gray-700">
              {v.id === review.id ? (
                <strong aria-current="page">Version {v.version} (this one)</strong>
              ) : (
                <Link to={`/admin/onboarding/${v.id}`} className={textLink}>
                  Version {v.version}
                </Link>
              )}
              : {ONBOARDING_STATUS_LABELS[v.status]}, sent{' '}
              <time dateTime={v.submitted_at}>{dateFormat.format(new Date(v.submitted_at))}</time>
              {v.reviewed_at ? (
                <>
                  , decided <time dateTime={v.reviewed_at}>{dateFormat.format(new Date(v.reviewed_at))}</time>
                </>
              ) : null}
              .{v.review_note ? <span className="block">Correction asked: {v.review_note}</span> : null}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** /admin/onboarding/:submissionId: one version with everything the person sent, and the decision. */
export default function OnboardingReviewPage() {
  const { submissionId } = useParams();
  const review = useOnboardingReview(submissionId);
  const feedback = useActionFeedback();
  const title = review.data ? `Onboarding of ${nameOf(review.data)}` : 'Onboarding review';
  return (
    <Page title={title} wide>
      <p className="mb-4">
        <Link to="/admin/onboarding" className={blockLink}>
          Back to the onboarding reviews
        </Link>
      </p>
      {feedback.view}
      {review.data ? (
        <Review review={review.data} run={feedback.run} />
      ) : review.isError ? (
        <ErrorMessage>Could not fetch this onboarding. It may not exist.</ErrorMessage>
      ) : (
        <LoadingState>Loading...</LoadingState>
      )}
    </Page>
  );
}
