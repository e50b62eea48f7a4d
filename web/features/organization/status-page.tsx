import { CheckCircle2, Clock, HandCoins, Radio, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyOrganizationCampaign } from '@contract/requests';
import { formatNaira } from '@contract/money';
import { PARTNERSHIPS_EMAIL } from '@/lib/site';
import { Page } from '@/ui/page';
import { ProgressBar } from '@/ui/progress-bar';
import { QueryView } from '@/ui/query-view';
import { Facts } from '@/ui/facts';
import { RequestStatusCard, statusWords, type StatusWords } from '@/ui/request-status';
import { blockLink } from '@/ui/text-link';
import { useOrganizationCampaigns } from './api';

/** Spec 4: an organization campaign's statuses in words, with what each means. */
const STATUSES: Record<string, StatusWords> = {
  pending: {
    word: 'Pending',
    meaning: 'Your request is under review. Review takes 2-3 business days.',
    tone: 'warning',
    icon: Clock,
  },
  approved: {
    word: 'Approved',
    meaning: 'Your campaign is live: donors can fund its units.',
    tone: 'info',
    icon: Radio,
  },
  partially_fulfilled: {
    word: 'Partially Funded',
    meaning: 'Donors have funded some of the units. The campaign stays live for the rest.',
    tone: 'info',
    icon: HandCoins,
  },
  fulfilled: { word: 'Fully Funded', meaning: 'Every unit has been funded.', tone: 'success', icon: CheckCircle2 },
  rejected: {
    word: 'Rejected',
    meaning: 'This request was not approved. Your organization may make a new request.',
    tone: 'danger',
    icon: XCircle,
  },
};
const WITH_PROGRESS = ['approved', 'partially_fulfilled', 'fulfilled'];
const count = new Intl.NumberFormat('en-NG');
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

function CampaignStatus({ campaign }: { campaign: MyOrganizationCampaign }) {
  const funded = percentOf(campaign.amount_raised, campaign.total_price);
  const unitsDone = percentOf(campaign.units_fulfilled, campaign.quantity);
  const live = WITH_PROGRESS.includes(campaign.status);
  const facts: [string, ReactNode][] = [
    [
      'Units requested',
      `${count.format(campaign.quantity)} at ${formatNaira(campaign.unit_price)} each, ${formatNaira(campaign.total_price)} in total`,
    ],
  ];
  if (live) facts.push(['Units remaining', count.format(campaign.units_remaining)]);
  facts.push(['Reason', campaign.reason]);
  return (
    <RequestStatusCard
      headingId={`org-campaign-${campaign.id}`}
      productName={campaign.product_name}
      imageUrl={campaign.image_url}
      image={campaign.image}
      status={statusWords(STATUSES, campaign.status)}
      rejectedNotes={campaign.status === 'rejected' ? campaign.admin_notes : null}
    >
      {campaign.status === 'fulfilled' ? (
        <p className="text-lg">
          To arrange collection, contact our partnerships team at{' '}
          <a href={`mailto:${PARTNERSHIPS_EMAIL}`} className={blockLink}>
            {PARTNERSHIPS_EMAIL}
          </a>
          .
        </p>
      ) : null}
      <Facts facts={facts} />
      {live ? (
        <div className="space-y-3">
          <ProgressBar
            label="Funding"
            value={funded}
            valueText={`${funded}%: ${formatNaira(campaign.amount_raised)} of ${formatNaira(campaign.total_price)}`}
          />
          <ProgressBar
            label="Units funded"
            value={unitsDone}
            valueText={`${unitsDone}%: ${count.format(campaign.units_fulfilled)} of ${count.format(campaign.quantity)} units`}
          />
        </div>
      ) : null}
      {campaign.public_id ? (
        <Link to={`/campaigns/${encodeURIComponent(campaign.public_id)}`} className={blockLink}>
          View the public campaign page
        </Link>
      ) : null}
    </RequestStatusCard>
  );
}

export default function OrganizationStatusPage() {
  const campaigns = useOrganizationCampaigns();
  return (
    <Page title="Campaign Status">
      <QueryView
        query={campaigns}
        failed="Could not fetch your organization campaign status."
        empty="Your organization has not created any campaigns yet."
        emptyAction={
          <Link to="/organization/catalog" className={blockLink}>
            Choose a product from the catalog
          </Link>
        }
      >
        {(list) => (
          <ul aria-label="Your organization's requests, newest first" className="space-y-6">
            {list.map((campaign) => (
              <CampaignStatus key={campaign.id} campaign={campaign} />
            ))}
          </ul>
        )}
      </QueryView>
    </Page>
  );
}
