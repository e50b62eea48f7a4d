import type { ReactNode } from 'react';
import { REJECT_NOTES_REQUIRED } from '@contract/admin';
import { z } from 'zod';
import { PromptDialog } from '@/ui/confirm-dialog';

const rejectRule = z
  .string()
  .trim()
  .min(1, REJECT_NOTES_REQUIRED)
  .max(2000, 'Please keep the notes under 2,000 characters.');
export const REJECT_FAILED = 'Failed to reject the campaign.';

/** The reason for a rejection, required (product notes 5), which the owner reads as Admin Feedback. */
export function RejectDialog({
  id,
  owner,
  onOpenChange,
  onReject,
  children,
}: {
  id: number;
  owner: 'recipient' | 'organization';
  onOpenChange: (open: boolean) => void;
  onReject: (notes: string) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <PromptDialog
      title={`Reject campaign #${id}`}
      isOpen
      onOpenChange={onOpenChange}
      name="adminNotes"
      label="Reason for rejection"
      hint={`The ${owner} sees this as Admin Feedback.`}
      placeholder="Provide a clear reason for rejection..."
      rows={4}
      rule={rejectRule}
      confirmLabel="Reject Campaign"
      busyLabel="Rejecting..."
      variant="danger"
      failed={REJECT_FAILED}
      onSubmit={onReject}
    >
      <p>{children}</p>
    </PromptDialog>
  );
}
