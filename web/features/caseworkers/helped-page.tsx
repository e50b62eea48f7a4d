import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { CONSENT_METHOD_WORDS, type HelpedRecipient } from '@contract/caseworkers';
import { errorMessage } from '@/lib/api';
import { useArrivalSaid } from '@/lib/page';
import { LinkButton } from '@/ui/link-button';
import { ArrivalNote, EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { YourDataSection } from '@/ui/your-data-section';
import { cellClass, DataTable } from '@/ui/table';
import { fetchHelped, HELPED_KEY } from './api';

const REQUEST_WORDS: Record<string, string> = {
  pending: 'Waiting for review',
  approved: 'Raising funds',
  rejected: 'Not approved',
  purchased: 'Funded and bought',
  delivered: 'Delivered',
  paused: 'Paused',
  closed: 'Closed',
};

const requestWords = (r: HelpedRecipient) =>
  r.request ? `${r.request.product_name}: ${REQUEST_WORDS[r.request.status] ?? r.request.status}` : 'No request';

/** The caseworker's home: the people they helped apply, and the way to apply for someone new. */
export default function HelpedPage() {
  const sent = useArrivalSaid();
  const helped = useQuery({ queryKey: HELPED_KEY, queryFn: fetchHelped });
  return (
    <Page
      title="People you helped"
      intro={<p>Apply for someone who asked you to, and follow what happens to their request.</p>}
    >
      <div className="space-y-6">
        <ArrivalNote>{sent}</ArrivalNote>
        <LinkButton to="/caseworker/apply">
          <UserPlus aria-hidden="true" className="size-5" />
          Apply for someone
        </LinkButton>
        {helped.isPending ? <LoadingState>Loading the people you helped...</LoadingState> : null}
        {helped.isError ? (
          <ErrorMessage>{errorMessage(helped.error, { noMessage: 'The list could not be loaded.' })}</ErrorMessage>
        ) : null}
        {helped.data && helped.data.length === 0 ? (
          <EmptyState title="No applications yet">
            When you apply for someone, they appear here with their request.
          </EmptyState>
        ) : null}
        {helped.data && helped.data.length > 0 ? (
          <DataTable
            label="People you helped table"
            caption="People you applied for, newest first"
            columns={['Name', 'Phone', 'Request', 'Consent']}
          >
            {helped.data.map((r) => (
              <tr key={r.id} className="border-t border-gray-200 dark:border-gray-700">
                <th scope="row" className={`${cellClass} text-left font-semibold`}>
                  {r.name}
                </th>
                <td className={cellClass}>{r.phone ?? 'None'}</td>
                <td className={cellClass}>{requestWords(r)}</td>
                <td className={cellClass}>
                  {CONSENT_METHOD_WORDS[r.consent_method]}, {r.consent_given_on}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </div>
      <YourDataSection />
    </Page>
  );
}
