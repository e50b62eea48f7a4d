import { ArrowLeft, CheckCircle2, Handshake, PauseCircle } from 'lucide-react';
import { Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { matchLine } from '@contract/match-words';
import { formatNaira, percentOf } from '@contract/money';
import { campaignTitle } from '@contract/site';
import { usePageTitle } from '@/lib/page';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { LinkButton } from '@/ui/link-button';
import { ErrorMessage } from '@/ui/feedback';
import { ProgressBar } from '@/ui/progress-bar';
import { Island } from '@/islands/island';
import { useCampaign } from './api';
import { loadingText } from './loading-text';
import { stoppedNotice, type Campaign } from '@/lib/campaigns';
import { ProductImage } from '@/ui/product-image';
import { shareSubjectOf } from '@/lib/share-links';
import { ShareControl } from '@/ui/share-control';
import { CampaignUpdates } from './campaign-updates';
import { SupportMessages } from '@/ui/support-messages';
import { CampaignFundraisers } from '@/ui/campaign-fundraisers';
import { GiveBox } from './give-box';
import { givingFields } from './giving-fields';

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // With no earlier page in this tab (a shared link), "back" goes to the campaign list.
  const goBack = () => (location.key === 'default' ? navigate('/campaigns') : navigate(-1));
  return (
    <Button variant="ghost" onClick={goBack} className="-ml-3">
      <ArrowLeft aria-hidden="true" className="size-5" /> Back
    </Button>
  );
}

const detailGrid = 'mt-6 grid gap-10 lg:grid-cols-2';
const detailImage =
  'aspect-4/3 w-full rounded-xl border border-gray-300 bg-orange-50 object-contain dark:border-gray-700 dark:bg-gray-800';
const bone = 'rounded bg-gray-200 dark:bg-gray-700';

/**
 * Says "Loading" in words and draws the page's outline at its final sizes (the image box, the
 * requester, the price box, the reason), so the details that replace it do not push anything down.
 */
function CampaignDetailLoading() {
  return (
    <div role="status" className="relative">
      <div aria-hidden="true" className={`${detailGrid} motion-safe:animate-pulse`}>
        <div className={detailImage} />
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-4">
            <div className="size-16 shrink-0 rounded-full bg-gray-200 dark:bg-gray-700" />
            <div className="flex-1 space-y-2">
              <div className={`h-5 w-32 ${bone}`} />
              <div className={`h-7 w-48 ${bone}`} />
            </div>
          </div>
          <div className="h-24 rounded-xl border border-gray-300 dark:border-gray-700" />
          <div className={`h-7 w-2/3 ${bone}`} />
          <div className={`h-28 w-full ${bone}`} />
        </div>
      </div>
      <p className={loadingText}>Loading Campaign Details...</p>
    </div>
  );
}

function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const isOrg = campaign.type === 'organization';
  const stopped = stoppedNotice(campaign);

  return (
    <div className={detailGrid}>
      <div>
        <ProductImage
          src={campaign.product_image_url}
          image={campaign.product_image}
          sizes="page"
          priority
          className={detailImage}
        />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          <Avatar name={campaign.title} src={campaign.profile_photo_url} />
          <div>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {isOrg ? 'Requested by the organization' : 'Requested by'}
            </p>
            <p className="text-xl font-bold">{campaign.title}</p>
            {campaign.state_of_origin ? (
              <p className="text-gray-700 dark:text-gray-300">{campaign.state_of_origin} State</p>
            ) : null}
          </div>
        </div>

        <dl className="grid grid-cols-1 gap-4 rounded-xl border border-gray-300 p-4 min-[420px]:grid-cols-2 dark:border-gray-700 [&>div]:min-w-0 [&_dd]:wrap-anywhere">
          <div>
            <dt className="text-sm text-gray-700 dark:text-gray-300">{isOrg ? 'Price per unit' : 'Price'}</dt>
            <dd className="text-2xl font-bold">{formatNaira(campaign.product_price)}</dd>
          </div>
          {isOrg ? (
            <>
              <div>
                <dt className="text-sm text-gray-700 dark:text-gray-300">Total needed</dt>
                <dd className="text-2xl font-bold">{formatNaira(campaign.total_price)}</dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700 dark:text-gray-300">Units funded</dt>
                <dd className="text-lg font-semibold">
                  {campaign.units_fulfilled} of {campaign.quantity}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700 dark:text-gray-300">Amount raised</dt>
                <dd className="text-lg font-semibold">{formatNaira(campaign.amount_raised)}</dd>
              </div>
            </>
          ) : null}
        </dl>

        {isOrg ? (
          <div className="space-y-3">
            <ProgressBar label="Funding progress" value={percentOf(campaign.amount_raised, campaign.total_price)} />
            <ProgressBar
              label="Units funded"
              value={percentOf(campaign.units_fulfilled, campaign.quantity)}
              valueText={`${campaign.units_fulfilled} of ${campaign.quantity} units`}
            />
          </div>
        ) : null}

        <section aria-labelledby="reason-title">
          <h2 id="reason-title" className="text-xl font-bold">
            {isOrg ? 'Why we need it' : `Why ${campaign.first_name} needs it`}
          </h2>
          <p className="mt-2 text-lg leading-relaxed whitespace-pre-line">{campaign.reason}</p>
        </section>

        <section aria-labelledby="about-product-title">
          <h2 id="about-product-title" className="text-xl font-bold">
            About the {campaign.product_name}
          </h2>
          <p className="mt-2 leading-relaxed">{campaign.product_description}</p>
          {Object.keys(campaign.specifications).length > 0 ? (
            <>
              <h3 className="mt-4 text-lg font-semibold">Specifications</h3>
              <dl className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
                {Object.entries(campaign.specifications).map(([k, v]) => (
                  <div key={k} className="flex justify-between gap-4 px-4 py-2">
                    <dt className="font-medium">{k}</dt>
                    <dd className="text-right">{v}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
        </section>

        {stopped ? (
          <p className="flex items-center gap-2 rounded-xl border-2 border-gray-700 bg-gray-50 p-4 text-lg font-semibold text-gray-900 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100">
            <PauseCircle aria-hidden="true" className="size-6 shrink-0" />
            {stopped}
          </p>
        ) : campaign.is_funded ? (
          <p className="flex items-center gap-2 rounded-xl border-2 border-green-700 bg-green-50 p-4 text-lg font-semibold text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
            <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
            This campaign has been fully funded. Thank you to everyone who gave.
          </p>
        ) : (
          <>
            {campaign.match ? (
              <p className="flex items-center gap-2 rounded-xl border-2 border-amber-700 bg-amber-50 p-4 text-lg font-semibold text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
                {campaign.match.logoUrl ? (
                  // The sponsor's logo on a white plate, so a logo drawn for white paper reads in both themes.
                  <img
                    src={campaign.match.logoUrl}
                    alt={campaign.match.logoAlt ?? ''}
                    decoding="async"
                    className="h-10 w-auto max-w-28 shrink-0 rounded-md bg-white object-contain p-1 ring-1 ring-amber-700 dark:ring-amber-400"
                  />
                ) : (
                  <Handshake aria-hidden="true" className="size-6 shrink-0" />
                )}
                <span>{matchLine(campaign.match)}</span>
              </p>
            ) : null}
            <Island name="give-box" component={GiveBox} props={{ campaign: givingFields(campaign) }} />
          </>
        )}

        <Suspense fallback={null}>
          <Island
            name="share"
            component={ShareControl}
            props={{ subject: shareSubjectOf(campaign), takesGifts: campaign.takes_gifts }}
          />
          <CampaignUpdates campaignId={campaign.id} />
          <SupportMessages campaignId={campaign.id} />
          <CampaignFundraisers campaignId={campaign.id} takesGifts={campaign.takes_gifts} />
        </Suspense>
      </div>
    </div>
  );
}

export default function CampaignDetailPage() {
  const { id } = useParams();
  const { data, error, isPending } = useCampaign(id);
  const title = isPending
    ? 'Loading...'
    : error
      ? 'Error'
      : data
        ? campaignTitle(data.product_name, data.title)
        : 'Error';
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackButton />
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {isPending ? (
        <CampaignDetailLoading />
      ) : error || !data ? (
        <div className="mt-6 space-y-4">
          <ErrorMessage>{error?.message ?? 'Campaign not found.'}</ErrorMessage>
          <LinkButton to="/campaigns" variant="secondary">
            See all campaigns
          </LinkButton>
        </div>
      ) : (
        <CampaignDetail campaign={data} />
      )}
    </div>
  );
}
