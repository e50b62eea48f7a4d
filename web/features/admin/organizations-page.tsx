import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { AdminOrganizationCampaign } from '@contract/admin';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { useActionFeedback, type Run } from './use-action-feedback';
import { useOrganizationList } from './api';
import { FAILED } from './dashboard-page';
import { OrganizationCampaignCard } from './organization-campaigns';

function List({
  id,
  title,
  empty,
  items,
  run,
  showOrgLink,
}: {
  id: string;
  title: string;
  empty: string;
  items: AdminOrganizationCampaign[];
  run: Run;
  showOrgLink: boolean;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-4">
      <h2 id={id} className="text-2xl font-bold">
        {title} ({items.length})
      </h2>
      {items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        items.map((c) => (
          <div key={c.id} className="space-y-1">
            <OrganizationCampaignCard campaign={c} run={run} />
            {showOrgLink ? (
              <Link to={`/admin/organizations/${c.organization.id}/campaigns`} className={blockLink}>
                Every request of {c.organization.organization_name}
              </Link>
            ) : null}
          </div>
        ))
      )}
    </section>
  );
}

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
  const pending = useOrganizationList('pending', organizationId);
  const active = useOrganizationList('active', organizationId);
  const { run, view } = useActionFeedback();
  const one = organizationId !== undefined;
  const name = (pending.data ?? []).concat(active.data ?? [])[0]?.organization.organization_name;
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
        <div className="grid gap-8 lg:grid-cols-2">
          <List
            id="org-pending"
            title={one ? 'Pending Campaigns' : 'Pending'}
            empty="The approval queue is empty."
            items={pending.data}
            run={run}
            showOrgLink={!one}
          />
          <List
            id="org-approved"
            title={one ? 'Active Campaigns' : 'Approved'}
            empty="No approved campaigns."
            items={active.data}
            run={run}
            showOrgLink={!one}
          />
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
