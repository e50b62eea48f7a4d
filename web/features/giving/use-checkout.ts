import { useEffect, useRef, useState } from 'react';
import type { DedicationInput } from '@contract/dedication';
import {
  CHECKOUT_LIMITS,
  HOLD_MINUTES,
  TOO_MANY_CAMPAIGNS,
  checkoutReplySchema,
  fundReplySchema,
  tooManyUnits,
  type CheckoutReply,
  type FundReply,
} from '@contract/giving';
import { checkoutMatchSchema, type CheckoutMatch } from '@contract/matching';
import { visitSource } from '@/lib/visit-source';
import { forgetFundraiser, fundraiserFor } from '@/lib/fundraiser-visit';
import { ApiError, apiAct } from '@/lib/api';
import type { SubmitHelpers } from '@/ui/form';
import { CAPTCHA_PENDING } from '@/ui/human-check';
import {
  GATEWAY_UNAVAILABLE,
  MISSING_REFERENCE,
  ShownError,
  UNEXPECTED_RESPONSE,
  isRetryable,
  messageFor,
  nothingTakenYet,
} from './messages';
import { PaystackUnavailableError, payWithPaystack } from './paystack';
import { focusCentered } from './focus';
import { keepWhileAwaiting, readHeldCheckout, writeHeldCheckout, type HeldCheckout } from './held-checkout';

export type CheckoutLine = {
  campaignId: string;
  units: number;
  label: string;
  amountKobo: number;
  /** What a sponsor's open match is expected to add, in a sentence, before paying. */
  matchNote?: string | null;
};

/**
 * What checkout's reply says a sponsor's match adds, or null: read on its own, so a reply without
 * it (no match, or a checkout this browser kept) is still a good reply.
 */
export function replyMatchOf(data: unknown): CheckoutMatch | null {
  const match = data && typeof data === 'object' ? (data as { match?: unknown }).match : undefined;
  const parsed = checkoutMatchSchema.safeParse(match);
  return parsed.success && parsed.data.addsKobo > 0 ? parsed.data : null;
}
export type Donor = { donorFullName: string; donorEmail: string };
/** Words of support left with the gift, whether to be shown as Anonymous, and whom the gift honours or remembers. */
export type Words = { message?: string | undefined; anonymous: boolean; dedication?: DedicationInput | undefined };

export type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'paying'; checkout: CheckoutReply; donor: Donor; lines: CheckoutLine[] }
  /** The payment window closed without a payment: asking whether a transfer is on its way. */
  | { kind: 'checking' }
  | { kind: 'processing' };

export type Problem = {
  message: string;
  /** Set once a payment may have been taken, so the donor can quote it to support. */
  reference?: string;
  retry?: () => void;
};

/** A held checkout is reused only while this much of its hold is left, so the payment can finish in time. */
const REUSE_MARGIN_MS = 2 * 60_000;

// The words and the dedication belong to the checkout, so changing them (or anonymity) makes a new one.
const checkoutKey = (donor: Donor, lines: CheckoutLine[], coverFee: boolean, words: Words) =>
  JSON.stringify([
    donor.donorFullName,
    donor.donorEmail.toLowerCase(),
    lines.map((l) => [l.campaignId, l.units]),
    coverFee,
    words.message?.trim() ?? '',
    words.anonymous,
    words.dedication ?? null,
    fundraiserFor(lines.map((l) => l.campaignId)) ?? null,
  ]);

/** The limits the server enforces on one checkout, checked first so the donor hears them at once. */
function overLimits(lines: CheckoutLine[]): string | null {
  if (lines.length > CHECKOUT_LIMITS.campaignsPerCheckout) return TOO_MANY_CAMPAIGNS;
  const tooMany = lines.filter((l) => l.units > CHECKOUT_LIMITS.unitsPerCampaign).map((l) => tooManyUnits(l.label));
  return tooMany.length
    ? `Some gifts in your bag cannot be given: ${tooMany.join('; ')}. Please update your gift bag.`
    : null;
}

async function startCheckout(
  donor: Donor,
  lines: CheckoutLine[],
  extra: { previousReference?: string; turnstileToken?: string; coverFee: boolean } & Words,
): Promise<CheckoutReply & { match: CheckoutMatch | null }> {
  const { data } = await apiAct<unknown>('/donations/checkout', {
    method: 'POST',
    body: JSON.stringify({
      ...donor,
      cartItems: lines.map((l) => ({ campaignId: l.campaignId, units: l.units })),
      // Only the choice and the share link go up; the server works out every amount.
      source: visitSource(),
      fundraiser: fundraiserFor(lines.map((l) => l.campaignId)),
      ...extra,
    }),
  }).catch((error: unknown) => {
    // A fundraiser that can no longer take the gift is forgotten, so trying again gives to the campaign.
    if (error instanceof ApiError && error.code?.startsWith('fundraiser_')) forgetFundraiser();
    throw error;
  });
  if (!data || typeof data !== 'object') throw new ShownError(UNEXPECTED_RESPONSE);
  const reference = (data as { reference?: unknown }).reference;
  if (typeof reference !== 'string' || !reference.trim()) throw new ShownError(MISSING_REFERENCE);
  const parsed = checkoutReplySchema.safeParse(data);
  if (!parsed.success) throw new ShownError(UNEXPECTED_RESPONSE);
  return { ...parsed.data, match: replyMatchOf(data) };
}

async function recordGift(checkout: CheckoutReply, donor: Donor, lines: CheckoutLine[]): Promise<FundReply> {
  const { data } = await apiAct<unknown>('/donations/fund', {
    method: 'POST',
    body: JSON.stringify({
      transactionId: checkout.reference,
      ...donor,
      cartTotal: checkout.amountKobo,
      cartItems: lines.map((l) => ({ campaignId: l.campaignId, amount: l.amountKobo })),
    }),
  });
  const parsed = fundReplySchema.safeParse(data);
  if (!parsed.success) throw new ShownError(UNEXPECTED_RESPONSE);
  return parsed.data;
}

/**
 * The whole giving flow shared by /checkout and /donate: the server-priced checkout, the payment
 * window, then recording the gift. `onPaid` runs once the server has recorded it, or has heard from
 * the provider that a transfer or USSD payment is under way (status `awaiting_confirmation`: the
 * thank-you page waits for the bank); `onTokenUsed` runs when a human-check token has been spent
 * (each is good for one try). `totalKobo` is what the page shows the donor will pay, the covered fee
 * included when `coverFee` is chosen.
 */
export function useCheckout({
  items,
  totalKobo,
  coverFee = false,
  humanCheckOn,
  onPaid,
  onTokenUsed,
}: {
  items: CheckoutLine[];
  totalKobo: number;
  coverFee?: boolean;
  humanCheckOn: boolean;
  onPaid: (result: FundReply, lines: CheckoutLine[]) => void;
  onTokenUsed: () => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [quote, setQuote] = useState<{ forTotal: number; amountKobo: number } | null>(null);
  const [sandboxSeen, setSandboxSeen] = useState(false);
  // State updates are not synchronous, so a second Enter press could otherwise start a second checkout.
  const busy = useRef(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (problem) focusCentered(problemRef.current);
  }, [problem]);

  function backToForm(next: Problem | null) {
    busy.current = false;
    setPhase({ kind: 'idle' });
    setProblem(next);
  }

  /** What the thank-you page is told, and whether this browser keeps the checkout (awaiting its bank). */
  function answered(result: FundReply, held: HeldCheckout | null, lines: CheckoutLine[]) {
    writeHeldCheckout(held ? keepWhileAwaiting(held, result) : null);
    onPaid(result, lines);
  }

  async function finish(checkout: CheckoutReply, donor: Donor, lines: CheckoutLine[]) {
    // Paid: this reference must never be offered for payment again (one awaiting its bank is kept
    // below, to be asked about rather than paid).
    const held = readHeldCheckout();
    writeHeldCheckout(null);
    busy.current = true;
    setProblem(null);
    setPhase({ kind: 'processing' });
    let result: FundReply;
    try {
      result = await recordGift(checkout, donor, lines);
    } catch (error) {
      backToForm({
        message: messageFor(error),
        reference: checkout.reference,
        retry: isRetryable(error)
          ? () => {
              // The alert holding this button is about to go; keep focus on the form.
              focusCentered(submitRef.current);
              void finish(checkout, donor, lines);
            }
          : undefined,
      });
      return;
    }
    answered(result, held?.checkout.reference === checkout.reference ? held : null, lines);
  }

  /**
   * The payment window closed without saying it was paid. A donor who chose a bank transfer or USSD
   * may have sent the money and closed it while the bank works, so the server asks the provider; one
   * on its way goes to the page that waits for the bank. Nothing paid, or no answer now, leaves the
   * checkout as it was, for Pay to reuse. Any other refusal (a payment of another amount, say) may
   * follow money that moved: the donor is told, with the reference, and the checkout is let go so
   * Pay never offers that reference again.
   */
  async function closed(checkout: CheckoutReply, donor: Donor, lines: CheckoutLine[]) {
    busy.current = true;
    setPhase({ kind: 'checking' });
    let result: FundReply;
    try {
      result = await recordGift(checkout, donor, lines);
    } catch (error) {
      if (nothingTakenYet(error)) {
        backToForm(null);
        focusCentered(submitRef.current);
        return;
      }
      if (readHeldCheckout()?.checkout.reference === checkout.reference) writeHeldCheckout(null);
      backToForm({ message: messageFor(error), reference: checkout.reference });
      return;
    }
    const held = readHeldCheckout();
    answered(result, held?.checkout.reference === checkout.reference ? held : null, lines);
  }

  /** Pay for the bag as this donor, with their words; problems with the fields go to the form's error summary. */
  async function pay(donor: Donor, words: Words, turnstileToken: string | undefined, helpers: SubmitHelpers) {
    if (busy.current) return;
    setProblem(null);
    const lines = items;
    const limitProblem = overLimits(lines);
    if (limitProblem) {
      setProblem({ message: limitProblem });
      return;
    }

    // The server holds a checkout's units for everyone else until it expires, so a donor who closes
    // the payment window and presses Pay again gets the same checkout back, not a refusal.
    const key = checkoutKey(donor, lines, coverFee, words);
    const held = readHeldCheckout();
    // One whose transfer is on its way is asked about, never paid a second time, while its hold lasts.
    if (held?.key === key && held.awaiting) {
      await finish(held.checkout, donor, lines);
      return;
    }
    const reusable = held?.key === key && held.expiresAt - Date.now() > REUSE_MARGIN_MS ? held.checkout : null;
    if (!reusable && humanCheckOn && !turnstileToken) {
      helpers.showErrors({ turnstileToken: CAPTCHA_PENDING });
      return;
    }
    busy.current = true;
    setPhase({ kind: 'starting' });

    let checkout: CheckoutReply;
    try {
      if (reusable) checkout = reusable;
      else {
        // Timed from this browser's clock rather than holdExpiresAt, which may be skewed.
        const expiresAt = Date.now() + HOLD_MINUTES * 60_000;
        try {
          checkout = await startCheckout(donor, lines, {
            // A new bag or donor replaces this browser's earlier checkout instead of competing with it.
            ...(held ? { previousReference: held.checkout.reference } : {}),
            ...(humanCheckOn && turnstileToken ? { turnstileToken } : {}),
            coverFee,
            ...(words.message?.trim() ? { message: words.message.trim() } : {}),
            anonymous: words.anonymous,
            ...(words.dedication ? { dedication: words.dedication } : {}),
          });
        } finally {
          if (humanCheckOn) onTokenUsed();
        }
        writeHeldCheckout({ key, checkout, expiresAt });
      }
    } catch (error) {
      const placed = helpers.showServerErrors(error);
      backToForm(placed ? null : { message: messageFor(error) });
      return;
    }
    setQuote({ forTotal: totalKobo, amountKobo: checkout.amountKobo });
    if (checkout.provider === 'sandbox') setSandboxSeen(true);
    setPhase({ kind: 'paying', checkout, donor, lines });
    // The sandbox's own dialog takes it from here.
    if (checkout.provider === 'sandbox') return;

    if (!checkout.publicKey) {
      backToForm({ message: GATEWAY_UNAVAILABLE });
      return;
    }
    let outcome: 'paid' | 'cancelled';
    try {
      outcome = await payWithPaystack({
        publicKey: checkout.publicKey,
        email: donor.donorEmail,
        amountKobo: checkout.amountKobo,
        reference: checkout.reference,
        channels: checkout.channels,
      });
    } catch (error) {
      if (!(error instanceof PaystackUnavailableError)) writeHeldCheckout(null);
      backToForm({ message: error instanceof PaystackUnavailableError ? GATEWAY_UNAVAILABLE : messageFor(error) });
      return;
    }
    // Paystack's window held focus and is gone now; bring it back to the form.
    focusCentered(submitRef.current);
    if (outcome === 'cancelled') {
      await closed(checkout, donor, lines);
      return;
    }
    await finish(checkout, donor, lines);
  }

  return {
    phase,
    problem,
    problemRef,
    submitRef,
    sandboxSeen,
    isBusy: phase.kind !== 'idle',
    payAmount: quote && quote.forTotal === totalKobo ? quote.amountKobo : totalKobo,
    pay,
    /** The sandbox dialog's outcomes. */
    charged: () => {
      if (phase.kind === 'paying') void finish(phase.checkout, phase.donor, phase.lines);
    },
    cancel: () => {
      if (phase.kind === 'paying') void closed(phase.checkout, phase.donor, phase.lines);
      else backToForm(null);
    },
  };
}
