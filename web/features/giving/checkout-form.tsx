import { AlertCircle, FlaskConical, Lock, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
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
import { formatNaira } from '@contract/money';
import { ApiError, apiRequest } from '@/lib/api';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { SUPPORT_EMAIL } from '@/lib/site';
import { FieldError, fieldClass } from '@/ui/form';
import { Button, buttonClass } from '@/ui/button';
import { HumanCheck } from '@/ui/human-check';
import {
  FILL_IN_DETAILS,
  GATEWAY_UNAVAILABLE,
  MISSING_REFERENCE,
  ShownError,
  UNEXPECTED_RESPONSE,
  isRetryable,
  messageFor,
} from './messages';
import { PaystackUnavailableError, payWithPaystack } from './paystack';
import { focusCentered } from './focus';
import { readHeldCheckout, writeHeldCheckout } from './held-checkout';
import { Spinner } from './spinner';
import { TestPaymentDialog } from './test-payment-dialog';
import { textLink } from '@/ui/text-link';

export type CheckoutLine = { campaignId: string; units: number; label: string; amountKobo: number };

type Donor = { donorFullName: string; donorEmail: string };
type FieldName = keyof Donor;
type Errors = Partial<Record<FieldName, string>>;

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'paying'; checkout: CheckoutReply; donor: Donor; lines: CheckoutLine[] }
  | { kind: 'processing' };

type Problem = {
  message: string;
  /** Set once a payment may have been taken, so the donor can quote it to support. */
  reference?: string;
  retry?: () => void;
};

const FIELD_ORDER: FieldName[] = ['donorFullName', 'donorEmail'];
const CAPTCHA_PENDING = 'Please wait for CAPTCHA verification and try again.';
export const TEST_MODE_NOTICE = 'Test mode: no card is charged.';
/** A held checkout is reused only while this much of its hold is left, so the payment can finish in time. */
const REUSE_MARGIN_MS = 2 * 60_000;

const checkoutKey = (donor: Donor, lines: CheckoutLine[]) =>
  JSON.stringify([donor.donorFullName, donor.donorEmail.toLowerCase(), lines.map((l) => [l.campaignId, l.units])]);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(donor: Donor): Errors {
  const errors: Errors = {};
  if (!donor.donorFullName) errors.donorFullName = FILL_IN_DETAILS;
  else if (donor.donorFullName.length > 120) errors.donorFullName = 'Your name is too long.';
  if (!donor.donorEmail) errors.donorEmail = FILL_IN_DETAILS;
  else if (donor.donorEmail.length > 254 || !EMAIL_PATTERN.test(donor.donorEmail))
    errors.donorEmail = 'Enter an email address in the format name@example.com.';
  return errors;
}

/** The limits the server enforces on one checkout, checked first so the donor hears them at once. */
function overLimits(lines: CheckoutLine[]): string | null {
  if (lines.length > CHECKOUT_LIMITS.campaignsPerCheckout) return TOO_MANY_CAMPAIGNS;
  const tooMany = lines.filter((l) => l.units > CHECKOUT_LIMITS.unitsPerCampaign).map((l) => tooManyUnits(l.label));
  return tooMany.length ? `Some gifts in your bag cannot be given: ${tooMany.join('; ')}. Please update your gift bag.` : null;
}

async function startCheckout(
  donor: Donor,
  lines: CheckoutLine[],
  extra: { previousReference?: string; turnstileToken?: string },
): Promise<CheckoutReply> {
  const { data } = await apiRequest<unknown>('/donations/checkout', {
    method: 'POST',
    body: JSON.stringify({ ...donor, cartItems: lines.map((l) => ({ campaignId: l.campaignId, units: l.units })), ...extra }),
  });
  if (!data || typeof data !== 'object') throw new ShownError(UNEXPECTED_RESPONSE);
  const reference = (data as { reference?: unknown }).reference;
  if (typeof reference !== 'string' || !reference.trim()) throw new ShownError(MISSING_REFERENCE);
  const parsed = checkoutReplySchema.safeParse(data);
  if (!parsed.success) throw new ShownError(UNEXPECTED_RESPONSE);
  return parsed.data;
}

async function recordGift(checkout: CheckoutReply, donor: Donor, lines: CheckoutLine[]): Promise<FundReply> {
  const { data } = await apiRequest<unknown>('/donations/fund', {
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

function units(n: number) {
  return `${n} ${n === 1 ? 'unit' : 'units'}`;
}

/**
 * The whole giving flow shared by /checkout and /donate: donor details, the server-priced checkout,
 * the payment window, then recording the gift. `onPaid` runs once the server has recorded it.
 */
export function CheckoutForm({
  items,
  totalKobo,
  onPaid,
}: {
  items: CheckoutLine[];
  totalKobo: number;
  onPaid: (result: FundReply) => void;
}) {
  const uid = useId();
  const session = useSession();
  const { data: config } = usePublicConfig();
  const siteKey = config?.turnstileSiteKey ?? null;
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | undefined>(undefined);
  const captchaRef = useRef<HTMLDivElement>(null);
  // Stable, as HumanCheck requires; a fresh token clears the "please wait" message.
  const onCaptchaToken = useCallback((token: string | null) => {
    setCaptchaToken(token);
    if (token) setCaptchaError(undefined);
  }, []);
  const [sandboxSeen, setSandboxSeen] = useState(false);
  const testMode = config?.paymentMode === 'test' || sandboxSeen;
  const user = session.user;
  const [name, setName] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  // Untouched fields follow the signed-in user, who may finish loading after the page opens.
  const nameValue = name ?? (user ? `${user.first_name} ${user.last_name}`.trim() : '');
  const emailValue = email ?? user?.email ?? '';

  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [quote, setQuote] = useState<{ forTotal: number; amountKobo: number } | null>(null);
  // State updates are not synchronous, so a second Enter press could otherwise start a second checkout.
  const busy = useRef(false);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const problemRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (problem) focusCentered(problemRef.current);
  }, [problem]);

  const payAmount = quote && quote.forTotal === totalKobo ? quote.amountKobo : totalKobo;
  const isBusy = phase.kind !== 'idle';
  const idFor = (field: FieldName) => `${uid}-${field}`;
  const errorIdFor = (field: FieldName) => `${uid}-${field}-error`;

  function backToForm(next: Problem | null) {
    busy.current = false;
    setPhase({ kind: 'idle' });
    setProblem(next);
  }

  async function finish(checkout: CheckoutReply, donor: Donor, lines: CheckoutLine[]) {
    // Paid: this reference must never be offered for payment again.
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
    onPaid(result);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const donor: Donor = { donorFullName: nameValue.trim(), donorEmail: emailValue.trim() };
    const found = validate(donor);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      // Render aria-invalid and the message before focusing, so both are read with the field.
      flushSync(() => {
        setErrors(found);
        setProblem(null);
      });
      focusCentered(fieldRefs.current[firstInvalid]);
      return;
    }
    const lines = items;
    const limitProblem = overLimits(lines);
    if (limitProblem) {
      setErrors({});
      setProblem({ message: limitProblem });
      return;
    }

    // The server holds a checkout's units for everyone else until it expires, so a donor who closes
    // the payment window and presses Pay again gets the same checkout back, not a refusal.
    const key = checkoutKey(donor, lines);
    const held = readHeldCheckout();
    const reusable = held?.key === key && held.expiresAt - Date.now() > REUSE_MARGIN_MS ? held.checkout : null;
    if (!reusable && siteKey && !captchaToken) {
      flushSync(() => {
        setErrors({});
        setProblem(null);
        setCaptchaError(CAPTCHA_PENDING);
      });
      focusCentered(captchaRef.current);
      return;
    }
    busy.current = true;
    setErrors({});
    setCaptchaError(undefined);
    setProblem(null);
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
            ...(siteKey && captchaToken ? { turnstileToken: captchaToken } : {}),
          });
        } finally {
          // Each human-check token is good for one try.
          if (siteKey) setCaptchaKey((k) => k + 1);
        }
        writeHeldCheckout({ key, checkout, expiresAt });
      }
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const fromServer: Errors = {};
        for (const field of FIELD_ORDER) {
          const first = error.fieldErrors[field]?.[0];
          if (first) fromServer[field] = first;
        }
        setErrors(fromServer);
      }
      backToForm({ message: messageFor(error) });
      return;
    }
    setQuote({ forTotal: totalKobo, amountKobo: checkout.amountKobo });
    if (checkout.provider === 'sandbox') setSandboxSeen(true);
    setPhase({ kind: 'paying', checkout, donor, lines });
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
      });
    } catch (error) {
      if (!(error instanceof PaystackUnavailableError)) writeHeldCheckout(null);
      backToForm({ message: error instanceof PaystackUnavailableError ? GATEWAY_UNAVAILABLE : messageFor(error) });
      return;
    }
    // Paystack's window held focus and is gone now; bring it back to the form.
    focusCentered(submitRef.current);
    if (outcome === 'cancelled') {
      backToForm(null);
      return;
    }
    await finish(checkout, donor, lines);
  }

  function field(fieldName: FieldName, label: string, input: Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
    const error = errors[fieldName];
    return (
      <div>
        <label htmlFor={idFor(fieldName)} className="block text-lg font-semibold text-gray-900 dark:text-gray-100">
          {label}
        </label>
        <input
          {...input}
          ref={(el) => {
            fieldRefs.current[fieldName] = el;
          }}
          id={idFor(fieldName)}
          name={fieldName}
          required
          readOnly={isBusy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdFor(fieldName) : undefined}
          className={fieldClass(Boolean(error))}
        />
        <FieldError id={errorIdFor(fieldName)}>{error}</FieldError>
      </div>
    );
  }

  const summaryId = `${uid}-summary`;
  const detailsId = `${uid}-details`;
  const testModeId = `${uid}-test-mode`;

  return (
    <div className="space-y-10">
      {/* A live region from the start, so the notice is announced when the settings arrive. */}
      <div role="status">
        {testMode ? (
          <div
            id={testModeId}
            className="flex items-start gap-3 rounded-lg border-2 border-amber-700 bg-amber-50 px-4 py-3 text-gray-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50"
          >
            <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <p>
              <strong className="text-lg">{TEST_MODE_NOTICE}</strong> This site is taking test payments only, so no
              money is taken from anyone.
            </p>
          </div>
        ) : null}
      </div>
      <section aria-labelledby={summaryId}>
        <h2 id={summaryId} className="text-2xl font-bold">
          Order summary
        </h2>
        <ul className="mt-4 divide-y divide-gray-300 rounded-xl border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
          {items.map((item) => (
            <li key={item.campaignId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{item.label}</span>
                {item.units > 1 ? <span className="block text-gray-700 dark:text-gray-300">{units(item.units)}</span> : null}
              </span>
              <span className="font-semibold">{formatNaira(item.amountKobo)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 flex items-baseline justify-between gap-4 px-4 text-xl font-bold">
          <dt>Total</dt>
          <dd>{formatNaira(totalKobo)}</dd>
        </dl>
      </section>

      <section aria-labelledby={detailsId}>
        <h2 id={detailsId} className="text-2xl font-bold">
          Your details
        </h2>
        {session.status === 'signedIn' ? (
          <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
            Giving as <strong>{`${session.user.first_name} ${session.user.last_name}`.trim()}</strong>. You can change the
            name and email used for this gift below.
          </p>
        ) : (
          <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
            Both fields are required. We send your receipt to this email address.
          </p>
        )}

        {problem ? (
          <div
            ref={problemRef}
            tabIndex={-1}
            role="alert"
            className="mt-4 space-y-3 rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
          >
            <p className="flex items-start gap-2 font-semibold">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{problem.message}</span>
            </p>
            {problem.reference ? (
              <p>
                Your payment reference is <strong className="font-mono break-all">{problem.reference}</strong>. Please
                quote it if you contact{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold break-words underline decoration-2">
                  {SUPPORT_EMAIL}
                </a>
                .
              </p>
            ) : null}
            {problem.retry ? (
              <Button variant="secondary" onClick={problem.retry}>
                <RotateCcw aria-hidden="true" className="size-5" />
                Try recording my gift again
              </Button>
            ) : null}
          </div>
        ) : null}

        <form noValidate onSubmit={handleSubmit} aria-labelledby={detailsId} className="mt-5 space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            {field('donorFullName', 'Full name', {
              type: 'text',
              autoComplete: 'name',
              value: nameValue,
              onChange: (e) => {
                setName(e.target.value);
                if (errors.donorFullName) setErrors((c) => ({ ...c, donorFullName: undefined }));
              },
            })}
            {field('donorEmail', 'Email', {
              type: 'email',
              inputMode: 'email',
              autoComplete: 'email',
              spellCheck: false,
              value: emailValue,
              onChange: (e) => {
                setEmail(e.target.value);
                if (errors.donorEmail) setErrors((c) => ({ ...c, donorEmail: undefined }));
              },
            })}
          </div>

          <div className="space-y-2 rounded-lg border border-gray-300 bg-gray-50 px-4 py-3 text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200">
            <p>
              <strong>Donations are final and non-refundable.</strong> Please check your gifts before you pay. Read our{' '}
              <Link to="/terms-of-service" className={textLink}>
                Terms of Service
              </Link>
              .
            </p>
            <p>
              When you press Pay we hold your gifts for {HOLD_MINUTES} minutes while you complete the card payment.
            </p>
          </div>

          {siteKey ? (
            <HumanCheck key={captchaKey} siteKey={siteKey} onToken={onCaptchaToken} error={captchaError} groupRef={captchaRef} />
          ) : null}

          <div role="status" className="text-lg font-semibold">
            {phase.kind === 'starting' ? (
              <span className="flex items-center gap-2">
                <Spinner /> Preparing your payment...
              </span>
            ) : phase.kind === 'paying' && phase.checkout.provider === 'paystack' ? (
              <span className="flex items-center gap-2">
                <Spinner /> Complete your payment in the Paystack window.
              </span>
            ) : phase.kind === 'processing' ? (
              <span className="flex items-center gap-2">
                <Spinner /> Processing your gift...
              </span>
            ) : null}
          </div>

          {/* aria-disabled rather than disabled: focus returns here when the payment window closes. */}
          <button
            ref={submitRef}
            type="submit"
            aria-disabled={isBusy || undefined}
            aria-describedby={testMode ? testModeId : undefined}
            className={buttonClass('primary', 'w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto')}
          >
            <Lock aria-hidden="true" className="size-5" />
            Pay {formatNaira(payAmount)}
          </button>
        </form>
      </section>

      {phase.kind === 'paying' && phase.checkout.provider === 'sandbox' ? (
        <TestPaymentDialog
          reference={phase.checkout.reference}
          amountKobo={phase.checkout.amountKobo}
          shownKobo={totalKobo}
          onCancel={() => backToForm(null)}
          onCharged={() => void finish(phase.checkout, phase.donor, phase.lines)}
        />
      ) : null}
    </div>
  );
}
