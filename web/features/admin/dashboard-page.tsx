import { Link } from 'react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { AdminRecipientCampaign } from '@contract/admin';
import { Button } from '@/ui/button';
import { ErrorMessage, EmptyState, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { YourDataSection } from '@/ui/your-data-section';
import { tabClass, tabListClass } from '@/ui/tabs';
import { blockLink } from '@/ui/text-link';
import { FAILED, useOrganizationList, useRecipientList, type RecipientList } from './campaigns/campaigns-api';
import { OrganizationCampaignCard } from './campaigns/organization-campaigns';
import { RecipientCampaignCard } from './campaigns/recipient-campaign-card';
import { SupportMessagesWaiting } from './content/support-messages-waiting';
import { FundraisersWaiting } from './content/fundraisers-waiting';
import { DeskWaiting } from './money-desk/desk-waiting';
import { GiftSourcesSection } from './money-desk/gift-sources-table';
import { loadedOf } from './shared/admin-api';
import { useActionFeedback, type Run } from './shared/use-action-feedback';

const COLUMNS: { list: RecipientList; title: string; empty: string }[] = [
  { list: 'pending', title: 'Pending', empty: 'The approval queue is empty.' },
  { list: 'approved', title: 'Approved', empty: 'No approved campaigns waiting to be featured.' },
  { list: 'featured', title: 'Featured', empty: 'No campaigns are currently featured.' },
];

function useDashboardLists() {
  const pending = useRecipientList('pending');
  const approved = useRecipientList('approved');
  const featured = useRecipientList('featured');
  const orgPending = useOrganizationList('pending');
  const orgActive = useOrganizationList('active');
  const all = [pending, approved, featured, orgPending, orgActive];
  return {
    recipient: { pending, approved, featured },
    orgPending,
    orgActive,
    isPending: all.some((q) => q.isPending),
    // A failed refresh keeps what was shown; only a list never loaded replaces the page.
    isError: all.some((q) => q.isError && q.data === undefined),
    retry: () => all.forEach((q) => void (q.isError && q.refetch())),
  };
}

/** The way from a column to the whole list it starts, filtered the same way; says how many it shows of how many. */
function MoreLink({ shown, total, to, what }: { shown: number; total: number; to: string; what: string }) {
  if (total === 0) return null;
  return (
    <p>
      {shown < total ? `Showing ${shown} of ${total}. ` : null}
      <Link to={to} className={blockLink}>
        See all {total} {what}
      </Link>
    </p>
  );
}

function Column({
  list,
  title,
  empty,
  items,
  total,
  run,
}: {
  list: RecipientList;
  title: string;
  empty: string;
  items: AdminRecipientCampaign[];
  total: number;
  run: Run;
}) {
  const id = `column-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3">
      <h3 id={id} className="text-xl font-bold">
        {title} ({total})
      </h3>
      {items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        items.map((c) => <RecipientCampaignCard key={c.id} campaign={c} run={run} />)
      )}
      <MoreLink
        shown={items.length}
        total={total}
        to={`/admin/campaigns?status=${list}`}
        what={`${title.toLowerCase()} campaigns`}
      />
    </section>
  );
}

/**
 * The admin dashboard (product notes 2): two tabs, recipient campaigns in Pending, Approved and Featured columns,
 * organization campaigns Pending and Active. If any list fails, 'Failed to fetch admin data.'
 * replaces the page, with Try again.
 */
export default function AdminDashboardPage() {
  const lists = useDashboardLists();
  const { run, view } = useActionFeedback();
  let body;
  if (lists.isError) {
    body = (
      <div className="space-y-4">
        <ErrorMessage>{FAILED}</ErrorMessage>
        <Button variant="secondary" onClick={lists.retry}>
          Try again
        </Button>
      </div>
    );
  } else if (lists.isPending) {
    body = <LoadingState>Loading...</LoadingState>;
  } else {
    // Each column shows its first page; its heading counts the whole list, as the server counts it.
    const data = {
      pending: loadedOf(lists.recipient.pending.data),
      approved: loadedOf(lists.recipient.approved.data),
      featured: loadedOf(lists.recipient.featured.data),
    };
    const orgPending = loadedOf(lists.orgPending.data);
    const orgActive = loadedOf(lists.orgActive.data);
    body = (
      <>
        {view}
        <Tabs>
          <TabList aria-label="Campaign kinds" className={tabListClass}>
            <Tab id="recipient" className={tabClass}>
              Recipient Campaigns
            </Tab>
            <Tab id="organization" className={tabClass}>
              Organization Campaigns
            </Tab>
          </TabList>
          <TabPanel id="recipient" className="pt-6 outline-none">
            <h2 className="sr-only">Recipient Campaigns</h2>
            <div className="grid gap-6 lg:grid-cols-3">
              {COLUMNS.map((c) => (
                <Column
                  key={c.list}
                  list={c.list}
                  title={c.title}
                  empty={c.empty}
                  items={data[c.list].items}
                  total={data[c.list].total}
                  run={run}
                />
              ))}
            </div>
          </TabPanel>
          <TabPanel id="organization" className="pt-6 outline-none">
            <h2 className="sr-only">Organization Campaigns</h2>
            <div className="grid gap-6 lg:grid-cols-2">
              {(
                [
                  [
                    'org-pending',
                    'Pending Organization Campaigns',
                    orgPending.items,
                    'The approval queue is empty.',
                    orgPending.total,
                    'pending',
                  ],
                  [
                    'org-active',
                    'Active Organization Campaigns',
                    orgActive.items,
                    'No approved campaigns.',
                    orgActive.total,
                    'active',
                  ],
                ] as const
              ).map(([id, title, items, empty, total, list]) => (
                <section key={id} aria-labelledby={id} className="min-w-0 space-y-3">
                  <h3 id={id} className="text-xl font-bold">
                    {title} ({total})
                  </h3>
                  {items.length === 0 ? (
                    <EmptyState title={empty} />
                  ) : (
                    items.map((c) => <OrganizationCampaignCard key={c.id} campaign={c} run={run} headingLevel={4} />)
                  )}
                  <MoreLink
                    shown={items.length}
                    total={total}
                    to={`/admin/organizations?list=${list}`}
                    what={`${list} organization campaigns`}
                  />
                </section>
              ))}
            </div>
          </TabPanel>
        </Tabs>
      </>
    );
  }
  return (
    <Page title="Admin Dashboard" wide>
      <SupportMessagesWaiting />
      <FundraisersWaiting />
      <DeskWaiting />
      {body}
      <GiftSourcesSection />
      <YourDataSection />
    </Page>
  );
}
