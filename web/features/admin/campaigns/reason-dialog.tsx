import type { ReactNode } from 'react';
import { z } from 'zod';
import { PromptDialog } from '@/ui/confirm-dialog';

/**
 * A status move that needs the admin's reason (pause, close early, back to pending): the reason is
 * required, and the owner reads it in their notice.
 */
export function ReasonDialog({
  title,
  label,
  required,
  confirmLabel,
  busyLabel,
  failed,
  danger = false,
  onOpenChange,
  onSubmit,
  children,
}: {
  title: string;
  label: string;
  /** The sentence shown when the reason is left empty (the server's own). */
  required: string;
  confirmLabel: string;
  busyLabel: string;
  failed: string;
  danger?: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (notes: string) => Promise<void>;
  children: ReactNode;
}) {
  const rule = z.string().trim().min(1, required).max(2000, 'Please keep the notes under 2,000 characters.');
  return (
    <PromptDialog
      title={title}
      isOpen
      onOpenChange={onOpenChange}
      name="adminNotes"
      label={label}
      hint="The organization is told this reason."
      rows={4}
      rule={rule}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      variant={danger ? 'danger' : 'primary'}
      failed={failed}
      onSubmit={onSubmit}
    >
      <p>{children}</p>
    </PromptDialog>
  );
}
