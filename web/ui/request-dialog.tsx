import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { reasonSchema } from '@contract/requests';
import { PromptDialog } from './confirm-dialog';

/**
 * The request's reason, asked in a dialog: the same rule as the server (at least 20 characters once
 * trimmed, product notes 5), the error summary on a failed submit, and the server's refusal shown inside the
 * dialog, so what was typed is never lost. `submit` resolves once the request is made; the caller
 * then closes the dialog and moves on.
 */
export function RequestDialog({
  title,
  reasonLabel = 'Why do you need this device?',
  summary,
  failed,
  isOpen,
  onOpenChange,
  submit,
}: {
  title: string;
  reasonLabel?: string;
  /** What is being asked for, read before the reason field. */
  summary: ReactNode;
  /** The sentence of product notes 8 when the server gives no reason of its own. */
  failed: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  submit: (reason: string) => Promise<void>;
}) {
  return (
    <PromptDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      name="reason"
      label={reasonLabel}
      hint="At least 20 characters. Tell us how it will help in daily life, study or work."
      rows={5}
      rule={reasonSchema}
      confirmLabel={
        <>
          <Send aria-hidden="true" className="size-5" />
          Submit Request
        </>
      }
      busyLabel="Submitting..."
      failed={failed}
      onSubmit={submit}
    >
      {summary}
    </PromptDialog>
  );
}
