import { CheckCircle2, Handshake, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { formatNaira, nairaToKobo } from '@contract/money';
import {
  ATTENTION_REASON_WORDS,
  refundRequestSchema,
  resolveRequestSchema,
  type AttentionReason,
  type Refund,
} from '@contract/money-desk';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { PromptDialog } from '@/ui/confirm-dialog';
import { ModalDialog } from '@/ui/dialog';
import { ErrorMessage } from '@/ui/feedback';
import { Checkbox, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { Verb } from '../shared/action-verb';
import { useDeskCalls } from './money-desk-api';
import type { Run } from '../shared/use-action-feedback';

const REFUND_FAILED = 'The refund could not be asked for. Please try again.';
const RESOLVE_FAILED = 'The decision could not be saved. Please try again.';
const noteRule = resolveRequestSchema.shape.note as unknown as z.ZodType<string, string>;

/** The amount typed in naira ("1500.50"), checked as the server will check its kobo. */
export const refundAmountRule = (maxKobo: number) =>
  z.string().superRefine((text, ctx) => {
    const kobo = nairaToKobo(text.trim());
    if (text.trim() === '') ctx.addIssue({ code: 'custom', message: 'Enter the amount to refund, in naira.' });
    else if (kobo === null)
      ctx.addIssue({
        code: 'custom',
        message: 'Enter the amount in naira with at most two digits after the point, such as 1500.50.',
      });
    else if (kobo < 100) ctx.addIssue({ code: 'custom', message: 'A refund must be at least ₦1.00.' });
    else if (kobo > maxKobo)
      ctx.addIssue({
        code: 'custom',
        message: `At most ${formatNaira(maxKobo)} of this payment may still be refunded.`,
      });
  });

/** The sentence said once the provider has the refund. */
export function refundSentence(reference: string, refund: Refund): string {
  const amount = formatNaira(refund.amountKobo);
  const freed = refund.unitsReleased ? ' Its units are free again for other donors.' : '';
  return refund.status === 'processed'
    ? `Refunded ${amount} of payment ${reference}. The donor is told by mail.${freed}`
    : `Refund of ${amount} of payment ${reference} asked of the payment provider; it shows as processed once the provider confirms. The donor is told by mail.${freed}`;
}

/**
 * A refund in a dialog: the amount in naira (at most what remains), the admin's note, and whether
 * the gift's units go back to its campaigns. The provider's or the server's refusal stays in the
 * dialog, so nothing typed is lost; success closes it and is said on the page.
 */
function RefundDialog({
  reference,
  maxKobo,
  run,
  onClose,
}: {
  reference: string;
  maxKobo: number;
  run: Run;
  onClose: () => void;
}) {
  const calls = useDeskCalls();
  const schema = z.object({
    amount: refundAmountRule(maxKobo),
    note: refundRequestSchema.shape.note,
    releaseUnits: z.boolean(),
  });
  const form = useZodForm(schema, { defaultValues: { amount: '', note: '', releaseUnits: false } });
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bodyId = useId();
  return (
    <ModalDialog
      title={`Refund payment ${reference}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      dismissable={!busy}
      describedBy={bodyId}
    >
      {(close) => (
        <Form
          form={form}
          className="mt-4 space-y-5"
          onSubmit={async (values) => {
            setAlert(null);
            setBusy(true);
            try {
              await run(async () => {
                const refund = await calls.refund(reference, {
                  amountKobo: nairaToKobo(values.amount.trim()) ?? 0,
                  note: values.note,
                  releaseUnits: values.releaseUnits,
                });
                return refundSentence(reference, refund);
              }, REFUND_FAILED);
              onClose();
            } catch (error) {
              setAlert(errorMessage(error, { noMessage: REFUND_FAILED }));
            } finally {
              setBusy(false);
            }
          }}
        >
          <p id={bodyId} className="text-gray-800 dark:text-gray-200">
            The money goes back to the donor through the payment provider, and the donor is told by mail. Up to{' '}
            {formatNaira(maxKobo)} may still be refunded.
          </p>
          <TextField
            name="amount"
            label="Amount to refund (naira)"
            hint={`In naira, with kobo after the point if any, such as 1500.50. At most ${formatNaira(maxKobo)}.`}
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
          />
          <TextField name="note" label="Note" hint="Why the money goes back. Kept in the audit log." rows={3} />
          <Checkbox
            name="releaseUnits"
            isRequired={false}
            label="Free the units back to the campaign"
            hint="Leave it unticked to keep the units the gift funded where they are."
          />
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" aria-disabled={busy || undefined}>
              {busy ? 'Refunding...' : 'Refund'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

/** The Refund button of one payment, and its dialog; nothing when nothing may be refunded. */
export function RefundButton({ reference, maxKobo, run }: { reference: string; maxKobo: number; run: Run }) {
  const [open, setOpen] = useState(false);
  if (maxKobo < 100) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" className="size-5" />
        <Verb about={`payment ${reference}`}>Refund</Verb>
      </Button>
      {open ? <RefundDialog reference={reference} maxKobo={maxKobo} run={run} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const RESOLVE_STEPS = {
  accept: {
    button: 'Accept',
    title: (reference: string) => `Accept payment ${reference}`,
    says: 'The gift is recorded on its campaigns while their units are still free, and the donor gets a receipt.',
    confirm: 'Accept',
    done: (reference: string) => `Payment ${reference} accepted: the gift is recorded.`,
  },
  outside: {
    button: 'Resolved outside the platform',
    title: (reference: string) => `Resolved outside the platform: payment ${reference}`,
    says: 'The case is closed with your note; nothing else changes here.',
    confirm: 'Mark resolved',
    done: (reference: string) => `Payment ${reference} marked as resolved outside the platform.`,
  },
} as const;

/**
 * The decisions on one open case: Accept (offered unless the server says its units are gone) and
 * Resolved outside the platform, each asking for the admin's note in a dialog.
 */
export function CaseActions({
  reference,
  caseId,
  reason,
  canAccept = true,
  run,
}: {
  reference: string;
  caseId: number;
  reason: AttentionReason;
  canAccept?: boolean;
  run: Run;
}) {
  const calls = useDeskCalls();
  const [open, setOpen] = useState<null | 'accept' | 'outside'>(null);
  const about = `payment ${reference} (case ${caseId})`;
  const step = open ? RESOLVE_STEPS[open] : null;
  return (
    <div className="flex flex-wrap gap-2">
      {canAccept ? (
        <Button onClick={() => setOpen('accept')}>
          <CheckCircle2 aria-hidden="true" className="size-5" />
          <Verb about={about}>{RESOLVE_STEPS.accept.button}</Verb>
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => setOpen('outside')}>
        <Handshake aria-hidden="true" className="size-5" />
        <Verb about={about}>{RESOLVE_STEPS.outside.button}</Verb>
      </Button>
      {open && step ? (
        <PromptDialog
          title={step.title(reference)}
          isOpen
          onOpenChange={(next) => !next && setOpen(null)}
          name="note"
          label="Note"
          hint="Why you decided so. Kept with the case and in the audit log."
          rows={3}
          rule={noteRule}
          confirmLabel={step.confirm}
          busyLabel="Saving..."
          failed={RESOLVE_FAILED}
          onSubmit={async (note) => {
            await run(async () => {
              await calls.resolve(reference, caseId, open, note);
              return step.done(reference);
            }, RESOLVE_FAILED);
            setOpen(null);
          }}
        >
          <p>{ATTENTION_REASON_WORDS[reason]}</p>
          <p className="mt-2">{step.says}</p>
        </PromptDialog>
      ) : null}
    </div>
  );
}
