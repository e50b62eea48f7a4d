import type { ImageSet } from '@contract/images';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, PauseCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CHECKOUT_LIMITS, type FundReply } from '@contract/giving';
import { formatNaira } from '@contract/money';
import { campaignQuery, perUnitPrice, stoppedNotice, type Campaign } from '@/lib/campaigns';
import { LinkButton } from '@/ui/link-button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { QuantityStepper } from '@/ui/quantity-stepper';
import type { CampaignMatch } from '@contract/matching';
import { CheckoutForm, type CheckoutLine } from './checkout-form';
import { matchPreview } from './match-preview';
import { ProductImage } from '@/ui/product-image';
import { successStateOf } from './success-state';
import { keepFundraiser } from '@/lib/fundraiser-visit';

type GiftCampaign = {
  id: string;
  type: 'recipient' | 'organization';
  productName: string;
  imageUrl: string | null;
  image: ImageSet | null;
  forName: string;
  unitPriceKobo: number;
  unitsRemaining: number;
  maxUnits: number;
  isFunded: boolean;
  /** Why it takes no gifts now (paused or closed early), or null. */
  stopped: string | null;
  /** A sponsor's open match on it, or null. */
  match: CampaignMatch | null;
};

/** What giving needs of a campaign, from the one shared campaign shape and query. */
function toGift(c: Campaign): GiftCampaign {
  if (c.type === 'recipient') {
    return {
      id: c.id,
      type: 'recipient',
      productName: c.product_name,
      imageUrl: c.product_image_url,
      image: c.product_image ?? null,
      forName: c.title,
      unitPriceKobo: c.product_price,
      unitsRemaining: c.is_funded ? 0 : 1,
      maxUnits: 1,
      isFunded: c.is_funded,
      stopped: stoppedNotice(c),
      match: c.match ?? null,
    };
  }
  const unitsRemaining = Math.max(0, c.units_remaining);
  return {
    id: c.id,
    type: 'organization',
    productName: c.product_name,
    imageUrl: c.product_image_url,
    image: c.product_image ?? null,
    forName: c.title,
    unitPriceKobo: perUnitPrice(c),
    unitsRemaining,
    maxUnits: Math.max(1, Math.min(CHECKOUT_LIMITS.unitsPerCampaign, unitsRemaining)),
    isFunded: c.is_funded || unitsRemaining === 0,
    stopped: stoppedNotice(c),
    match: c.match ?? null,
  };
}

function useGiftCampaign(rawId: string) {
  const query = useQuery(campaignQuery(rawId));
  return { ...query, data: query.data ? toGift(query.data) : undefined };
}

const perPaymentNote = (c: GiftCampaign) =>
  c.unitsRemaining > CHECKOUT_LIMITS.unitsPerCampaign
    ? ` One payment can include at most ${CHECKOUT_LIMITS.unitsPerCampaign} units.`
    : '';

/** Units asked for by the campaign page (navigation state) or a shared link (?units=), kept in range. */
function startingUnits(state: unknown, query: string | null, max: number): number {
  const fromState = state && typeof state === 'object' ? (state as { units?: unknown }).units : undefined;
  const wanted = Number(fromState ?? query ?? 1);
  if (!Number.isFinite(wanted)) return 1;
  return Math.min(max, Math.max(1, Math.floor(wanted)));
}

function DonateForm({ campaign }: { campaign: GiftCampaign }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isOrg = campaign.type === 'organization';
  const [units, setUnits] = useState(() =>
    isOrg ? startingUnits(location.state, searchParams.get('units'), campaign.maxUnits) : 1,
  );
  const preview = matchPreview(campaign, units);
  // A person's device shared with a sponsor costs the donor their part only.
  const amountKobo = preview && !isOrg ? preview.donorKobo : campaign.unitPriceKobo * units;
  // Arrived by a fundraiser's "Give" link: the checkout names it, so the gift counts toward it too.
  const fundraiser = searchParams.get('fundraiser');
  useEffect(() => {
    if (fundraiser) keepFundraiser(fundraiser, campaign.id);
  }, [fundraiser, campaign.id]);

  function handlePaid(result: FundReply, lines: CheckoutLine[]) {
    navigate('/checkout/success', { state: successStateOf(result, lines) });
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="donate-gift-title">
        <h2 id="donate-gift-title" className="text-2xl font-bold">
          Your gift
        </h2>
        <div className="mt-4 flex flex-col gap-4 rounded-xl border border-gray-300 p-4 sm:flex-row dark:border-gray-700">
          <ProductImage
            width={160}
            height={120}
            src={campaign.imageUrl}
            image={campaign.image}
            sizes="thumbnail"
            className="h-32 w-full shrink-0 rounded-lg border border-gray-200 bg-orange-50 object-contain sm:w-44 dark:border-gray-700 dark:bg-gray-800"
          />
          <div className="min-w-0 flex-1 space-y-4">
            <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
              <div>
                <dt className="text-sm text-gray-700 dark:text-gray-300">Product</dt>
                <dd className="text-lg font-semibold break-words">{campaign.productName}</dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700 dark:text-gray-300">For</dt>
                <dd className="text-lg font-semibold break-words">{campaign.forName}</dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700 dark:text-gray-300">{isOrg ? 'Price per unit' : 'Price'}</dt>
                <dd className="text-lg font-semibold">{formatNaira(campaign.unitPriceKobo)}</dd>
              </div>
              {isOrg ? (
                <div>
                  <dt className="text-sm text-gray-700 dark:text-gray-300">Units still needed</dt>
                  <dd className="text-lg font-semibold">{campaign.unitsRemaining}</dd>
                </div>
              ) : null}
            </dl>
            {isOrg ? (
              <QuantityStepper
                label="Units to give"
                value={units}
                min={1}
                max={campaign.maxUnits}
                onChange={setUnits}
                description={`Between 1 and ${campaign.maxUnits}.${perPaymentNote(campaign)} ${units} × ${formatNaira(campaign.unitPriceKobo)} = ${formatNaira(amountKobo)}${preview ? `. ${preview.sentence}` : ''}`}
              />
            ) : null}
          </div>
        </div>
      </section>

      <CheckoutForm
        items={[
          {
            campaignId: campaign.id,
            units,
            label: `${campaign.productName} for ${campaign.forName}`,
            amountKobo,
            matchNote: preview?.sentence ?? null,
          },
        ]}
        totalKobo={amountKobo}
        onPaid={handlePaid}
      />
    </div>
  );
}

export default function DonatePage() {
  const { campaignId = '' } = useParams();
  const { data, error, isPending } = useGiftCampaign(campaignId);
  const title = data ? `Give to ${data.productName} for ${data.forName}` : 'Give';

  return (
    <Page title={title}>
      <LinkButton to={data ? `/campaigns/${data.id}` : '/campaigns'} variant="ghost" className="-ml-3 mb-6">
        <ArrowLeft aria-hidden="true" className="size-5" /> {data ? 'Back to the campaign' : 'All campaigns'}
      </LinkButton>
      {isPending ? (
        <LoadingState>Loading Campaign Details...</LoadingState>
      ) : error || !data ? (
        <div className="space-y-4">
          <ErrorMessage>{error?.message ?? 'Campaign not found.'}</ErrorMessage>
          <LinkButton to="/campaigns" variant="secondary">
            See all campaigns
          </LinkButton>
        </div>
      ) : data.stopped ? (
        <div className="space-y-6">
          <p className="flex items-start gap-2 rounded-xl border-2 border-gray-700 bg-gray-50 p-4 text-lg font-semibold text-gray-900 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100">
            <PauseCircle aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            {data.stopped}
          </p>
          <LinkButton to="/campaigns" variant="secondary">
            See other campaigns
          </LinkButton>
        </div>
      ) : data.isFunded ? (
        <div className="space-y-6">
          <p className="flex items-start gap-2 rounded-xl border-2 border-green-700 bg-green-50 p-4 text-lg font-semibold text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            This campaign has been fully funded, so it is closed to further gifts. Thank you to everyone who gave.
          </p>
          <LinkButton to="/campaigns" variant="secondary">
            See other campaigns
          </LinkButton>
        </div>
      ) : (
        <DonateForm campaign={data} />
      )}
    </Page>
  );
}
