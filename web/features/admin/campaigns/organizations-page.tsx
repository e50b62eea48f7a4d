import { ArrowLeft } from 'lucide-react';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrganizationCampaign } from '@contract/admin';
import { oneOf, useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { LoadMoreButton, useLoadMore } from '@/ui/load-more';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';
import { loadedOf } from '../shared/admin-api';
import { FAILED, useOrganizationList } from './campaigns-api';
import { OrganizationCampaignCard } from './organization-campaigns';

type ListQuery = ReturnType<typeof useOrganizationList>;

/** One list of cards, the next page loaded below the last with focus moved to the first new card. */
function List({
  id,
  title,
  empty,
  query,
  run,
  showOrgLink,
}: {
  id: string;
  title: string;
  empty: string;
  query: ListQuery;
  run: Run;
  showOrgLink: boolean;
}) {
  const { items, total } = loadedOf<AdminOrganizationCampaign>(query.data);
  const list = useRef<HTMLUListElement>(null);
  const loadMore = useLoadMore({
    listRef: list,
    count: items.length,
    noun: 'campaigns',
    total,
    loadNext: () => void query.fetchNextPage(),
  });
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-4">
      <h2 id={id} className="text-2xl font-bold">
        {title} ({total})
      </h2>
      {items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <>
          <p role="status">{items.length < total ? `Showing ${items.length} of ${total} campaigns.` : ''}</p>
          <ul ref={list} className="space-y-4">
            {items.map((c) => (
              <li key={c.id} className="space-y-1">
                <OrganizationCampaignCard campaign={c} run={run} />
                {showOrgLink ? (
                  <Link to={`/admin/organizations/${c.organization.id}/campaigns`} className={blockLink}>
                    Every request of {c.organization.organization_name}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {query.hasNextPage ? (
        <LoadMoreButton
          loading={query.isFetchingNextPage}
          onLoad={loadMore}
          label={`Load more ${title.toLowerCase().replace(/ campaigns$/, '')} campaigns`}
        />
      ) : null}
    </section>
  );
}

const LISTS = ['', 'pending', 'active'] as const;
const LIST_WORDS: Record<(typeof LISTS)[number], string> = {
  '': 'Pending and approved',
  pending: 'Pending only',
  active: 'Approved only',
};

/**
 * Organization requests under review and live, for every organization (/admin/organizations) or
 * one (/admin/organizations/{orgId}/campaigns). The product's two screens are one flow here: the same
 * cards (product, organization, contact, quantity with total, reason, progress, View Donations),
 * approval asked in a dialog, and rejection with a required reason in a dialog.
 */
export default function AdminOrganizationsPage() {
  const { orgId } = useParams();
  const parsed = orgId === undefined ? undefined : Number(orgId);
  const organizationId = parsed !== undefined && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
  const badId = orgId !== undefined && organizationId === undefined;
  const shown = oneOf(useUrlFilters().read('list'), LISTS, '');
  const pending = useOrganizationList('pending', organizationId);
  const active = useOrganizationList('active', organizationId);
  const { run, view } = useActionFeedback();
  const one = organizationId !== undefined;
  const name = [...loadedOf(pending.data).items, ...loadedOf(active.data).items][0]?.organization.organization_name;
  const title = one ? 'Organization Campaigns Management' : 'Organization Campaign Management';

  let body;
  if (badId) body = <ErrorMessage>That organization address is not valid.</ErrorMessage>;
  else if ((pending.isError && !pending.data) || (active.isError && !active.data))
    body = (
      <div className="space-y-4">
        <ErrorMessage>{FAILED}</ErrorMessage>
        <Button variant="secondary" onClick={() => void Promise.all([pending.refetch(), active.refetch()])}>
          Try again
        </Button>
      </div>
    );
  else if (pending.isPending || active.isPending) body = <LoadingState>Loading campaigns...</LoadingState>;
  else
    body = (
      <>
        {view}
        <nav aria-label="Which organization campaigns" className="flex flex-wrap gap-x-6 gap-y-2">
          {LISTS.map((value) => (
            <Link
              key={value || 'both'}
              to={{ search: value ? `?list=${value}` : '' }}
              replace
              state={{ keepFocus: true }}
              aria-current={shown === value ? 'page' : undefined}
              className={`${blockLink} aria-[current=page]:font-bold aria-[current=page]:no-underline`}
            >
              {LIST_WORDS[value]}
            </Link>
          ))}
        </nav>
        <div className={`grid gap-8 ${shown ? '' : 'lg:grid-cols-2'}`}>
          {shown !== 'active' ? (
            <List
              id="org-pending"
              title={one ? 'Pending Campaigns' : 'Pending'}
              empty="The approval queue is empty."
              query={pending}
              run={run}
              showOrgLink={!one}
            />
          ) : null}
          {shown !== 'pending' ? (
            <List
              id="org-approved"
              title={one ? 'Active Campaigns' : 'Approved'}
              empty="No approved campaigns."
              query={active}
              run={run}
              showOrgLink={!one}
            />
          ) : null}
        </div>
      </>
    );
  return (
    <Page
      title={one && name ? `${name}: campaigns` : title}
      heading={title}
      wide
      intro={
        one ? (
          <>
            {name ? <p>Requests of {name}.</p> : null}
            <Link to="/admin/organizations" className={blockLink}>
              <ArrowLeft aria-hidden="true" className="mr-1 size-5" />
              Every organization's requests
            </Link>
          </>
        ) : (
          <p>Requests from organizations waiting for review, and those live for donors.</p>
        )
      }
    >
      {body}
    </Page>
  );
}
