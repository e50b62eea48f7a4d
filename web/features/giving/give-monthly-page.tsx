import { useQuery } from '@tanstack/react-query';
import { AlertCircle, CalendarHeart, FlaskConical, Lock } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { donorSchema, type FundReply } from '@contract/giving';
import { formatNaira, nairaToKobo } from '@contract/money';
import { MONTHLY_AMOUNT_WORDS, MONTHLY_MAX_KOBO, MONTHLY_MIN_KOBO } from '@contract/monthly-giving';
import { feeToCover } from '@contract/payment-fee';
import { campaignQuery } from '@/lib/campaigns';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { SUPPORT_EMAIL } from '@/lib/site';
import { buttonClass } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Checkbox, EmailField, HumanCheckField, RadioGroup, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { textLink } from '@/ui/text-link';
import { focusCentered } from './focus';
import { messageFor, TEST_MODE_NOTICE } from './messages';
import { startMonthlyGift } from './monthly-api';
import { Spinner } from './spinner';
import { useCardPayment } from './use-card-payment';

const TestPaymentDialog = lazy(() => import('./test-payment-dialog').then((m) => ({ default: m.TestPaymentDialog })));

/** The amounts offered first, in kobo; any other from ₦1,000 may be typed. */
const AMOUNTS = [100_000, 250_000, 500_000, 1_000_000] as const;
const OTHER = 'other';

const formSchema = donorSchema.extend({
  amount: z.string({ error: 'Choose how much to give each month.' }).min(1, 'Choose how much to give each month.'),
  otherAmount: z.string().optional(),
  coverFee: z.boolean(),
  turnstileToken: z.string().optional(),
});

/** The amount chosen, in kobo, or the sentence saying why it cannot be given. */
function chosenKobo(amount: string, other: string | undefined): number | string {
  if (amount !== OTHER) return Number(amount);
  const kobo = nairaToKobo(other?.trim() ?? '');
  if (kobo === null) return 'Enter the amount in naira, for example 3000.';
  if (kobo < MONTHLY_MIN_KOBO || kobo > MONTHLY_MAX_KOBO) return MONTHLY_AMOUNT_WORDS;
  return kobo;
}

function Started({ result, targetName, signedIn }: { result: FundReply; targetName: string; signedIn: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusCentered(heading.current), []);
  if (result.monthly === 'one_off')
    return (
      <section aria-labelledby="monthly-started" className="space-y-4">
        <h2 id="monthly-started" ref={heading} tabIndex={-1} className="text-2xl font-bold">
          Thank you: your gift is received, once
        </h2>
        <p className="text-lg">
          Your gift of {formatNaira(result.amountKobo)} to {targetName} is received, and your receipt is on its way by
          email. The card you paid with cannot be charged again each month, so this gift was made once. To give monthly,
          please start again with another debit or credit card.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="monthly-started" className="space-y-4">
      <h2 id="monthly-started" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-2xl font-bold">
        <CalendarHeart aria-hidden="true" className="size-7 shrink-0 text-brand-dark dark:text-orange-300" />
        Thank you: your monthly gift has started
      </h2>
      <p className="text-lg">
        Your first gift of {formatNaira(result.amountKobo)} to {targetName} is received, and your receipt is on its way
        by email. We charge the same card on the same day each month, with a receipt every time.
      </p>
      <p className="text-lg">
        {signedIn ? (
          <>
            You can change the amount, pause for up to three months or cancel in{' '}
            <Link to="/donor/giving" className={textLink}>
              My Monthly Giving
            </Link>
            .
          </>
        ) : (
          'Every email about your monthly gift has a link to change the amount, pause for up to three months or cancel.'
        )}
      </p>
    </section>
  );
}

function MonthlyForm({ target, targetName }: { target: string; targetName: string }) {
  const uid = useId();
  const session = useSession();
  const { data: config } = usePublicConfig();
  const siteKey = config?.turnstileSiteKey ?? null;
  const [captchaKey, setCaptchaKey] = useState(0);
  const [started, setStarted] = useState<FundReply | null>(null);
  const user = session.user;
  const signedIn = useMemo(
    () =>
      user ? { donorFullName: `${user.first_name} ${user.last_name}`.trim(), donorEmail: user.email ?? '' } : undefined,
    [user],
  );
  const blank = { amount: String(AMOUNTS[1]), otherAmount: '', coverFee: false, turnstileToken: '' };
  const form = useZodForm(formSchema, {
    defaultValues: { donorFullName: '', donorEmail: '', ...blank },
    values: signedIn ? { ...signedIn, ...blank } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const [amount, other, coverFee] = useWatch({ control: form.control, name: ['amount', 'otherAmount', 'coverFee'] });
  const chosen = chosenKobo(amount, other);
  const giftKobo = typeof chosen === 'number' ? chosen : 0;
  const feeKobo = config?.paymentFee && giftKobo ? feeToCover(giftKobo, config.paymentFee) : 0;
  const chargeKobo = giftKobo + (coverFee && feeKobo ? feeKobo : 0);
  const payment = useCardPayment({ email: () => form.getValues('donorEmail'), onPaid: setStarted });
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (payment.problem) focusCentered(problemRef.current);
  }, [payment.problem]);
  const testMode = config?.paymentMode === 'test';
  const detailsId = `${uid}-details`;

  if (started) return <Started result={started} targetName={targetName} signedIn={session.status === 'signedIn'} />;

  return (
    <div className="space-y-8">
      <div role="status">
        {testMode ? (
          <p className="flex items-start gap-3 rounded-lg border-2 border-amber-700 bg-amber-50 px-4 py-3 text-gray-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <span>
              <strong className="text-lg">{TEST_MODE_NOTICE}</strong> This site is taking test payments only, so no
              money is taken from anyone.
            </span>
          </p>
        ) : null}
      </div>
      {payment.problem ? (
        <div
          ref={problemRef}
          tabIndex={-1}
          role="alert"
          className="space-y-2 rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          <p className="flex items-start gap-2 font-semibold">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{payment.problem.message}</span>
          </p>
          {payment.problem.reference ? (
            <p>
              Your payment reference is <strong className="font-mono break-all">{payment.problem.reference}</strong>.
              Please quote it if you contact {SUPPORT_EMAIL}.
            </p>
          ) : null}
        </div>
      ) : null}
      <Form
        form={form}
        summaryTitle="Please check your monthly gift"
        aria-labelledby={detailsId}
        onSubmit={async (values, helpers) => {
          const kobo = chosenKobo(values.amount, values.otherAmount);
          if (typeof kobo === 'string') {
            helpers.showErrors({ otherAmount: kobo });
            return;
          }
          if (siteKey && !values.turnstileToken) {
            helpers.showErrors({ turnstileToken: 'Please complete the check that you are not a robot.' });
            return;
          }
          const refused = await payment.pay(() =>
            startMonthlyGift({
              donorFullName: values.donorFullName,
              donorEmail: values.donorEmail,
              amountKobo: kobo,
              target,
              coverFee: values.coverFee && feeKobo > 0,
              ...(siteKey && values.turnstileToken ? { turnstileToken: values.turnstileToken } : {}),
            }).finally(() => {
              if (siteKey) {
                form.setValue('turnstileToken', '');
                setCaptchaKey((k) => k + 1);
              }
            }),
          );
          if (refused && !helpers.showServerErrors(refused)) helpers.showErrors({ amount: messageFor(refused) });
        }}
      >
        <h2 id={detailsId} className="text-2xl font-bold">
          Your monthly gift
        </h2>
        <RadioGroup
          name="amount"
          legend="Amount each month"
          options={[
            ...AMOUNTS.map((kobo) => ({ value: String(kobo), label: formatNaira(kobo) })),
            { value: OTHER, label: 'Another amount' },
          ]}
          grid
        />
        {amount === OTHER ? (
          <TextField
            name="otherAmount"
            label="Amount each month, in naira"
            hint={MONTHLY_AMOUNT_WORDS}
            inputMode="decimal"
            prefix="₦"
            prefixLabel="Naira"
          />
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="donorFullName" label="Full name" autoComplete="name" readOnly={payment.isBusy} />
          <EmailField
            name="donorEmail"
            readOnly={payment.isBusy}
            hint="Your receipts and the link to manage your gift go here."
          />
        </div>
        {feeKobo > 0 ? (
          <Checkbox
            name="coverFee"
            isRequired={false}
            label={`Add ${formatNaira(feeKobo)} each month to cover the payment fee`}
            hint="The payment provider takes a fee from each payment. Covering it means the whole gift goes to devices."
          />
        ) : null}
        {siteKey ? <HumanCheckField name="turnstileToken" siteKey={siteKey} resetKey={captchaKey} /> : null}
        <p className="rounded-lg border border-gray-300 bg-gray-50 px-4 py-3 text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200">
          You pay the first month now by debit or credit card, and the same card is charged on this day each month. You
          can change the amount, pause for up to three months or cancel at any time.
        </p>
        <div role="status" className="text-lg font-semibold">
          {payment.phase.kind === 'starting' ? (
            <span className="flex items-center gap-2">
              <Spinner /> Preparing your payment...
            </span>
          ) : payment.phase.kind === 'processing' ? (
            <span className="flex items-center gap-2">
              <Spinner /> Starting your monthly gift...
            </span>
          ) : null}
        </div>
        <button
          type="submit"
          aria-disabled={payment.isBusy || undefined}
          className={buttonClass(
            'primary',
            'w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto',
          )}
        >
          <Lock aria-hidden="true" className="size-5" />
          {chargeKobo ? `Give ${formatNaira(chargeKobo)} each month` : 'Give each month'}
        </button>
      </Form>
      {payment.phase.kind === 'paying' && payment.phase.checkout.provider === 'sandbox' ? (
        <Suspense fallback={null}>
          <TestPaymentDialog
            reference={payment.phase.checkout.reference}
            amountKobo={payment.phase.checkout.amountKobo}
            shownKobo={chargeKobo}
            channels={payment.phase.checkout.channels}
            onCharged={payment.charged}
            onCancel={payment.cancel}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** What a monthly gift to an organization campaign goes to, from the campaign's own public record. */
function CampaignMonthly({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(campaignQuery(id));
  if (isPending) return <LoadingState>Loading the campaign...</LoadingState>;
  if (error || !data || data.type !== 'organization')
    return <ErrorMessage>A monthly gift goes to the Independence Fund or to one organization campaign.</ErrorMessage>;
  const name = `${data.product_name} for ${data.title}`;
  return (
    <>
      <p className="mb-6 text-lg">
        Your gift is kept for {name} in the Independence Fund and buys its next whole unit once there is enough. If the
        campaign no longer needs gifts, your monthly gift ends and we tell you.
      </p>
      <MonthlyForm target={data.id} targetName={name} />
    </>
  );
}

/** /give-monthly: a monthly gift to the Independence Fund, or with `?to=org-3` to one organization campaign. */
export default function GiveMonthlyPage() {
  const [params] = useSearchParams();
  const to = params.get('to');
  return (
    <Page
      title="Give monthly"
      intro={
        <>
          A monthly gift buys devices for the people who have waited longest. The{' '}
          <Link to="/fund" className={textLink}>
            Independence Fund
          </Link>{' '}
          gives whole devices to the campaigns approved longest ago, and shows every one it buys.
        </>
      }
    >
      {to && to !== 'fund' ? (
        <CampaignMonthly id={to} />
      ) : (
        <MonthlyForm target="fund" targetName="the Independence Fund" />
      )}
    </Page>
  );
}
