import { Heart, PauseCircle } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { FundraiserReply } from '@contract/fundraisers';
import { formatNaira, percentOf } from '@contract/money';
import { parseCampaignId } from '@contract/campaign-ids';
import { errorMessage } from '@/lib/api';
import { usePageTitle } from '@/lib/page';
import { Island } from '@/islands/island';
import { ErrorMessage, InfoMessage, LoadingState } from '@/ui/feedback';
import { LinkButton } from '@/ui/link-button';
import { ProgressBar } from '@/ui/progress-bar';
import { ShareControl } from '@/ui/share-control';
import { textLink } from '@/ui/text-link';
import { useFundraiser } from '@/lib/campaign-fundraisers';

const count = new Intl.NumberFormat('en-NG');

const STATUS_NOTE: Partial<Record<FundraiserReply['status'], string>> = {
  pending: 'Only you and our team can see this page: it becomes public once our team has read it.',
  rejected: 'Our team did not approve this fundraiser, so only you and our team can see this page.',
};

function Fundraiser({ fundraiser }: { fundraiser: FundraiserReply }) {
  const campaign = parseCampaignId(fundraiser.campaignId);
  const note = STATUS_NOTE[fundraiser.status];
  return (
    <div className="mt-6 grid gap-10 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
        <p className="text-lg text-gray-800 dark:text-gray-200">
          A fundraiser by <span className="font-semibold">{fundraiser.ownerName}</span> for{' '}
          {fundraiser.campaignPath ? (
            <Link to={fundraiser.campaignPath} className={textLink}>
              {fundraiser.campaignTitle}
            </Link>
          ) : (
            fundraiser.campaignTitle
          )}
          .
        </p>
        {note ? <InfoMessage>{note}</InfoMessage> : null}
        {fundraiser.photo ? (
          <img
            src={fundraiser.photo.url}
            alt={fundraiser.photo.alt}
            className="aspect-4/3 w-full rounded-xl border border-gray-300 bg-orange-50 object-cover dark:border-gray-700 dark:bg-gray-800"
          />
        ) : null}
        {fundraiser.rejectionReason ? (
          <p className="text-lg">
            <span className="font-semibold">Our team&rsquo;s reason: </span>
            {fundraiser.rejectionReason}
          </p>
        ) : null}
        <section aria-labelledby="fundraiser-story-title">
          <h2 id="fundraiser-story-title" className="text-xl font-bold">
            In {fundraiser.ownerName}&rsquo;s words
          </h2>
          <p className="mt-2 text-lg leading-relaxed break-words whitespace-pre-line">{fundraiser.story}</p>
        </section>
      </div>
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-1 gap-4 rounded-xl border border-gray-300 p-4 min-[420px]:grid-cols-2 dark:border-gray-700 [&>div]:min-w-0 [&_dd]:wrap-anywhere">
          <div>
            <dt className="text-sm text-gray-700 dark:text-gray-300">Raised</dt>
            <dd className="text-2xl font-bold">{formatNaira(fundraiser.raisedKobo)}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700 dark:text-gray-300">Goal</dt>
            <dd className="text-2xl font-bold">{formatNaira(fundraiser.goalKobo)}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700 dark:text-gray-300">Gifts</dt>
            <dd className="text-lg font-semibold">{count.format(fundraiser.giftCount)}</dd>
          </div>
        </dl>
        <ProgressBar
          label="Progress toward the goal"
          value={percentOf(fundraiser.raisedKobo, fundraiser.goalKobo)}
          valueText={`${formatNaira(fundraiser.raisedKobo)} of ${formatNaira(fundraiser.goalKobo)}`}
        />
        {fundraiser.stoppedNotice ? (
          <p className="flex items-center gap-2 rounded-xl border-2 border-gray-700 bg-gray-50 p-4 text-lg font-semibold text-gray-900 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100">
            <PauseCircle aria-hidden="true" className="size-6 shrink-0" />
            {fundraiser.stoppedNotice}
          </p>
        ) : fundraiser.takesGifts ? (
          <div className="space-y-2">
            <LinkButton
              to={`/donate/${encodeURIComponent(fundraiser.campaignId)}?fundraiser=${encodeURIComponent(fundraiser.slug)}`}
              className="w-full text-lg"
            >
              <Heart aria-hidden="true" className="size-5" />
              Give through this fundraiser
            </LinkButton>
            <p className="text-gray-800 dark:text-gray-200">
              Your gift goes to the campaign, and counts toward {fundraiser.ownerName}&rsquo;s goal.
            </p>
          </div>
        ) : null}
        {fundraiser.isOwner ? (
          <LinkButton to="/donor/fundraisers" variant="secondary">
            Manage my fundraisers
          </LinkButton>
        ) : null}
        {fundraiser.status === 'approved' && campaign ? (
          <Suspense fallback={null}>
            <Island
              name="share"
              component={ShareControl}
              props={{
                subject: {
                  publicId: fundraiser.campaignId,
                  kind: campaign.kind,
                  productName: fundraiser.campaignTitle,
                  forWhom: fundraiser.campaignTitle,
                  fundraiser: { slug: fundraiser.slug, title: fundraiser.title },
                },
                takesGifts: fundraiser.takesGifts,
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** /fundraisers/{slug}: a supporter's fundraiser, drawn by the server as a light page once approved. */
export default function FundraiserPage() {
  const { slug = '' } = useParams();
  const { data, error, isPending } = useFundraiser(slug);
  const title = isPending ? 'Loading...' : data ? data.title : 'Fundraiser not found';
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{title}</h1>
      {isPending ? (
        <div className="mt-6">
          <LoadingState>Loading the fundraiser...</LoadingState>
        </div>
      ) : error || !data ? (
        <div className="mt-6 space-y-4">
          <ErrorMessage>{errorMessage(error, { noMessage: 'We could not find that fundraiser.' })}</ErrorMessage>
          <LinkButton to="/campaigns" variant="secondary">
            See all campaigns
          </LinkButton>
        </div>
      ) : (
        <Fundraiser fundraiser={data} />
      )}
    </div>
  );
}
