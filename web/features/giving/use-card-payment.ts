import { useRef, useState } from 'react';
import type { FundReply } from '@contract/giving';
import type { MonthlyStartReply } from '@contract/monthly-giving';
import { GATEWAY_UNAVAILABLE, messageFor, nothingTakenYet } from './messages';
import { recordPayment } from './monthly-api';
import { PaystackUnavailableError, payWithPaystack } from './paystack';

export type CardPaymentPhase =
  { kind: 'idle' } | { kind: 'starting' } | { kind: 'paying'; checkout: MonthlyStartReply } | { kind: 'processing' };

/**
 * A card payment of one checkout the server starts (a monthly gift's first month, or a new card):
 * the payment window (Paystack's, or the sandbox's dialog, which the page draws while `paying`),
 * then the recording. `problem` is the sentence to show when it did not go through.
 */
export function useCardPayment({ email, onPaid }: { email: () => string; onPaid: (result: FundReply) => void }) {
  const [phase, setPhase] = useState<CardPaymentPhase>({ kind: 'idle' });
  const [problem, setProblem] = useState<{ message: string; reference?: string } | null>(null);
  const busy = useRef(false);

  function stop(next: { message: string; reference?: string } | null) {
    busy.current = false;
    setPhase({ kind: 'idle' });
    setProblem(next);
  }

  async function record(checkout: MonthlyStartReply, closedWithoutPaying: boolean) {
    setPhase({ kind: 'processing' });
    try {
      const result = await recordPayment(checkout.reference);
      busy.current = false;
      setPhase({ kind: 'idle' });
      onPaid(result);
    } catch (error) {
      if (closedWithoutPaying && nothingTakenYet(error)) stop(null);
      else stop({ message: messageFor(error), reference: checkout.reference });
    }
  }

  /** Starts the checkout with `start`, then takes the payment. Problems with fields are the caller's to place. */
  async function pay(start: () => Promise<MonthlyStartReply>): Promise<unknown> {
    if (busy.current) return null;
    busy.current = true;
    setProblem(null);
    setPhase({ kind: 'starting' });
    let checkout: MonthlyStartReply;
    try {
      checkout = await start();
    } catch (error) {
      busy.current = false;
      setPhase({ kind: 'idle' });
      return error;
    }
    setPhase({ kind: 'paying', checkout });
    if (checkout.provider === 'sandbox') return null;
    if (!checkout.publicKey) {
      stop({ message: GATEWAY_UNAVAILABLE });
      return null;
    }
    try {
      const outcome = await payWithPaystack({
        publicKey: checkout.publicKey,
        email: checkout.donorEmail ?? email(),
        amountKobo: checkout.amountKobo,
        reference: checkout.reference,
        channels: checkout.channels,
      });
      await record(checkout, outcome === 'cancelled');
    } catch (error) {
      stop({ message: error instanceof PaystackUnavailableError ? GATEWAY_UNAVAILABLE : messageFor(error) });
    }
    return null;
  }

  return {
    phase,
    problem,
    isBusy: phase.kind !== 'idle',
    pay,
    /** The sandbox dialog's outcomes. */
    charged: () => {
      if (phase.kind === 'paying') void record(phase.checkout, false);
    },
    cancel: () => {
      if (phase.kind === 'paying') void record(phase.checkout, true);
    },
  };
}
