import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatNaira } from '@contract/money';
import { ATTENTION_REASON_WORDS, RESOLUTION_WORDS, type PaymentDetail, type RefundStatus } from '@contract/money-desk';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { Facts } from '@/ui/facts';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { usePayment } from './money-desk-api';
import { CaseActions, RefundButton } from './payment-actions';
import { CampaignNames, DonorName, PaymentStatusBadge, refundableKobo, timeOf } from './payment-words';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';

const ITEM_WORDS: Record<PaymentDetail['items'][number]['status'], string> = {
  held: 'Held for this checkout',
  allocated: 'Placed on the campaign',
  released: 'Released',
  unallocated: 'Not placed',
};
const REFUND_WORDS: Record<RefundStatus, string> = {
  pending: 'Asked, waiting for the provider',
  processed: 'Processed',
  failed: 'Failed',
};
const SOURCE_WORDS: Record<PaymentDetail['events'][number]['source'], string> = {
  webhook: 'webhook event',
  verify: 'verification reply',
  refund: 'refund reply',
};

const row = 'border-t border-gray-200 align-top dark:border-gray-700';

function DeskSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 space-y-3">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function None({ children }: { children: ReactNode }) {
  return <p className="text-gray-800 dark:text-gray-200">{children}</p>;
}

/** JSON as received, in a region that scrolls by keyboard too. */
function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="mt-2 max-h-96 overflow-auto rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm whitespace-pre-wrap text-gray-900 focus-visible:outline-4 focus-visible:outline-blue-700 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:focus-visible:outline-orange-300"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** A disclosure showing one reply or event as received. */
function Expandable({ summary, value, label }: { summary: ReactNode; value: unknown; label: string }) {
  return (
    <details className="rounded-xl border border-gray-300 bg-white p-3 dark:border-gray-700 dark:bg-gray-900">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">{summary}</summary>
      <Json value={value} label={label} />
    </details>
  );
}

function Detail({ detail, run }: { detail: PaymentDetail; run: Run }) {
  const { payment: p } = detail;
  const open = detail.cases.filter((c) => c.resolvedAt === null);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PaymentStatusBadge status={p.status} />
        <RefundButton reference={p.reference} maxKobo={refundableKobo(p)} run={run} />
      </div>
      <Facts
        className="mt-4"
        facts={[
          ['Donor', <DonorName key="d" name={p.donorName} email={p.donorEmail} />],
          ['Campaigns', <CampaignNames key="c" campaigns={p.campaigns} />],
          [
            'Amount asked',
            p.feeKobo > 0
              ? `${formatNaira(p.totalKobo)}, with ${formatNaira(p.feeKobo)} fee the donor covered`
              : formatNaira(p.totalKobo),
          ],
          ['Refunded', p.refundedKobo > 0 ? formatNaira(p.refundedKobo) : 'Nothing'],
          ...(p.matchedKobo
            ? ([['Matched by sponsors', `${formatNaira(p.matchedKobo)}, apart from the amount asked`]] as [
                string,
                string,
              ][])
            : []),
          ['Channel', p.channel ? p.channel.replace(/_/g, ' ') : 'Not known'],
          ['Started', timeOf(p.createdAt)],
          ['Paid', timeOf(p.paidAt)],
          ['Waiting for a decision', p.attention ? ATTENTION_REASON_WORDS[p.attention] : 'No'],
        ]}
      />

      {/* "Needs attention" only while the payment is in that queue: its desk status says so by the queue's own
          rule (an open case, server/modules/money-desk/desk-sql.ts). Otherwise the cases are history. */}
      <DeskSection id="payment-cases" title={p.status === 'needs_attention' ? 'Needs attention' : 'Cases'}>
        {detail.cases.length === 0 ? (
          <None>No case was ever opened for this payment.</None>
        ) : (
          <ol aria-label="Cases, oldest first" className="space-y-3">
            {detail.cases.map((c) => (
              <li
                key={c.id}
                className="space-y-2 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
              >
                <h3 className="text-lg font-bold">
                  Case {c.id}: {c.resolvedAt ? 'resolved' : 'open'}
                </h3>
                <p>{c.words}</p>
                <Facts
                  facts={[
                    ['Opened', timeOf(c.openedAt)],
                    ...(c.resolvedAt
                      ? ([
                          ['Decision', c.resolution ? RESOLUTION_WORDS[c.resolution] : 'Resolved'],
                          ['Note', c.note ?? ''],
                          ['By', c.adminEmail ?? 'the system'],
                          ['Resolved', timeOf(c.resolvedAt)],
                        ] as [string, string][])
                      : []),
                  ]}
                />
                {c.resolvedAt === null ? (
                  <CaseActions reference={p.reference} caseId={c.id} reason={c.reason} run={run} />
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {open.length > 0 ? (
          <p className="text-gray-800 dark:text-gray-200">A refund closes every open case of this payment.</p>
        ) : null}
      </DeskSection>

      <DeskSection id="payment-items" title="Items">
        {detail.items.length === 0 ? (
          <None>No items.</None>
        ) : (
          <DataTable
            label="Items table"
            caption="The checkout's items"
            columns={['Campaign', 'Units', 'Amount', 'Status']}
          >
            {detail.items.map((item, index) => (
              <tr key={`${item.campaign.id}-${index}`} className={row}>
                <th scope="row" className={`${cellClass} font-normal`}>
                  {item.campaign.title} <span className="text-gray-700 dark:text-gray-300">#{item.campaign.id}</span>
                  {item.matchedBy ? (
                    <span className="block font-semibold">Matched by {item.matchedBy}, not paid by the donor</span>
                  ) : null}
                </th>
                <td className={`${cellClass} tabular-nums`}>{item.units}</td>
                <td className={`${cellClass} tabular-nums whitespace-nowrap`}>{formatNaira(item.amountKobo)}</td>
                <td className={cellClass}>{ITEM_WORDS[item.status]}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </DeskSection>

      <DeskSection id="payment-hold" title="Hold">
        <Facts
          facts={[
            ['Hold ends', detail.hold.expiresAt ? timeOf(detail.hold.expiresAt) : 'No hold'],
            [
              'Awaiting bank confirmation since',
              detail.hold.awaitingSince ? timeOf(detail.hold.awaitingSince) : 'Not awaiting',
            ],
          ]}
        />
      </DeskSection>

      <DeskSection id="payment-provider" title="Payment provider">
        {detail.provider ? (
          <>
            <Facts
              facts={[
                ['Provider', detail.provider.name],
                ['Status', detail.provider.status.replace(/_/g, ' ')],
                ['Amount', formatNaira(detail.provider.amountKobo)],
                ['Verified', timeOf(detail.provider.verifiedAt)],
              ]}
            />
            {detail.provider.response ? (
              <Expandable
                summary="The provider's last verification reply"
                value={detail.provider.response}
                label="The provider's last verification reply, as received"
              />
            ) : (
              <None>No verification reply kept.</None>
            )}
          </>
        ) : (
          <None>No payment was started with the provider.</None>
        )}
      </DeskSection>

      <DeskSection id="payment-refunds" title="Refunds">
        {detail.refunds.length === 0 ? (
          <None>Nothing was refunded.</None>
        ) : (
          <DataTable
            label="Refunds table"
            caption="Refunds, oldest first"
            columns={['Amount', 'Status', 'Note', 'By', 'Units freed', 'Provider refund', 'Asked', 'Processed']}
            minWidth="min-w-5xl"
          >
            {detail.refunds.map((r) => (
              <tr key={r.id} className={row}>
                <th scope="row" className={`${cellClass} font-normal tabular-nums whitespace-nowrap`}>
                  {formatNaira(r.amountKobo)}
                </th>
                <td className={cellClass}>{REFUND_WORDS[r.status]}</td>
                <td className={`${cellClass} min-w-48`}>{r.note}</td>
                <td className={`${cellClass} wrap-anywhere`}>{r.adminEmail ?? 'Reported by the provider'}</td>
                <td className={cellClass}>{r.unitsReleased ? 'Yes' : 'No'}</td>
                <td className={`${cellClass} wrap-anywhere`}>{r.providerRefundId ?? 'Not yet'}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{timeOf(r.createdAt)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{timeOf(r.processedAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </DeskSection>

      <DeskSection id="payment-events" title="Provider events and replies">
        {detail.events.length === 0 ? (
          <None>No webhook event or provider reply was kept for this payment.</None>
        ) : (
          <ol aria-label="Events, oldest first" className="space-y-2">
            {detail.events.map((e) => (
              <li key={e.id}>
                <Expandable
                  summary={
                    <>
                      <span>{e.event}</span>
                      <span className="font-normal text-gray-700 dark:text-gray-300">
                        {SOURCE_WORDS[e.source]}, {timeOf(e.receivedAt)}
                      </span>
                    </>
                  }
                  value={e.payload}
                  label={`${e.event} ${SOURCE_WORDS[e.source]}, as received`}
                />
              </li>
            ))}
          </ol>
        )}
      </DeskSection>

      <DeskSection id="payment-notices" title="Receipts and notices sent">
        {detail.notices.length === 0 ? (
          <None>No receipt or notice was sent about this payment.</None>
        ) : (
          <DataTable
            label="Notices table"
            caption="Receipts and notices"
            columns={['What', 'To', 'Subject', 'When', 'State']}
          >
            {detail.notices.map((n, index) => (
              <tr key={index} className={row}>
                <th scope="row" className={`${cellClass} font-normal`}>
                  {n.kind}
                </th>
                <td className={`${cellClass} wrap-anywhere`}>{n.to}</td>
                <td className={cellClass}>{n.subject}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{timeOf(n.at)}</td>
                <td className={cellClass}>{n.state}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </DeskSection>

      <DeskSection id="payment-audit" title="Audit trail">
        {detail.audit.length === 0 ? (
          <None>No admin has acted on this payment.</None>
        ) : (
          <DataTable label="Audit trail table" caption="Audit trail" columns={['When', 'Admin', 'Action', 'Detail']}>
            {detail.audit.map((a, index) => (
              <tr key={index} className={row}>
                <th scope="row" className={`${cellClass} font-normal whitespace-nowrap`}>
                  {timeOf(a.at)}
                </th>
                <td className={`${cellClass} wrap-anywhere`}>{a.adminEmail ?? 'the system'}</td>
                <td className={cellClass}>{a.action}</td>
                <td className={`${cellClass} min-w-48`}>{a.detail}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </DeskSection>
    </>
  );
}

/** /admin/payments/:reference: everything known about one payment, with its refund and decisions. */
export default function PaymentDetailPage() {
  const reference = useParams().reference ?? '';
  const payment = usePayment(reference);
  const { run, view } = useActionFeedback();
  let body: ReactNode;
  if (payment.isPending) body = <LoadingState>Loading...</LoadingState>;
  else if (payment.isError)
    body = (
      <div className="space-y-4">
        <ErrorMessage>{errorMessage(payment.error, { noMessage: 'Could not fetch the payment.' })}</ErrorMessage>
        <Button variant="secondary" onClick={() => void payment.refetch()}>
          Try again
        </Button>
      </div>
    );
  else body = <Detail detail={payment.data} run={run} />;
  return (
    <Page title={`Payment ${reference}`} wide>
      <p className="-mt-4 mb-4">
        <Link to="/admin/payments" className={blockLink}>
          Back to every payment
        </Link>
      </p>
      {view}
      {body}
    </Page>
  );
}
