import type { AdminOrganizationCampaign } from '@contract/admin';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import { formatNaira, percentOf } from '@contract/money';
import { PostUpdateButton } from './post-update-dialog';
import { Facts } from '@/ui/facts';
import { ProgressBar } from '@/ui/progress-bar';
import { wrappingLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import { OrganizationActions } from './organization-actions';
import { DocumentFact, requesterFacts } from './requester-facts';
import { CampaignStatusBadge } from '../shared/status-badges';
import type { Run } from '../shared/use-action-feedback';
import { DonationsButton } from './donations-dialog';

const count = new Intl.NumberFormat('en-NG');

/**
 * One organization request as review needs it (both review screens in one): product, organization,
 * contact, quantity with total price, reason, and once live the units and funding progress with
 * View Donations; a pending one has Approve and Reject.
 */
export function OrganizationCampaignCard({
  campaign,
  run,
  headingLevel = 3,
  layout = 'auto',
}: {
  campaign: AdminOrganizationCampaign;
  run: Run;
  headingLevel?: 3 | 4;
  layout?: 'auto' | 'stacked';
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const org = campaign.organization;
  const live = campaign.actions.includes('viewDonations');
  const funded = percentOf(campaign.amount_raised, campaign.total_price);
  const units = percentOf(campaign.units_fulfilled, campaign.quantity);
  return (
    <article
      aria-labelledby={`org-campaign-${campaign.id}`}
      className="space-y-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading
          id={`org-campaign-${campaign.id}`}
          tabIndex={-1}
          data-load-more-focus
          className="text-lg font-bold wrap-anywhere"
        >
          {campaign.product_name} <span className="font-normal text-gray-700 dark:text-gray-300">#{campaign.id}</span>
        </Heading>
        <CampaignStatusBadge status={campaign.status} />
      </div>
      {org.profile_photo_url ? (
        <img
          src={org.profile_photo_url}
          alt={`Logo of ${org.organization_name}`}
          width={96}
          height={96}
          loading="lazy"
          className="size-24 rounded-lg border border-gray-300 bg-white object-contain dark:border-gray-700"
        />
      ) : null}
      <Facts
        layout={layout}
        facts={[
          ['Organization', org.organization_name],
          ['Contact', org.contact_name],
          // The team member who asked, when someone other than the organization's own account did.
          ...(org.requested_by && org.requested_by !== org.contact_name
            ? ([['Requested by', org.requested_by]] as [string, string][])
            : []),
          [
            'Email',
            <a key="e" href={`mailto:${org.email}`} className={wrappingLink}>
              {org.email}
            </a>,
          ],
          ['Phone', org.phone_number ?? 'Not given'],
          ['Established', org.year_of_establishment ? String(org.year_of_establishment) : 'Not given'],
          ['State of operation', org.state_of_operation ?? 'Not given'],
          ['Description', org.bio ?? 'Not given'],
          [
            org.id_type === 'ConsentLetter' ? 'Letter of consent' : 'Registration document',
            <DocumentFact
              key="doc"
              url={org.id_document_url}
              name={org.id_type === 'ConsentLetter' ? 'letter of consent' : 'registration document'}
              who={org.organization_name}
            />,
          ],
          ...requesterFacts(org, org.organization_name),
          [
            'Requested',
            `${count.format(campaign.quantity)} units at ${formatNaira(campaign.unit_price)}, ${formatNaira(campaign.total_price)} in total`,
          ],
          ['Reason', campaign.reason],
          ['Requested on', dateFormat.format(new Date(campaign.created_at))],
          ...(campaign.status === 'rejected' && campaign.admin_notes
            ? ([['Admin Feedback', campaign.admin_notes]] as [string, string][])
            : []),
          // Why a campaign was paused or closed early, as the organization was told.
          ...(stoppedWordsOf(campaign.status) && campaign.admin_notes
            ? ([['Reason given', campaign.admin_notes]] as [string, string][])
            : []),
        ]}
      />
      {live ? (
        <div className="space-y-3">
          <ProgressBar
            label="Units funded"
            value={units}
            valueText={`${count.format(campaign.units_fulfilled)} of ${count.format(campaign.quantity)} units`}
          />
          <ProgressBar
            label="Amount raised"
            value={funded}
            valueText={`${formatNaira(campaign.amount_raised)} of ${formatNaira(campaign.total_price)}`}
          />
          <DonationsButton kind="organization" campaignId={campaign.id} />
        </div>
      ) : null}
      <OrganizationActions campaign={campaign} run={run} />
      {campaign.public_id ? (
        <PostUpdateButton publicId={campaign.public_id} label={`campaign #${campaign.id}`} />
      ) : null}
    </article>
  );
}
