import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EarlierRequests, Verification } from '@contract/admin';
import { formatNaira } from '@contract/money';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { blockLink, wrappingLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import { CampaignStatusBadge } from '../shared/status-badges';

const VERIFICATION: Record<NonNullable<Verification>['status'], [string, Tone]> = {
  verified: ['Verified', 'success'],
  submitted: ['Waiting for verification', 'warning'],
  correction_requested: ['Correction requested', 'danger'],
};

/** The requester's verification in words, with the way to their onboarding when they have one. */
export function VerificationFact({ verification, who }: { verification: Verification; who: string }): ReactNode {
  if (!verification) return <StatusBadge tone="neutral">Not onboarded</StatusBadge>;
  const [word, tone] = VERIFICATION[verification.status];
  return (
    <span className="flex flex-wrap items-center gap-2">
      <StatusBadge tone={tone}>{word}</StatusBadge>
      <Link to={`/admin/onboarding/${verification.submission_id}`} className={wrappingLink}>
        View onboarding<span className="sr-only"> of {who}</span>
      </Link>
    </span>
  );
}

/** A private document behind a short-lived signed link, named for what it is. */
export function DocumentFact({ url, name, who }: { url: string | null; name: string; who: string }): ReactNode {
  if (!url) return 'Not uploaded';
  return (
    <a href={url} target="_blank" rel="noreferrer" className={blockLink}>
      <FileText aria-hidden="true" className="mr-1 size-5" />
      View {name}
      <span className="sr-only"> of {who}</span> (opens in a new tab)
    </a>
  );
}

/**
 * The requester's other requests, newest first: a second device for the same person is then a
 * decision the admin sees, not one they must look up.
 */
export function EarlierRequestsFact({ earlier }: { earlier: EarlierRequests }): ReactNode {
  if (earlier.total === 0) return 'None';
  const more = earlier.total - earlier.items.length;
  return (
    <div className="space-y-1">
      <ul className="space-y-1">
        {earlier.items.map((c) => (
          <li key={c.campaign_id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold">{c.product_name}</span>
            <span className="text-gray-700 dark:text-gray-300">
              #{c.campaign_id}, {dateFormat.format(new Date(c.created_at))}, {formatNaira(c.amount_raised)} raised
            </span>
            <CampaignStatusBadge status={c.status} />
          </li>
        ))}
      </ul>
      {more > 0 ? <p>and {more} more</p> : null}
    </div>
  );
}

/** The facts both kinds' review cards add about the requester. */
export const requesterFacts = (
  requester: { verification: Verification; earlier_requests: EarlierRequests },
  who: string,
): [string, ReactNode][] => [
  ['Verification', <VerificationFact key="v" verification={requester.verification} who={who} />],
  [
    `Other requests (${requester.earlier_requests.total})`,
    <EarlierRequestsFact key="e" earlier={requester.earlier_requests} />,
  ],
];
