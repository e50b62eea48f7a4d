import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { campaignTitle } from '@contract/site';
import { campaignQuery } from '@/lib/campaigns';
import { carrying } from '@/lib/page';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { useStartFundraiser } from './api';
import { FundraiserFields } from './fundraiser-form';

/**
 * /donor/fundraisers/new?campaign={id}: a signed-in donor starts a fundraiser for one campaign. It
 * waits for our team; the donor lands on their fundraisers, told so.
 */
export default function StartFundraiserPage() {
  const [params] = useSearchParams();
  const campaignId = params.get('campaign') ?? '';
  const campaign = useQuery(campaignQuery(campaignId || undefined));
  const start = useStartFundraiser();
  const navigate = useNavigate();
  return (
    <Page
      title="Start a fundraiser"
      intro={
        <p>
          Raise money among the people you know for one campaign. Gifts through your page go to the campaign, and count
          toward your own goal. Our team reads your page before it is public.
        </p>
      }
    >
      {!campaignId ? (
        <div className="space-y-4">
          <ErrorMessage>
            Choose a campaign first: open its page and choose &ldquo;Start a fundraiser&rdquo;.
          </ErrorMessage>
          <LinkButton to="/campaigns" variant="secondary">
            See all campaigns
          </LinkButton>
        </div>
      ) : campaign.isPending ? (
        <LoadingState>Loading the campaign...</LoadingState>
      ) : campaign.error || !campaign.data ? (
        <ErrorMessage>{campaign.error?.message ?? 'Campaign not found.'}</ErrorMessage>
      ) : (
        <div className="space-y-6">
          <p className="text-lg">
            For <span className="font-semibold">{campaignTitle(campaign.data.product_name, campaign.data.title)}</span>
          </p>
          <FundraiserFields
            submitLabel="Send for review"
            busyLabel="Sending..."
            failed="Could not start the fundraiser."
            onSubmit={async (form) => {
              const reply = await start.mutateAsync({ campaignId, form });
              navigate('/donor/fundraisers', { state: carrying(reply.message) });
            }}
          />
        </div>
      )}
    </Page>
  );
}
