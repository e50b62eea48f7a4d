import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, HandCoins, Radio, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { MyCampaign } from '@contract/requests';
import { formatNaira } from '@contract/money';
import { freshUserQuery } from '@/lib/session';
import { StatusBox } from '@/ui/form';
import { Page } from '@/ui/page';
import { ProgressBar } from '@/ui/progress-bar';
import { QueryView } from '@/ui/query-view';
import { Facts } from '@/ui/facts';
import { RequestStatusCard, statusWords, type StatusWords } from '@/ui/request-status';
import { blockLink } from '@/ui/text-link';
import { VideoModal } from '@/ui/video-modal';
import { useMyCampaigns } from './api';

/** Spec 4: each status in words, with what it means for the recipient. */
const STATUSES: Record<string, StatusWords> = {
  pending: {
    word: 'Pending',
    meaning: 'Your request is under review. Our team will reply within a few business days.',
    tone: 'warning',
    icon: Clock,
  },
  approved: {
    word: 'Approved',
    meaning: 'Your campaign is live for donors. Share its page with people who may want to help.',
    tone: 'info',
    icon: Radio,
  },
  rejected: {
    word: 'Rejected',
    meaning: 'Your request was not approved. You may request a device again.',
    tone: 'danger',
    icon: XCircle,
  },
  purchased: {
    word: 'Funded',
    meaning: 'A donor has funded your device. We will contact you to arrange collection at our centre in Lagos.',
    tone: 'success',
    icon: HandCoins,
  },
  delivered: {
    word: 'Delivered',
    meaning: 'Your device has been delivered. We hope it serves you well.',
    tone: 'success',
    icon: CheckCircle2,
  },
};
const DELIVERY: Record<string, string> = {
  processing_pickup: 'Being prepared for collection',
  ready_for_pickup: 'Ready for you to collect',
  delivered: 'Delivered',
};
const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long' });

function CampaignStatus({ campaign }: { campaign: MyCampaign }) {
  const percent = campaign.price > 0 ? Math.min(100, Math.round((campaign.amount_raised / campaign.price) * 100)) : 0;
  const video = campaign.appreciation_video_url?.trim();
  const handedOver = ['purchased', 'delivered'].includes(campaign.status);
  const facts: [string, ReactNode][] = [
    ['Your reason', campaign.reason],
    [
      'Requested on',
      <time key="date" dateTime={campaign.created_at}>
        {dateFormat.format(new Date(campaign.created_at))}
      </time>,
    ],
  ];
  if (handedOver && campaign.delivery_status)
    facts.push(['Delivery', DELIVERY[campaign.delivery_status] ?? campaign.delivery_status]);
  facts.push(['Raised', `${formatNaira(campaign.amount_raised)} of ${formatNaira(campaign.price)}`]);
  return (
    <RequestStatusCard
      headingId={`campaign-${campaign.id}`}
      productName={campaign.product_name}
      imageUrl={campaign.product_image_url}
      image={campaign.product_image}
      status={statusWords(STATUSES, campaign.status)}
      rejectedNotes={campaign.status === 'rejected' ? campaign.admin_notes : null}
    >
      <Facts facts={facts} />
      {campaign.status === 'approved' || handedOver ? (
        <ProgressBar label="Funding progress" value={percent} valueText={`${percent}% funded`} />
      ) : null}
      {campaign.public_id || video ? (
        <div className="flex flex-wrap items-center gap-4">
          {campaign.public_id ? (
            <Link to={`/campaigns/${encodeURIComponent(campaign.public_id)}`} className={blockLink}>
              View your public campaign page
            </Link>
          ) : null}
          {video ? <VideoModal url={video} /> : null}
        </div>
      ) : null}
    </RequestStatusCard>
  );
}

export default function RecipientStatusPage() {
  const campaigns = useMyCampaigns();
  const me = useQuery(freshUserQuery);
  const location = useLocation();
  const message = (location.state as { message?: string } | null)?.message;
  return (
    <Page title="Campaign Status" intro={<StatusBox>{message}</StatusBox>}>
      <QueryView
        query={campaigns}
        failed="Could not fetch your campaign status."
        empty="You have not created a campaign yet."
        emptyAction={
          <Link to="/recipient/catalog" className={blockLink}>
            Choose a device from the catalog
          </Link>
        }
      >
        {(list) => (
          <div className="space-y-6">
            {me.data?.canCreateCampaign ? (
              <p className="text-lg">
                You may make a new request.{' '}
                <Link to="/recipient/catalog" className={blockLink}>
                  Choose a device from the catalog
                </Link>
              </p>
            ) : null}
            <ul aria-label="Your requests, newest first" className="space-y-6">
              {list.map((campaign) => (
                <CampaignStatus key={campaign.id} campaign={campaign} />
              ))}
            </ul>
          </div>
        )}
      </QueryView>
    </Page>
  );
}
