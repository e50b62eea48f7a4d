import { AlertTriangle, CheckCircle2, Clock, Undo2, XCircle } from 'lucide-react';
import { DESK_STATUS_LABELS, type DeskStatus, type PaymentRow } from '@contract/money-desk';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { StatusTabs } from '@/ui/status-tabs';

const TONE: Record<DeskStatus, { tone: Tone; icon?: typeof Clock }> = {
  held: { tone: 'info', icon: Clock },
  paid: { tone: 'success', icon: CheckCircle2 },
  needs_attention: { tone: 'warning', icon: AlertTriangle },
  refunded: { tone: 'neutral', icon: Undo2 },
  lapsed: { tone: 'neutral' },
  failed: { tone: 'danger', icon: XCircle },
};

export function PaymentStatusBadge({ status }: { status: DeskStatus }) {
  const { tone, icon } = TONE[status];
  return (
    <StatusBadge tone={tone} icon={icon}>
      {DESK_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** A payment's page in the admin area. */
export const paymentPage = (reference: string) => `/admin/payments/${encodeURIComponent(reference)}`;

/** Date and time in Lagos, as the exports give them. */
export const deskTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});
export const timeOf = (iso: string | null) => (iso ? deskTime.format(new Date(iso)) : 'Not yet');

/** A payment's campaigns: their titles and ids, one a line. */
export function CampaignNames({ campaigns }: { campaigns: PaymentRow['campaigns'] }) {
  if (campaigns.length === 0) return <span>None</span>;
  return (
    <ul className="space-y-1">
      {campaigns.map((c) => (
        <li key={c.id}>
          {c.title} <span className="text-gray-700 dark:text-gray-300">#{c.id}</span>
        </li>
      ))}
    </ul>
  );
}

/** The donor as the desk shows them: the name given at checkout, then the address. */
export function DonorName({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block">{name.trim() || 'No name given'}</span>
      <span className="block wrap-anywhere text-gray-700 dark:text-gray-300">{email}</span>
    </>
  );
}

/** Statuses whose money reached us, so part of it may go back. The server decides; this only offers the button. */
const REFUNDABLE: readonly DeskStatus[] = ['paid', 'refunded', 'needs_attention'];

/** What may still be refunded, as far as the list knows: the amount asked, less refunds not failed. */
export const refundableKobo = (row: PaymentRow) =>
  REFUNDABLE.includes(row.status) ? Math.max(0, row.totalKobo - row.refundedKobo) : 0;

const DESK_VIEWS = ['all', 'attention'] as const;
const DESK_VIEW_WORDS = { all: 'All payments', attention: 'Needs attention' } as const;

/** The desk's two views, each a page of its own: every payment, and the queue waiting for a decision. */
export function DeskTabs({ current }: { current: (typeof DESK_VIEWS)[number] }) {
  return (
    <StatusTabs
      label="Payments views"
      path="/admin/payments"
      statuses={DESK_VIEWS}
      words={DESK_VIEW_WORDS}
      current={current}
      hrefOf={(view) => (view === 'all' ? '/admin/payments' : '/admin/payments/attention')}
    />
  );
}
