import { Link } from 'react-router';
import { formatNaira } from '@contract/money';
import { Facts } from '@/ui/facts';
import { Page } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { blockLink } from '@/ui/text-link';
import { useAttention } from './money-desk-api';
import { CaseActions, RefundButton } from './payment-actions';
import { CampaignNames, DeskTabs, DonorName, paymentPage, timeOf } from './payment-words';
import { useActionFeedback } from '../shared/use-action-feedback';

/**
 * /admin/payments/attention: the payments waiting for an admin's decision, oldest first, each with
 * its reason in words, the donor, the amounts and campaigns, and the decisions: accept, refund, or
 * resolved outside the platform. A decided case leaves the queue; the result is said and takes
 * focus when the buttons left with it.
 */
export default function AttentionPage() {
  const queue = useAttention();
  const { run, view } = useActionFeedback();
  return (
    <Page
      title="Payments needing attention"
      wide
      intro={
        <p>Payments that need a decision: accept the gift, refund it, or mark it resolved outside the platform.</p>
      }
    >
      <DeskTabs current="attention" />
      {view}
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {queue.data
          ? `${queue.data.length} ${queue.data.length === 1 ? 'payment needs' : 'payments need'} a decision.`
          : ''}
      </p>
      <QueryView
        query={queue}
        failed="Could not fetch the payments needing attention."
        empty="No payment needs attention."
      >
        {(items) => (
          <ol aria-label="Payments needing attention, oldest first" className="space-y-4">
            {items.map((item) => {
              const headingId = `attention-${item.id}`;
              const received = item.paidKobo ?? item.totalKobo;
              return (
                <li key={item.id}>
                  <article
                    aria-labelledby={headingId}
                    className="space-y-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
                  >
                    <h2 id={headingId} className="text-lg font-bold">
                      <Link to={paymentPage(item.reference)} className={blockLink}>
                        Payment {item.reference}
                      </Link>
                    </h2>
                    <p>{item.words}</p>
                    <Facts
                      facts={[
                        ['Donor', <DonorName key="d" name={item.donorName} email={item.donorEmail} />],
                        ['Asked', formatNaira(item.totalKobo)],
                        ['Paid, says the provider', item.paidKobo === null ? 'Not said' : formatNaira(item.paidKobo)],
                        ['Refunded', item.refundedKobo > 0 ? formatNaira(item.refundedKobo) : 'Nothing'],
                        ['Campaigns', <CampaignNames key="c" campaigns={item.campaigns} />],
                        ['Opened', timeOf(item.openedAt)],
                      ]}
                    />
                    {item.canAccept ? null : (
                      <p className="text-gray-800 dark:text-gray-200">
                        Its units are no longer free, so it cannot be accepted: refund it or resolve it outside the
                        platform.
                      </p>
                    )}
                    <div className="flex flex-wrap gap-2">
                      <CaseActions
                        reference={item.reference}
                        caseId={item.id}
                        reason={item.reason}
                        canAccept={item.canAccept}
                        run={run}
                      />
                      <RefundButton
                        reference={item.reference}
                        maxKobo={Math.max(0, received - item.refundedKobo)}
                        run={run}
                      />
                    </div>
                  </article>
                </li>
              );
            })}
          </ol>
        )}
      </QueryView>
    </Page>
  );
}
