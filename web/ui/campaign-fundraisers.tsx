import { useId } from 'react';
import { formatNaira, percentOf } from '@contract/money';
import { useCampaignFundraisers } from '@/lib/campaign-fundraisers';
import { useLinkKit } from '@/lib/link-kit';
import { ErrorMessage } from './feedback';
import { LinkButton } from './link-button';
import { ProgressBar } from './progress-bar';
import { textLink } from './text-link';

/**
 * "Fundraisers": supporters' approved fundraisers for one campaign, most raised first, each with its
 * progress toward its own goal; and, while the campaign takes gifts, the way to start one (the page
 * behind it asks a visitor to sign in as a donor first).
 */
export function CampaignFundraisers({ campaignId, takesGifts }: { campaignId: string; takesGifts: boolean }) {
  const headingId = useId();
  const { Link } = useLinkKit();
  const list = useCampaignFundraisers(campaignId);
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-bold">
        Fundraisers
      </h2>
      {list.isError ? (
        <ErrorMessage>Could not load the fundraisers.</ErrorMessage>
      ) : list.isPending ? (
        <p className="text-lg text-gray-700 dark:text-gray-300">Loading fundraisers...</p>
      ) : items.length === 0 ? (
        <p className="text-lg text-gray-800 dark:text-gray-200">No fundraisers for this campaign yet.</p>
      ) : (
        <ul className="space-y-3">
          {items.map((f) => (
            <li
              key={f.slug}
              className="space-y-2 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
            >
              <Link to={`/fundraisers/${encodeURIComponent(f.slug)}`} className={`${textLink} text-lg font-semibold`}>
                {f.title}
              </Link>
              <ProgressBar
                label={`Raised for ${f.title}`}
                value={percentOf(f.raisedKobo, f.goalKobo)}
                valueText={`${formatNaira(f.raisedKobo)} of ${formatNaira(f.goalKobo)}`}
              />
            </li>
          ))}
        </ul>
      )}
      {takesGifts ? (
        <LinkButton to={`/donor/fundraisers/new?campaign=${encodeURIComponent(campaignId)}`} variant="secondary">
          Start a fundraiser
        </LinkButton>
      ) : null}
    </section>
  );
}
