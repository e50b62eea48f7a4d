import { useQueryClient } from '@tanstack/react-query';
import { CalendarHeart, CreditCard, PauseCircle, PlayCircle, XCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { formatNaira, koboToNairaText, nairaToKobo } from '@contract/money';
import { MONTHLY_AMOUNT_WORDS, MONTHLY_MAX_KOBO, MONTHLY_MIN_KOBO, type MonthlyGift } from '@contract/monthly-giving';
import { announce } from '@/lib/announce';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ConfirmDialog, PromptDialog } from '@/ui/confirm-dialog';
import { ModalDialog } from '@/ui/dialog';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { RadioGroup } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { focusCentered } from './focus';
import { monthlyQueryKey, startCardChange, useChangeMonthly, useMonthlyGifts, type MonthlyOwner } from './monthly-api';
import { useCardPayment } from './use-card-payment';

const TestPaymentDialog = lazy(() => import('./test-payment-dialog').then((m) => ({ default: m.TestPaymentDialog })));

const dayFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'Africa/Lagos' });
const day = (iso: string | null) => (iso ? dayFormat.format(new Date(iso)) : '');

/** What a gift's state is called, and what it means for the next charge. */
function stateOf(gift: MonthlyGift): { label: string; tone: Tone; next: string } {
  switch (gift.status) {
    case 'active':
      return { label: 'Active', tone: 'success', next: `Next gift on ${day(gift.nextChargeAt)}.` };
    case 'failing':
      return {
        label: 'Card declined',
        tone: 'warning',
        next: `Your card was declined. We will try it again on ${day(gift.nextChargeAt)}, or you can pay with another card now.`,
      };
    case 'paused':
      return gift.pausedUntil
        ? {
            label: 'Paused',
            tone: 'neutral',
            next: `Paused until ${day(gift.pausedUntil)}; the next gift is on ${day(gift.nextChargeAt)}.`,
          }
        : {
            label: 'Paused: card declined',
            tone: 'warning',
            next: 'Your card was declined four times, so the gift is paused. Pay with another card to start it again.',
          };
    default:
      return { label: 'Cancelled', tone: 'neutral', next: 'Nothing more will be charged.' };
  }
}

const amountRule = z.string().transform((text, ctx) => {
  const kobo = nairaToKobo(text.trim());
  if (kobo === null || kobo < MONTHLY_MIN_KOBO || kobo > MONTHLY_MAX_KOBO) {
    ctx.addIssue({
      code: 'custom',
      message: kobo === null ? 'Enter the amount in naira, for example 3000.' : MONTHLY_AMOUNT_WORDS,
    });
    return z.NEVER;
  }
  return text;
}) as unknown as z.ZodType<string, string>;

const pauseSchema = z.object({ months: z.enum(['1', '2', '3'], { error: 'Choose how long to pause.' }) });

function PauseDialog({ onPause, onClose }: { onPause: (months: number) => Promise<void>; onClose: () => void }) {
  const form = useZodForm(pauseSchema, { defaultValues: { months: '1' } });
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <ModalDialog
      title="Pause your monthly gift"
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="sm"
    >
      <Form
        form={form}
        className="mt-4 space-y-5"
        onSubmit={async ({ months }) => {
          setAlert(null);
          try {
            await onPause(Number(months));
          } catch (error) {
            setAlert(errorMessage(error, { noMessage: 'The gift could not be paused. Please try again.' }));
          }
        }}
      >
        <RadioGroup
          name="months"
          legend="Pause for"
          hint="Nothing is charged while it is paused; it starts again by itself afterwards."
          options={[
            { value: '1', label: 'One month' },
            { value: '2', label: 'Two months' },
            { value: '3', label: 'Three months' },
          ]}
        />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Pause the gift</Button>
        </div>
      </Form>
    </ModalDialog>
  );
}

type Open = 'amount' | 'pause' | 'cancel' | null;

function GiftCard({ gift, owner, email }: { gift: MonthlyGift; owner: MonthlyOwner; email: string }) {
  const change = useChangeMonthly(owner);
  const [open, setOpen] = useState<Open>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const state = stateOf(gift);
  const title = `${formatNaira(gift.amountKobo)} each month to ${gift.targetName}`;
  const client = useQueryClient();
  const payment = useCardPayment({
    email: () => email,
    onPaid: () => {
      announce('Thank you: your new card is paid for this month and will be used from now on.');
      void client.invalidateQueries({ queryKey: monthlyQueryKey(owner) });
      setChanged((n) => n + 1);
    },
  });

  // After a change the buttons differ (the one pressed may be gone), so once the dialog that asked
  // has closed, focus goes to the gift's heading, before the dialog's own return of focus finds no opener.
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    if (!changed || open !== null) return;
    const timer = setTimeout(() => focusCentered(heading.current), 0);
    return () => clearTimeout(timer);
  }, [changed, open]);

  /** Applies a change; the outcome is said once. */
  async function apply(next: Parameters<typeof change.mutateAsync>[0]['change'], said: string) {
    await change.mutateAsync({ id: gift.id, change: next });
    setOpen(null);
    setChanged((n) => n + 1);
    announce(said);
  }

  const payWithAnotherCard = async () => {
    setProblem(null);
    const refused = await payment.pay(() => startCardChange(owner, gift.id));
    if (refused)
      setProblem(errorMessage(refused, { noMessage: 'The payment could not be started. Please try again.' }));
  };

  const live = gift.status !== 'cancelled';
  const declined = gift.status === 'failing' || (gift.status === 'paused' && !gift.pausedUntil);
  return (
    <li className="rounded-xl border border-gray-300 p-5 dark:border-gray-700">
      <h3 ref={heading} tabIndex={-1} className="flex items-start gap-2 text-xl font-bold wrap-anywhere">
        <CalendarHeart aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-dark dark:text-orange-300" />
        {title}
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        {gift.card ? <span className="text-gray-800 dark:text-gray-200">Paid by {gift.card}</span> : null}
      </div>
      <p className="mt-2 text-lg">{state.next}</p>
      {problem || payment.problem ? (
        <div className="mt-3">
          <ErrorMessage>{problem ?? payment.problem?.message}</ErrorMessage>
        </div>
      ) : null}
      <div role="status" className="mt-2">
        {payment.phase.kind === 'processing' ? 'Recording your payment...' : null}
      </div>
      {live ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {declined ? (
            <Button onClick={() => void payWithAnotherCard()} aria-disabled={payment.isBusy || undefined}>
              <CreditCard aria-hidden="true" className="size-5" /> Pay with another card
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setOpen('amount')}>
            Change amount
          </Button>
          {gift.status === 'paused' ? (
            <Button
              variant="secondary"
              onClick={() =>
                void apply({ paused: false }, 'Your monthly gift has started again.').catch((e: unknown) =>
                  setProblem(errorMessage(e, { noMessage: 'The gift could not be started again.' })),
                )
              }
            >
              <PlayCircle aria-hidden="true" className="size-5" /> Start again
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setOpen('pause')}>
              <PauseCircle aria-hidden="true" className="size-5" /> Pause
            </Button>
          )}
          <Button variant="danger" onClick={() => setOpen('cancel')}>
            <XCircle aria-hidden="true" className="size-5" /> Cancel monthly gift
          </Button>
        </div>
      ) : null}
      {open === 'amount' ? (
        <PromptDialog
          title="Change your monthly amount"
          isOpen
          onOpenChange={(isOpen) => (isOpen ? undefined : setOpen(null))}
          name="amountKobo"
          label="Amount each month, in naira"
          hint={`${MONTHLY_AMOUNT_WORDS} The new amount is charged from the next gift.`}
          initial={koboToNairaText(gift.amountKobo)}
          rule={amountRule}
          confirmLabel="Change the amount"
          busyLabel="Changing..."
          failed="The amount could not be changed. Please try again."
          onSubmit={(value) => {
            const kobo = nairaToKobo(value.trim())!;
            return apply({ amountKobo: kobo }, `Your monthly gift is now ${formatNaira(kobo)}.`);
          }}
        />
      ) : null}
      {open === 'pause' ? (
        <PauseDialog
          onClose={() => setOpen(null)}
          onPause={(months) =>
            apply(
              { paused: true, months },
              `Your monthly gift is paused for ${months === 1 ? 'one month' : `${months} months`}.`,
            )
          }
        />
      ) : null}
      {open === 'cancel' ? (
        <ConfirmDialog
          title="Cancel your monthly gift?"
          isOpen
          onOpenChange={(isOpen) => (isOpen ? undefined : setOpen(null))}
          confirmLabel="Cancel monthly gift"
          busyLabel="Cancelling..."
          variant="danger"
          failed="The gift could not be cancelled. Please try again."
          onConfirm={() => apply('cancel', 'Your monthly gift is cancelled. Nothing more will be charged.')}
        >
          <p>
            Nothing more will be charged, and we forget your card. Every gift you made stays on record with its receipt.
          </p>
        </ConfirmDialog>
      ) : null}
      {payment.phase.kind === 'paying' && payment.phase.checkout.provider === 'sandbox' ? (
        <Suspense fallback={null}>
          <TestPaymentDialog
            reference={payment.phase.checkout.reference}
            amountKobo={payment.phase.checkout.amountKobo}
            shownKobo={payment.phase.checkout.amountKobo}
            channels={payment.phase.checkout.channels}
            onCharged={payment.charged}
            onCancel={payment.cancel}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

/** Every monthly gift of one owner, each with what can be done with it. */
export function MonthlyGifts({ owner, email }: { owner: MonthlyOwner; email: string }) {
  const { data, error, isPending } = useMonthlyGifts(owner);
  if (isPending) return <LoadingState>Loading your monthly gifts...</LoadingState>;
  if (error || !data)
    return (
      <ErrorMessage>
        {errorMessage(error ?? null, { noMessage: 'Your monthly gifts could not be loaded.' })}
      </ErrorMessage>
    );
  if (!data.length)
    return (
      <EmptyState title="No monthly gifts yet">
        A monthly gift to the Independence Fund buys devices for the people who have waited longest.
      </EmptyState>
    );
  return (
    <ul className="space-y-5">
      {data.map((gift) => (
        <GiftCard key={gift.id} gift={gift} owner={owner} email={email} />
      ))}
    </ul>
  );
}
