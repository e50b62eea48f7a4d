import { CheckCircle2, PackageCheck, PauseCircle, PlayCircle, StopCircle, Truck, Undo2, XCircle } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { REASON_REQUIRED, type AdminOrganizationCampaign, type OrganizationAction } from '@contract/admin';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Verb } from '../shared/action-verb';
import type { AdminCall } from '../shared/admin-api';
import { ReasonDialog } from './reason-dialog';
import { RecordDelivery } from './record-delivery-dialog';
import { REJECT_FAILED, RejectDialog } from './reject-dialog';
import type { Run } from '../shared/use-action-feedback';

type Icon = ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
type Move = {
  button: string;
  icon: Icon;
  variant?: 'primary' | 'secondary' | 'danger';
  title: string;
  confirmLabel: string;
  busyLabel: string;
  failed: string;
  call: (id: number, adminNotes?: string) => AdminCall;
  /** What happens, in one sentence after the campaign is named. */
  says: string;
  /** A reason is required (the owner is told it): the sentence asking for one, and the field's label. */
  reason?: { required: string; label: string };
};

const status = (s: Extract<AdminCall, { kind: 'org-status' }>['status']) => (id: number, adminNotes?: string) =>
  ({ kind: 'org-status', id, status: s, adminNotes }) as AdminCall;
const delivery = (d: Extract<AdminCall, { kind: 'org-delivery' }>['deliveryStatus']) => (id: number) =>
  ({ kind: 'org-delivery', id, deliveryStatus: d }) as AdminCall;

/** Every move an organization campaign may make besides reject, in the order the server lists actions. */
const MOVES: Partial<Record<OrganizationAction, Move>> = {
  approve: {
    button: 'Approve',
    icon: CheckCircle2,
    title: 'Approve campaign',
    confirmLabel: 'Approve',
    busyLabel: 'Approving...',
    failed: 'Failed to approve the campaign.',
    call: status('approved'),
    says: 'goes live for donors, and the organization is told.',
  },
  pause: {
    button: 'Pause',
    icon: PauseCircle,
    variant: 'secondary',
    title: 'Pause campaign',
    confirmLabel: 'Pause Campaign',
    busyLabel: 'Pausing...',
    failed: 'Failed to pause the campaign.',
    call: status('paused'),
    says: 'takes no new gifts until it is resumed; gifts already being paid for still count.',
    reason: { required: REASON_REQUIRED.paused, label: 'Reason for pausing' },
  },
  resume: {
    button: 'Resume',
    icon: PlayCircle,
    title: 'Resume campaign',
    confirmLabel: 'Resume',
    busyLabel: 'Resuming...',
    failed: 'Failed to resume the campaign.',
    call: status('approved'),
    says: 'takes gifts again, and the organization is told.',
  },
  close: {
    button: 'Close Early',
    icon: StopCircle,
    variant: 'danger',
    title: 'Close campaign early',
    confirmLabel: 'Close Campaign',
    busyLabel: 'Closing...',
    failed: 'Failed to close the campaign.',
    call: status('closed'),
    says: 'takes no more gifts, for good. What was raised stays with it.',
    reason: { required: REASON_REQUIRED.closed, label: 'Reason for closing' },
  },
  backToPending: {
    button: 'Back to Pending',
    icon: Undo2,
    variant: 'secondary',
    title: 'Move campaign back to pending',
    confirmLabel: 'Move to Pending',
    busyLabel: 'Moving...',
    failed: 'Failed to move the campaign.',
    call: status('pending'),
    says: 'leaves the public site until it is approved again.',
    reason: { required: REASON_REQUIRED.pending, label: 'Reason for moving back to pending' },
  },
  markReadyForPickup: {
    button: 'Mark Ready for Pickup',
    icon: PackageCheck,
    title: 'Mark ready for pickup',
    confirmLabel: 'Mark Ready for Pickup',
    busyLabel: 'Saving...',
    failed: 'Failed to mark the campaign ready for pickup.',
    call: delivery('ready_for_pickup'),
    says: 'is waiting at the collection centre in Lagos; the organization is told to collect it with the original ID.',
  },
  markDelivered: {
    button: 'Mark Delivered',
    icon: Truck,
    title: 'Mark delivered',
    confirmLabel: 'Mark Delivered',
    busyLabel: 'Saving...',
    failed: 'Failed to mark the campaign delivered.',
    call: delivery('delivered'),
    says: 'has been collected. This cannot be undone, and the organization is told.',
  },
};

/**
 * The moves the rule book allows for an organization campaign now (the server lists them in
 * `actions`): approve, reject, pause, resume, close early, back to pending, ready for pickup and
 * delivered. Each asks first; reject, pause, close and back to pending ask for the reason.
 */
export function OrganizationActions({ campaign, run }: { campaign: AdminOrganizationCampaign; run: Run }) {
  const [open, setOpen] = useState<OrganizationAction | null>(null);
  const about = `campaign #${campaign.id}, ${campaign.quantity} ${campaign.product_name} for ${campaign.organization.organization_name}`;
  const what = `${campaign.organization.organization_name}'s campaign for ${campaign.quantity} ${campaign.product_name}`;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  // Recording a delivery needs units funded to hand over.
  const delivers = campaign.actions.includes('recordDelivery') && campaign.units_fulfilled > 0;
  const offered = campaign.actions.filter((a) => a === 'reject' || MOVES[a]);
  if (offered.length === 0 && !delivers) return null;
  const move = open && open !== 'reject' ? MOVES[open] : undefined;
  const submit = async (m: Move, notes?: string) => {
    await run(m.call(campaign.id, notes), m.failed);
    setOpen(null);
  };
  return (
    <div className="flex flex-wrap gap-2">
      {offered.map((action) => {
        if (action === 'reject')
          return (
            <Button key={action} variant="danger" onClick={() => setOpen('reject')}>
              <XCircle aria-hidden="true" className="size-5" />
              <Verb about={about}>Reject</Verb>
            </Button>
          );
        const m = MOVES[action]!;
        const Glyph = m.icon;
        return (
          <Button key={action} variant={m.variant ?? 'primary'} onClick={() => setOpen(action)}>
            <Glyph aria-hidden="true" className="size-5" />
            <Verb about={about}>{m.button}</Verb>
          </Button>
        );
      })}
      {delivers ? <RecordDelivery campaign={campaign} run={run} about={about} /> : null}
      {open === 'reject' ? (
        <RejectDialog
          id={campaign.id}
          owner="organization"
          onOpenChange={close}
          onReject={async (notes) => {
            await run({ kind: 'org-status', id: campaign.id, status: 'rejected', adminNotes: notes }, REJECT_FAILED);
            setOpen(null);
          }}
        >
          {campaign.quantity} {campaign.product_name} for {campaign.organization.organization_name}.
        </RejectDialog>
      ) : null}
      {move?.reason ? (
        <ReasonDialog
          title={`${move.title} #${campaign.id}`}
          label={move.reason.label}
          required={move.reason.required}
          confirmLabel={move.confirmLabel}
          busyLabel={move.busyLabel}
          failed={move.failed}
          danger={move.variant === 'danger'}
          onOpenChange={close}
          onSubmit={(notes) => submit(move, notes)}
        >
          {what} {move.says}
        </ReasonDialog>
      ) : move ? (
        <ConfirmDialog
          title={`${move.title} #${campaign.id}?`}
          isOpen
          onOpenChange={close}
          confirmLabel={move.confirmLabel}
          busyLabel={move.busyLabel}
          failed={move.failed}
          onConfirm={() => submit(move)}
        >
          <p>
            {what} {move.says}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
