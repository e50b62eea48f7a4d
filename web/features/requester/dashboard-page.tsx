import { useQuery } from '@tanstack/react-query';
import { Activity, FileUser, PackageCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useArrivalSaid } from '@/lib/page';
import { useRequestCards } from '@/lib/requests';
import { useMayAct } from '@/lib/organization-acts';
import { freshUserQuery, useSession } from '@/lib/session';
import { DashboardCard, DashboardCards, FigureTiles } from '@/ui/dashboard';
import { ArrivalNote, ErrorMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { useMyRequests, useOverview, useOwnReview } from './api';
import { areaPath, type RequesterKind } from './area';
import { areaPages, KINDS, MEMBER_WORDS, type AreaPage } from './kinds';

const count = new Intl.NumberFormat('en-NG');

/** The organization's figures from the server (decision 0014). */
function Overview() {
  const overview = useOverview();
  if (overview.isError)
    return <ErrorMessage>Could not load your organization&rsquo;s figures. Please reload the page.</ErrorMessage>;
  // Until the figures arrive each tile says so, rather than show a 0 that is not true.
  const value = (n: number | undefined) =>
    n === undefined ? <span className="text-lg font-medium">Loading...</span> : count.format(n);
  return (
    <FigureTiles
      title="Overview"
      figures={[
        { label: 'Active Campaigns', value: value(overview.data?.activeCampaigns), icon: Activity },
        { label: 'Devices Received', value: value(overview.data?.devicesReceived), icon: PackageCheck },
        { label: 'Team Members', value: value(overview.data?.teamMembers), icon: Users },
      ]}
    />
  );
}

/** Where the profile's review stands, in words, with the way to correct it when asked. */
function Verification() {
  const review = useOwnReview(true);
  const corrects = useMayAct('manageProfile');
  if (!review.data) return null;
  const { status, review_note: note } = review.data;
  return (
    <section
      aria-labelledby="verification-heading"
      className="rounded-xl border-2 border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="verification-heading" className="text-xl font-bold">
        Profile review
      </h2>
      {status === 'correction_requested' ? (
        <>
          <p className="mt-2 text-lg">We asked you to correct your profile: {note}</p>
          {corrects ? (
            <Link to="/onboarding/edit" className={blockLink}>
              Edit and resubmit
            </Link>
          ) : (
            <p className="mt-2 text-lg">{MEMBER_WORDS.ownerCorrects}</p>
          )}
        </>
      ) : (
        <p className="mt-2 text-lg">
          {status === 'verified' ? 'Your profile is verified.' : 'Your profile is waiting for review.'}
        </p>
      )}
    </section>
  );
}

export default function DashboardPage({ kind }: { kind: RequesterKind }) {
  const { requestFlag, dashboard } = KINDS[kind];
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const requests = useMyRequests(kind);
  const cards = useRequestCards(
    requestFlag,
    me.data?.canCreateCampaign,
    requests.data ? requests.data.length > 0 : undefined,
  );
  const message = useArrivalSaid();
  const user = me.data ?? session.user;
  const onboarded = user?.isOnboardingComplete ?? true;
  const welcome = user ? dashboard.welcome(user) : null;
  // A member whose role does not complete the profile is told who does (docs/decisions/0075).
  const completes = useMayAct('manageProfile');
  // The request cards follow the server's answer (decision 0014); the others are always there.
  const shown = (page: AreaPage) =>
    page.page === 'catalog' ? onboarded && cards.start : page.page === 'status' ? onboarded && cards.status : true;
  return (
    <Page title={dashboard.title} intro={<ArrivalNote>{message}</ArrivalNote>}>
      <div className="space-y-10">
        {welcome ? <p className="text-lg">{welcome}</p> : null}
        {!onboarded && !completes ? <p className="text-lg">{MEMBER_WORDS.ownerCompletesProfile}</p> : null}
        {onboarded && user?.isOnboardingComplete ? <Verification /> : null}
        {dashboard.overview ? <Overview /> : null}
        <DashboardCards label={dashboard.cardsLabel}>
          {!onboarded && completes ? (
            <DashboardCard to="/onboarding" title="Complete Your Profile" icon={FileUser}>
              {dashboard.completeProfile}
            </DashboardCard>
          ) : null}
          {areaPages(kind, user).map((page) =>
            page.card && shown(page) ? (
              <DashboardCard key={page.page} to={areaPath(kind, page.page)} title={page.card.title} icon={page.icon}>
                {page.card.text}
              </DashboardCard>
            ) : null,
          )}
        </DashboardCards>
      </div>
    </Page>
  );
}
