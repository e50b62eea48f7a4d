import { AlertCircle, FlaskConical, Lock, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { HOLD_MINUTES, donorSchema, type FundReply } from '@contract/giving';
import { formatNaira } from '@contract/money';
import { isPayLater } from '@contract/payment-channels';
import { feeToCover } from '@contract/payment-fee';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { SUPPORT_EMAIL } from '@/lib/site';
import { Button, buttonClass } from '@/ui/button';
import { Checkbox, EmailField, HumanCheckField, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { textLink } from '@/ui/text-link';
import { supportWordsFields } from '@contract/support-messages';
import { CHECK_DETAILS, FILL_IN_DETAILS, TEST_MODE_NOTICE } from './messages';
import { Spinner } from './spinner';
import { SupportWordsFields } from './support-words-fields';
import {
  DEDICATION_DEFAULTS,
  DedicationFields,
  checkDedication,
  dedicationFormFields,
  dedicationOf,
  withFormNames,
} from './dedication-fields';
import { checkoutMatchSentence } from './match-preview';
import { replyMatchOf, useCheckout, type CheckoutLine } from './use-checkout';

export type { CheckoutLine } from './use-checkout';

// The test payment's dialog (React Aria's modal) is not part of the payment step: it loads once the
// form has painted, so it never delays the Pay button, and is in by the time Pay is pressed.
const loadTestPaymentDialog = () => import('./test-payment-dialog');
const TestPaymentDialog = lazy(() => loadTestPaymentDialog().then((m) => ({ default: m.TestPaymentDialog })));

/**
 * The donor's details as the route checks them, and whether they add the payment fee; the
 * human-check token is asked for by the flow.
 */
const detailsSchema = donorSchema
  .extend({
    turnstileToken: z.string().optional(),
    coverFee: z.boolean(),
    message: supportWordsFields.message,
    anonymous: z.boolean(),
    ...dedicationFormFields,
  })
  .superRefine(checkDedication);

function units(n: number) {
  return `${n} ${n === 1 ? 'unit' : 'units'}`;
}

/**
 * The giving form shared by /checkout and /donate: the order, the donor's details and the Pay
 * button. The flow behind it (checkout, payment window, recording) is `useCheckout`.
 */
export function CheckoutForm({
  items,
  totalKobo,
  onPaid,
}: {
  items: CheckoutLine[];
  totalKobo: number;
  onPaid: (result: FundReply, lines: CheckoutLine[]) => void;
}) {
  const uid = useId();
  const session = useSession();
  const { data: config } = usePublicConfig();
  const siteKey = config?.turnstileSiteKey ?? null;
  const [captchaKey, setCaptchaKey] = useState(0);
  const user = session.user;
  const signedInDetails = useMemo(
    () =>
      user ? { donorFullName: `${user.first_name} ${user.last_name}`.trim(), donorEmail: user.email ?? '' } : undefined,
    [user],
  );
  const form = useZodForm(detailsSchema, {
    defaultValues: {
      donorFullName: '',
      donorEmail: '',
      turnstileToken: '',
      coverFee: false,
      message: '',
      anonymous: false,
      ...DEDICATION_DEFAULTS,
    },
    // Untouched fields follow the signed-in user, who may finish loading after the page opens.
    values: signedInDetails
      ? {
          ...signedInDetails,
          turnstileToken: '',
          coverFee: false,
          message: '',
          anonymous: false,
          ...DEDICATION_DEFAULTS,
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  // Shown before asking, from the server's own formula; the server works it out again at checkout.
  const feeKobo = config?.paymentFee ? feeToCover(totalKobo, config.paymentFee) : 0;
  const coverFee = useWatch({ control: form.control, name: 'coverFee' }) === true && feeKobo > 0;
  // With both of the donor's fields filled in, what is left to fix is elsewhere (a dedication, say):
  // the summary does not then ask for the name and email. Read from the values, which are current
  // when the summary takes focus.
  const [donorName, donorEmail] = useWatch({ control: form.control, name: ['donorFullName', 'donorEmail'] });
  const summaryTitle = donorName.trim() && donorEmail.trim() ? CHECK_DETAILS : FILL_IN_DETAILS;
  const chargeKobo = totalKobo + (coverFee ? feeKobo : 0);
  const checkout = useCheckout({
    items,
    totalKobo: chargeKobo,
    coverFee,
    humanCheckOn: Boolean(siteKey),
    onPaid,
    onTokenUsed: () => {
      form.setValue('turnstileToken', '');
      setCaptchaKey((k) => k + 1);
    },
  });
  const { phase, problem, problemRef, submitRef, isBusy } = checkout;
  const testMode = config?.paymentMode === 'test' || checkout.sandboxSeen;
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted && testMode) void loadTestPaymentDialog().catch(() => undefined);
  }, [painted, testMode]);
  // Said only where a way of paying that confirms later is offered (the checkout's own list once it has one).
  const offered = phase.kind === 'paying' ? phase.checkout.channels : null;
  const payLaterMinutes = offered && !offered.some(isPayLater) ? null : (config?.payLaterHoldMinutes ?? null);
  // What the server held for this gift from a sponsor's match, once checkout has answered.
  const replyMatch = phase.kind === 'paying' ? replyMatchOf(phase.checkout) : null;

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
            <li
              key={item.campaignId}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <span className="min-w-0 break-words">
                <span className="font-semibold">{item.label}</span>
                {item.units > 1 ? (
                  <span className="block text-gray-700 dark:text-gray-300">{units(item.units)}</span>
                ) : null}
                {item.matchNote ? (
                  <span className="block font-semibold text-amber-900 dark:text-amber-200">{item.matchNote}</span>
                ) : null}
              </span>
              <span className="font-semibold">{formatNaira(item.amountKobo)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 px-4">
          {coverFee ? (
            <>
              <div className="flex items-baseline justify-between gap-4 text-lg">
                <dt>Gifts</dt>
                <dd>{formatNaira(totalKobo)}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-4 text-lg">
                <dt>Payment fee you cover</dt>
                <dd>{formatNaira(feeKobo)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex items-baseline justify-between gap-4 text-xl font-bold">
            <dt>Total</dt>
            <dd>{formatNaira(chargeKobo)}</dd>
          </div>
        </dl>
        {/* Polite and said once, when checkout has answered with what the match holds for this gift. */}
        <p role="status" className="mt-3 px-4 text-lg font-semibold text-amber-900 empty:hidden dark:text-amber-200">
          {replyMatch ? checkoutMatchSentence(replyMatch) : null}
        </p>
      </section>

      <section aria-labelledby={detailsId}>
        <h2 id={detailsId} className="text-2xl font-bold">
          Your details
        </h2>
        {session.status === 'signedIn' ? (
          <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
            Giving as <strong>{`${session.user.first_name} ${session.user.last_name}`.trim()}</strong>. You can change
            the name and email used for this gift below.
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

        <Form
          form={form}
          summaryTitle={summaryTitle}
          onSubmit={(values, helpers) =>
            checkout.pay(
              { donorFullName: values.donorFullName, donorEmail: values.donorEmail },
              { message: values.message, anonymous: values.anonymous, dedication: dedicationOf(values) },
              values.turnstileToken,
              // The server names a dedication's fields by their wire path; the form by its own.
              { ...helpers, showServerErrors: (error) => helpers.showServerErrors(withFormNames(error)) },
            )
          }
          aria-labelledby={detailsId}
          className="mt-5 space-y-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="donorFullName" label="Full name" autoComplete="name" readOnly={isBusy} />
            <EmailField name="donorEmail" readOnly={isBusy} />
          </div>

          <SupportWordsFields readOnly={isBusy} />

          <DedicationFields readOnly={isBusy} />

          <div className="space-y-2 rounded-lg border border-gray-300 bg-gray-50 px-4 py-3 text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200">
            <p>
              <strong>Donations are final and non-refundable.</strong> Please check your gifts before you pay. Read our{' '}
              <Link to="/terms-of-service" className={textLink}>
                Terms of Service
              </Link>
              .
            </p>
            <p>
              When you press Pay we hold your gifts for {HOLD_MINUTES} minutes while you complete the payment.
              {payLaterMinutes
                ? ` If you pay by bank transfer or USSD and your bank confirms later, we keep them for up to ${payLaterMinutes} minutes while it does.`
                : null}
            </p>
          </div>

          {feeKobo > 0 ? (
            <div className="space-y-1">
              <Checkbox
                name="coverFee"
                isRequired={false}
                label={`Add ${formatNaira(feeKobo)} to cover the payment fee`}
                hint={`The payment provider takes a fee from each payment. Covering it means ${items.length === 1 ? 'the campaign receives' : 'the campaigns receive'} the full ${formatNaira(totalKobo)}.`}
              />
              {/* Polite, so the new total is heard after the box's own state. */}
              <p role="status" className="text-lg">
                You will pay <strong>{formatNaira(chargeKobo)}</strong>.
              </p>
            </div>
          ) : null}

          {siteKey ? <HumanCheckField name="turnstileToken" siteKey={siteKey} resetKey={captchaKey} /> : null}

          <div role="status" className="text-lg font-semibold">
            {phase.kind === 'starting' ? (
              <span className="flex items-center gap-2">
                <Spinner /> Preparing your payment...
              </span>
            ) : phase.kind === 'paying' && phase.checkout.provider === 'paystack' ? (
              <span className="flex items-center gap-2">
                <Spinner /> Complete your payment in the Paystack window.
              </span>
            ) : phase.kind === 'checking' ? (
              <span className="flex items-center gap-2">
                <Spinner /> Checking whether your payment is on its way...
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
            className={buttonClass(
              'primary',
              'w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto',
            )}
          >
            <Lock aria-hidden="true" className="size-5" />
            Pay {formatNaira(checkout.payAmount)}
          </button>
        </Form>
      </section>

      {phase.kind === 'paying' && phase.checkout.provider === 'sandbox' ? (
        // Focus stays on Pay until the dialog's code is in, then moves into it.
        <Suspense fallback={null}>
          <TestPaymentDialog
            reference={phase.checkout.reference}
            amountKobo={phase.checkout.amountKobo}
            shownKobo={chargeKobo}
            channels={phase.checkout.channels}
            onCancel={checkout.cancel}
            onCharged={checkout.charged}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
