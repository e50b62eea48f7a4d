import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminRecipientCampaign } from '@contract/admin';
import { formatNaira } from '@contract/money';
import { Facts } from '@/ui/facts';
import { blockLink, wrappingLink } from '@/ui/text-link';
import { dateFormat, recipientName } from '../shared/admin-format';
import { assistedFacts } from '../shared/assisted-facts';
import { CampaignStatusBadge } from '../shared/status-badges';
import type { Run } from '../shared/use-action-feedback';
import { RecipientActions } from './recipient-actions';
import { requesterFacts } from './requester-facts';

/** A recipient campaign as review needs it: who asks, how to reach them, their answers, the ID document and the actions. */
export function RecipientCampaignCard({ campaign, run }: { campaign: AdminRecipientCampaign; run: Run }) {
  const r = campaign.recipient;
  return (
    <article
      aria-labelledby={`campaign-${campaign.id}`}
      className="space-y-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={`campaign-${campaign.id}`} className="text-lg font-bold wrap-anywhere">
          {campaign.product_name} <span className="font-normal text-gray-700 dark:text-gray-300">#{campaign.id}</span>
        </h4>
        <CampaignStatusBadge status={campaign.status} featured={campaign.is_featured} />
      </div>
      <Facts
        layout="stacked"
        facts={[
          ['Recipient', recipientName(campaign)],
          [
            'Email',
            r.email ? (
              <a key="e" href={`mailto:${r.email}`} className={wrappingLink}>
                {r.email}
              </a>
            ) : (
              'None: reached by SMS'
            ),
          ],
          ['Phone', r.phone_number ?? 'Not given'],
          [
            'About',
            [r.gender, r.age ? `${r.age} years` : null, r.state_of_origin, r.employment_status]
              .filter(Boolean)
              .join(', ') || 'Not given',
          ],
          ['Price', formatNaira(campaign.price)],
          ['Raised', formatNaira(campaign.amount_raised)],
          ['Reason', campaign.reason],
          ['Requested on', dateFormat.format(new Date(campaign.created_at))],
          [
            'ID document',
            r.id_document_url ? (
              <a key="id" href={r.id_document_url} target="_blank" rel="noreferrer" className={blockLink}>
                <FileText aria-hidden="true" className="mr-1 size-5" />
                {r.id_type ?? 'ID document'}
                <span className="sr-only"> of {recipientName(campaign)}</span> (opens in a new tab)
              </a>
            ) : (
              'Not uploaded'
            ),
          ],
          ...assistedFacts(r.assisted, recipientName(campaign)),
          ...requesterFacts(r, recipientName(campaign)),
        ]}
      />
      {campaign.public_id ? (
        <Link to={`/campaigns/${campaign.public_id}`} className={blockLink}>
          View public page<span className="sr-only"> of campaign #{campaign.id}</span>
        </Link>
      ) : null}
      <RecipientActions campaign={campaign} run={run} />
    </article>
  );
}
