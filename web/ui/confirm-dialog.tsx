import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { Button, type Variant } from './button';
import { ModalDialog } from './dialog';
import { ErrorMessage } from './feedback';
import { TextField } from './fields';
import { Form, useZodForm } from './form';

type Shared = {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  confirmLabel: ReactNode;
  busyLabel: string;
  variant?: Variant;
  /** The sentence to show when the server gives none. */
  failed: string;
};

function Actions({
  close,
  busy,
  confirmLabel,
  busyLabel,
  variant,
  type,
}: {
  close: () => void;
  busy: boolean;
  confirmLabel: ReactNode;
  busyLabel: string;
  variant: Variant;
  type: 'button' | 'submit';
}) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      <Button variant="secondary" onClick={close} disabled={busy}>
        Cancel
      </Button>
      <Button type={type} variant={variant} aria-disabled={busy || undefined}>
        {busy ? busyLabel : confirmLabel}
      </Button>
    </div>
  );
}

/**
 * Asks before something that cannot simply be undone (a screen-reader-friendly `window.confirm`):
 * an alert dialog whose Cancel is safe, whose confirm button runs `onConfirm`, and whose failure is
 * said inside the dialog so the person can try again or cancel. Focus returns to the opener.
 */
export function ConfirmDialog({
  children,
  onConfirm,
  variant = 'primary',
  ...shared
}: Shared & { children: ReactNode; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const bodyId = useId();
  const { title, isOpen, onOpenChange, confirmLabel, busyLabel, failed } = shared;
  return (
    <ModalDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      dismissable={!busy}
      role="alertdialog"
      size="sm"
      describedBy={bodyId}
    >
      {(close) => (
        <form
          className="mt-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (busy) return;
            setBusy(true);
            setAlert(null);
            try {
              await onConfirm();
            } catch (error) {
              setAlert(errorMessage(error, { noMessage: failed }));
            } finally {
              setBusy(false);
            }
          }}
        >
          {/* The dialog's description: read with its title, so the consequence is heard before the choice. */}
          <div id={bodyId} className="space-y-3 text-lg text-gray-800 dark:text-gray-200">
            {children}
          </div>
          {alert ? (
            <div className="mt-4">
              <ErrorMessage>{alert}</ErrorMessage>
            </div>
          ) : null}
          <Actions
            close={close}
            busy={busy}
            confirmLabel={confirmLabel}
            busyLabel={busyLabel}
            variant={variant}
            type="submit"
          />
        </form>
      )}
    </ModalDialog>
  );
}

/**
 * Asks for one piece of text in a dialog (a screen-reader-friendly `window.prompt`): the field is
 * checked by the same zod rule as the server, errors go to the summary and the field, and the
 * server's refusal stays inside the dialog so nothing typed is lost.
 */
export function PromptDialog({
  name = 'value',
  label,
  hint,
  initial = '',
  rows,
  type,
  placeholder,
  rule,
  children,
  onSubmit,
  variant = 'primary',
  ...shared
}: Shared & {
  /** The field's name: the one the server uses, so its `fieldErrors` land on the field. */
  name?: string;
  label: string;
  hint?: ReactNode;
  initial?: string;
  rows?: number;
  type?: 'text' | 'url';
  placeholder?: string;
  rule: z.ZodType<string, string>;
  children?: ReactNode;
  onSubmit: (value: string) => Promise<void>;
}) {
  const { title, isOpen, onOpenChange, confirmLabel, busyLabel, failed } = shared;
  const form = useZodForm(z.object({ [name]: rule }) as z.ZodType<Record<string, string>, Record<string, string>>, {
    defaultValues: { [name]: initial },
  });
  const [alert, setAlert] = useState<string | null>(null);
  // Busy only once the value passed the rule and is being sent; a refused one never shows 'Submitting...'.
  const [busy, setBusy] = useState(false);
  // What the step will do is part of the question: read with the dialog's name, not only if found.
  const bodyId = useId();
  return (
    <ModalDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      dismissable={!busy}
      describedBy={children ? bodyId : undefined}
    >
      {(close) => (
        <Form
          form={form}
          className="mt-4 space-y-5"
          onSubmit={async (values, helpers) => {
            setAlert(null);
            setBusy(true);
            try {
              await onSubmit(values[name] ?? '');
            } catch (error) {
              if (!helpers.showServerErrors(error)) setAlert(errorMessage(error, { noMessage: failed }));
            } finally {
              setBusy(false);
            }
          }}
        >
          {children ? (
            <div id={bodyId} className="text-gray-800 dark:text-gray-200">
              {children}
            </div>
          ) : null}
          <TextField name={name} label={label} hint={hint} rows={rows} type={type} placeholder={placeholder} />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <Actions
            close={close}
            busy={busy}
            confirmLabel={confirmLabel}
            busyLabel={busyLabel}
            variant={variant}
            type="submit"
          />
        </Form>
      )}
    </ModalDialog>
  );
}
