import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '@contract/admin';
import { useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { Facts } from '@/ui/facts';
import { FilterBar } from '@/ui/filter-bar';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { blockLink } from '@/ui/text-link';
import { useAudit } from './audit-api';

const WHAT: Record<string, string> = {
  'campaign.approve': 'Approved',
  'campaign.reject': 'Rejected',
  'campaign.backToPending': 'Moved back to pending',
  'campaign.pause': 'Paused',
  'campaign.resume': 'Resumed',
  'campaign.close': 'Closed early',
  'campaign.mark_ready_for_pickup': 'Marked ready for pickup',
  'campaign.feature': 'Featured',
  'campaign.unfeature': 'Unfeatured',
  'campaign.edit_reason': 'Edited the reason',
  'campaign.mark_delivered': 'Marked delivered',
  'campaign.add_video': 'Added the thank-you video',
  'onboarding.verify': 'Verified an onboarding',
  'onboarding.request_correction': 'Asked for an onboarding correction',
};
const when = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const CAMPAIGN_ID = /^(org-)?[1-9][0-9]{0,9}$/;

const FIELDS: Record<string, string> = {
  is_featured: 'Featured',
  reason: 'Reason',
  appreciation_video_url: 'Video address',
  delivery_status: 'Delivery',
};
const text = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? 'nothing'
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/** Before and after in words: a status move, the notes, and any fields changed. */
function changeFacts(details: AuditEntry['details']): [string, ReactNode][] {
  if (!details) return [];
  const facts: [string, ReactNode][] = [];
  if ('from' in details || 'to' in details)
    facts.push(['Status', `${text(details.from).replace(/_/g, ' ')} to ${text(details.to).replace(/_/g, ' ')}`]);
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const name = FIELDS[key] ?? key.replace(/_/g, ' ');
    facts.push([`${name} before`, text(before[key])]);
    facts.push([`${name} after`, text(after[key])]);
  }
  if (typeof details.notes === 'string' && details.notes) facts.push(['Notes', details.notes]);
  return facts;
}

const campaignRef = (entry: AuditEntry) =>
  entry.entity_id && entry.entity_type === 'organization_campaign'
    ? `org-${entry.entity_id}`
    : entry.entity_type === 'recipient_campaign'
      ? entry.entity_id
      : null;

/**
 * The audit log (newest first): who changed what and when, before and after, and the notes.
 * Narrowed to one campaign (12, or org-12) or one admin; both live in the address.
 */
export default function AdminAuditPage() {
  const filters = useUrlFilters();
  const campaignParam = filters.read('campaign');
  const campaign = CAMPAIGN_ID.test(campaignParam) ? campaignParam : '';
  const adminParam = filters.read('adminId');
  const adminId = /^[1-9][0-9]{0,9}$/.test(adminParam) ? adminParam : '';
  const audit = useAudit(campaign, adminId);
  const entries = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const listRef = useRef<HTMLOListElement>(null);
  const adminName = entries.find((e) => String(e.admin?.id) === adminId)?.admin?.name;

  return (
    <Page
      title="Audit Log"
      wide
      intro={<p>Every change an admin made to a campaign: who, what, when, before and after, and the notes.</p>}
    >
      <FilterBar
        label="Filter the audit log"
        search={{
          label: 'Campaign',
          value: campaign,
          hint: '12, or org-12 for an organization campaign. Leave empty for every campaign.',
          maxLength: 20,
          onSearch: (text) => {
            const value = text.toLowerCase();
            if (value && !CAMPAIGN_ID.test(value))
              return 'Enter a campaign id such as 12, or org-12 for an organization campaign.';
            filters.update({ campaign: value });
          },
        }}
        submitLabel="Show"
        onClear={campaign || adminId ? () => filters.update({ campaign: '', adminId: '' }) : undefined}
      >
        {adminId ? (
          <p className="flex flex-wrap items-center gap-3">
            Showing changes by {adminName ?? `admin #${adminId}`}.
            <Button variant="secondary" onClick={() => filters.update({ adminId: '' })}>
              Show every admin
            </Button>
          </p>
        ) : null}
      </FilterBar>
      <PagedList
        query={audit}
        failed="Could not fetch the audit log."
        empty="No changes recorded yet."
        isEmpty={entries.length === 0}
        paging={{
          kind: 'more',
          listRef,
          count: entries.length,
          total: audit.data?.pages[0]?.total ?? 0,
          noun: 'entries',
          one: 'entry',
          hasMore: audit.hasNextPage,
          loading: audit.isFetchingNextPage,
          onMore: () => void audit.fetchNextPage(),
        }}
      >
        <ol ref={listRef} aria-label="Changes, newest first" className="space-y-3">
          {entries.map((entry) => {
            const ref = campaignRef(entry);
            return (
              <li
                key={entry.id}
                className="rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
              >
                <p className="text-lg">
                  <strong>{WHAT[entry.action] ?? entry.action}</strong>
                  {ref ? (
                    <>
                      {' '}
                      <Link to={`/admin/audit?campaign=${ref}`} className={blockLink}>
                        campaign {ref.startsWith('org-') ? `#${ref.slice(4)} (organization)` : `#${ref}`}
                      </Link>
                    </>
                  ) : null}
                </p>
                <p className="text-gray-800 dark:text-gray-200">
                  <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time> by{' '}
                  {entry.admin ? (
                    <Link to={`/admin/audit?adminId=${entry.admin.id}`} className={blockLink}>
                      {entry.admin.name || entry.admin.email}
                    </Link>
                  ) : (
                    'the system'
                  )}
                </p>
                <Facts facts={changeFacts(entry.details)} className="mt-2" />
              </li>
            );
          })}
        </ol>
      </PagedList>
    </Page>
  );
}
