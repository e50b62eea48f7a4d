import { useQuery } from '@tanstack/react-query';
import { DELIVERY_WORDS } from '@contract/recipient-status-words';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import { formatNaira, percentOf } from '@contract/money';
import { campaignQuery } from '@/lib/campaigns';
import { useArrivalSaid } from '@/lib/page';
import { useMayAct } from '@/lib/organization-acts';
import { freshUserQuery } from '@/lib/session';
import { ArrivalNote } from '@/ui/feedback';
import { PARTNERSHIPS_EMAIL } from '@/lib/site';
import { Facts } from '@/ui/facts';
import { Page } from '@/ui/page';
import { ProgressBar } from '@/ui/progress-bar';
import { QueryView } from '@/ui/query-view';
import { RequestStatusCard, statusWords } from '@/ui/request-status';
import { shareSubjectOf } from '@/lib/share-links';
import { ShareControl } from '@/ui/share-control';
import { SupportMessages } from '@/ui/support-messages';
import { blockLink } from '@/ui/text-link';
import { VideoModal } from '@/ui/video-modal';
import { useMyRequests, type MyRequest } from './api';
import { areaPath, type RequesterKind } from './area';
import { KINDS } from './kinds';
import { BookCollection } from './book-collection';
import { PostUpdate } from './post-update';

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long' });
const count = new Intl.NumberFormat('en-NG');

type Bar = { label: string; value: number; valueText: string };

/** What a request's card says beyond its status, for each kind: one device, or several units. */
const CARD: Record<
  RequesterKind,
  {
    headingId: (id: number) => string;
    facts: (r: MyRequest, live: boolean) => [string, ReactNode][];
    progress: (r: MyRequest) => Bar[];
    publicLink: string;
  }
> = {
  recipient: {
    headingId: (id) => `campaign-${id}`,
    facts: (r) => {
      const facts: [string, ReactNode][] = [
        ['Your reason', r.reason],
        [
          'Requested on',
          <time key="date" dateTime={r.createdAt}>
            {dateFormat.format(new Date(r.createdAt))}
          </time>,
        ],
      ];
      if (r.deliveryStatus && r.status !== 'approved' && r.status !== 'pending')
        facts.push(['Delivery', DELIVERY_WORDS[r.deliveryStatus] ?? r.deliveryStatus]);
      facts.push(['Raised', `${formatNaira(r.raised)} of ${formatNaira(r.goal)}`]);
      return facts;
    },
    progress: (r) => {
      const percent = percentOf(r.raised, r.goal);
      return [{ label: 'Funding progress', value: percent, valueText: `${percent}% funded` }];
    },
    publicLink: 'View your public campaign page',
  },
  organization: {
    headingId: (id) => `org-campaign-${id}`,
    facts: (r, live) => {
      const u = r.units!;
      const facts: [string, ReactNode][] = [
        [
          'Units requested',
          `${count.format(u.quantity)} at ${formatNaira(u.unitPrice)} each, ${formatNaira(r.goal)} in total`,
        ],
      ];
      if (live) facts.push(['Units remaining', count.format(u.remaining)]);
      facts.push(['Reason', r.reason]);
      return facts;
    },
    progress: (r) => {
      const u = r.units!;
      const funded = percentOf(r.raised, r.goal);
      const unitsDone = percentOf(u.fulfilled, u.quantity);
      return [
        {
          label: 'Funding',
          value: funded,
          valueText: `${funded}%: ${formatNaira(r.raised)} of ${formatNaira(r.goal)}`,
        },
        {
          label: 'Units funded',
          value: unitsDone,
          valueText: `${unitsDone}%: ${count.format(u.fulfilled)} of ${count.format(u.quantity)} units`,
        },
      ];
    },
    publicLink: 'View the public campaign page',
  },
};

/**
 * The share control for the owner's public campaign, saying what its public page says: the name the
 * owner chose to show and whether it takes gifts now (the QR code and poster exist only then).
 */
function OwnCampaignShare({ publicId }: { publicId: string }) {
  const { data: campaign } = useQuery(campaignQuery(publicId));
  if (!campaign) return null;
  return <ShareControl headingLevel={3} subject={shareSubjectOf(campaign)} takesGifts={campaign.takes_gifts} />;
}

function RequestCard({ kind, request }: { kind: RequesterKind; request: MyRequest }) {
  const card = CARD[kind];
  // A member whose role changes nothing reads the card without its forms (docs/decisions/0075).
  const manages = useMayAct('manageCampaigns');
  const live = KINDS[kind].status.withProgress.includes(request.status);
  const video = request.videoUrl?.trim();
  return (
    <RequestStatusCard
      headingId={card.headingId(request.id)}
      productName={request.productName}
      imageUrl={request.imageUrl}
      image={request.image}
      status={statusWords(KINDS[kind].status.statuses, request.status)}
      // The owner reads why a request was rejected, or why a campaign was paused or closed early.
      rejectedNotes={request.status === 'rejected' || stoppedWordsOf(request.status) ? request.adminNotes : null}
    >
      {/* Only an organization's campaign is ever 'fulfilled'; a recipient's funded status says the next step itself. */}
      {request.status === 'fulfilled' ? (
        <p className="text-lg">
          To arrange collection, contact our partnerships team at{' '}
          <a href={`mailto:${PARTNERSHIPS_EMAIL}`} className={blockLink}>
            {PARTNERSHIPS_EMAIL}
          </a>
          .
        </p>
      ) : null}
      <Facts facts={card.facts(request, live)} />
      {request.publicId && request.status === KINDS[kind].status.readyForPickup ? (
        <BookCollection campaignId={request.publicId} canBook={manages} />
      ) : null}
      {live ? (
        <div className="space-y-3">
          {card.progress(request).map((bar) => (
            <ProgressBar key={bar.label} {...bar} />
          ))}
        </div>
      ) : null}
      {request.publicId || video ? (
        <div className="flex flex-wrap items-center gap-4">
          {request.publicId ? (
            <Link to={`/campaigns/${encodeURIComponent(request.publicId)}`} className={blockLink}>
              {card.publicLink}
            </Link>
          ) : null}
          {video ? <VideoModal url={video} /> : null}
        </div>
      ) : null}
      {request.publicId ? <OwnCampaignShare publicId={request.publicId} /> : null}
      {request.publicId && manages ? <PostUpdate kind={kind} campaignId={request.publicId} /> : null}
      {request.publicId ? <SupportMessages campaignId={request.publicId} headingLevel={3} /> : null}
    </RequestStatusCard>
  );
}

export default function StatusPage({ kind }: { kind: RequesterKind }) {
  const words = KINDS[kind].status;
  const requests = useMyRequests(kind);
  const me = useQuery(freshUserQuery);
  const message = useArrivalSaid();
  const toCatalog = (
    <Link to={areaPath(kind, 'catalog')} className={blockLink}>
      {words.toCatalog}
    </Link>
  );
  return (
    <Page title="Campaign Status" intro={<ArrivalNote>{message}</ArrivalNote>}>
      <QueryView query={requests} failed={words.failed} empty={words.empty} emptyAction={toCatalog}>
        {(list) => (
          <div className="space-y-6">
            {me.data?.canCreateCampaign ? <p className="text-lg">You may make a new request. {toCatalog}</p> : null}
            <ul aria-label={words.listLabel} className="space-y-6">
              {list.map((request) => (
                <RequestCard key={request.id} kind={kind} request={request} />
              ))}
            </ul>
          </div>
        )}
      </QueryView>
    </Page>
  );
}
