import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { AdminOrganizationCampaign } from '@contract/admin';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Verb } from './action-verb';
import { REJECT_FAILED, RejectDialog } from './reject-dialog';
import type { Run } from './use-action-feedback';

type Open = null | 'reject' | 'approve-org';

/** Approve (asked first: it cannot be undone) or reject with a required reason, for a pending organization request. */
export function OrganizationActions({ campaign, run }: { campaign: AdminOrganizationCampaign; run: Run }) {
  const [open, setOpen] = useState<Open>(null);
  const about = `campaign #${campaign.id}, ${campaign.quantity} ${campaign.product_name} for ${campaign.organization.organization_name}`;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  if (!campaign.actions.includes('approve') && !campaign.actions.includes('reject')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.actions.includes('approve') ? (
        <Button onClick={() => setOpen('approve-org')}>
          <CheckCircle2 aria-hidden="true" className="size-5" />
          <Verb about={about}>Approve</Verb>
        </Button>
      ) : null}
      {campaign.actions.includes('reject') ? (
        <Button variant="danger" onClick={() => setOpen('reject')}>
          <XCircle aria-hidden="true" className="size-5" />
          <Verb about={about}>Reject</Verb>
        </Button>
      ) : null}
      {open === 'approve-org' ? (
        <ConfirmDialog
          title={`Approve campaign #${campaign.id}?`}
          isOpen
          onOpenChange={close}
          confirmLabel="Approve"
          busyLabel="Approving..."
          failed="Failed to approve the campaign."
          onConfirm={async () => {
            await run({ kind: 'org-status', id: campaign.id, status: 'approved' }, 'Failed to approve the campaign.');
            setOpen(null);
          }}
        >
          <p>
            {campaign.organization.organization_name}'s request for {campaign.quantity} {campaign.product_name} goes
            live for donors, and the organization is told.
          </p>
        </ConfirmDialog>
      ) : null}
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
    </div>
  );
}
