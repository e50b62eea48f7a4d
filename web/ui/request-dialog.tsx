import { Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { reasonSchema } from '@contract/requests';
import { errorMessage } from '@/lib/api';
import { Button } from './button';
import { ModalDialog } from './dialog';
import { ErrorMessage } from './feedback';
import { TextField } from './fields';
import { Form, useZodForm } from './form';

const reasonForm = z.object({ reason: reasonSchema });

/**
 * The request's reason, asked in a dialog: the same rule as the server (at least 20 characters once
 * trimmed, spec 5), the error summary on a failed submit, and the server's refusal shown inside the
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
  /** Spec 8's sentence when the server gives no reason of its own. */
  failed: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  submit: (reason: string) => Promise<void>;
}) {
  const form = useZodForm(reasonForm, { defaultValues: { reason: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} dismissable={!busy}>
      {(close) => (
        <Form
          form={form}
          className="mt-4 space-y-5"
          onSubmit={async ({ reason }, helpers) => {
            setAlert(null);
            try {
              await submit(reason);
            } catch (error) {
              if (!helpers.showServerErrors(error)) setAlert(errorMessage(error, { noMessage: failed }));
            }
          }}
        >
          <div className="text-gray-800 dark:text-gray-200">{summary}</div>
          <TextField
            name="reason"
            label={reasonLabel}
            hint="At least 20 characters. Tell us how it will help in daily life, study or work."
            rows={5}
          />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" aria-disabled={busy || undefined}>
              <Send aria-hidden="true" className="size-5" />
              {busy ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
