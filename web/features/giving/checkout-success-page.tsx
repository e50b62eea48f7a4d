import { AlertTriangle, CheckCircle2, Clock, Download, Gift, Home } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { appRole } from '@contract/roles';
import { formatNaira } from '@contract/money';
import { AWAITING_AFTER_HOLD, AWAITING_CONFIRMATION } from '@contract/payment-channels';
import { announce } from '@/lib/announce';
import { useSession } from '@/lib/session';
import { SUPPORT_EMAIL } from '@/lib/site';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { isWaiting, useDonationStatus } from './donation-status';
import { readSuccessState, type SuccessState } from './success-state';

function SupportLine() {
  return (
    <p>
      Questions? Write to{' '}
      <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold break-words underline decoration-2">
        {SUPPORT_EMAIL}
      </a>{' '}
      and quote your payment reference.
    </p>
  );
}

function GiftDetails({ gift, amountLabel }: { gift: SuccessState; amountLabel: string }) {
  return (
    <section aria-labelledby="gift-details-title">
      <h2 id="gift-details-title" className="text-2xl font-bold">
        Your gift
      </h2>
      {gift.gifts.length ? (
        <ul className="mt-4 divide-y divide-gray-300 rounded-xl border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
          {gift.gifts.map((line) => (
            <li key={line.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{line.label}</span>
                {line.units > 1 ? (
                  <span className="block text-gray-700 dark:text-gray-300">{line.units} units</span>
                ) : null}
              </span>
              <span className="font-semibold">{formatNaira(line.amountKobo)}</span>
            </li>
          ))}
          {gift.feeKobo > 0 ? (
            <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-semibold">Payment fee you covered</span>
              <span className="font-semibold">{formatNaira(gift.feeKobo)}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <dl className="mt-4 grid gap-4 rounded-xl border border-gray-300 p-4 sm:grid-cols-2 dark:border-gray-700">
        <div>
          <dt className="text-sm text-gray-700 dark:text-gray-300">{amountLabel}</dt>
          <dd className="text-2xl font-bold">{formatNaira(gift.amountKobo)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-gray-700 dark:text-gray-300">Payment reference</dt>
          <dd className="font-mono text-lg break-all">{gift.reference}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The receipt, once the gift is recorded; the form that mails receipts again, always. */
function ReceiptLinks({ receiptUrl }: { receiptUrl: string | undefined }) {
  return (
    <section aria-labelledby="receipt-title" className="space-y-2">
      <h2 id="receipt-title" className="text-2xl font-bold">
        Your receipt
      </h2>
      <p className="text-lg text-gray-800 dark:text-gray-200">
        We email your receipt to you, with a link to download it as a PDF.
      </p>
      <ul className="space-y-1">
        {receiptUrl ? (
          <li>
            <a href={receiptUrl} download className={blockLink}>
              <Download aria-hidden="true" className="mr-2 inline size-5" />
              Download your receipt (PDF)
            </a>
          </li>
        ) : null}
        <li>
          <Link to="/receipts" className={blockLink}>
            Lost a receipt? Get your receipts again by email
          </Link>
        </li>
      </ul>
    </section>
  );
}

/**
 * The thank-you page. After a transfer or USSD payment the bank has not yet confirmed, it first says
 * so and follows the checkout, turning into the thank-you (announced, focus on its heading) once the
 * gift is recorded. The stored state keeps the reference, so a reload keeps waiting.
 */
export default function CheckoutSuccessPage() {
  const location = useLocation();
  const session = useSession();
  const stored = readSuccessState(location.state);
  const followed = useDonationStatus(stored?.status === 'awaiting_confirmation' ? stored.reference : null);
  const latest = followed.data;
  const status = latest?.status ?? stored?.status;
  const gift: SuccessState | null = stored
    ? latest && (latest.status === 'paid' || latest.status === 'needs_attention')
      ? { ...stored, status: latest.status, message: latest.message }
      : stored
    : null;
  const waiting = isWaiting(status);
  const notConfirmed = status === 'failed';
  const amountDiffers = status === 'amount_mismatch';
  // Said by the server: once the hold has lapsed the donor is not told the gifts are kept for them.
  const waitingWords = latest?.message ?? (gift?.message || AWAITING_CONFIRMATION);
  const stillHeld = waitingWords !== AWAITING_AFTER_HOLD;
  // Gifts are only kept in a gift history for donor accounts.
  const canViewGifts = session.status === 'signedIn' && appRole(session.user.role) === 'donor';
  const needsAttention = gift?.status === 'needs_attention';
  const receiptUrl = gift?.status === 'paid' ? (latest?.receiptUrl ?? stored?.receiptUrl) : undefined;

  // When the page turns from waiting into its answer, it is announced and focus goes to the new
  // heading, so a screen reader user hears the change where they are.
  const wasWaiting = useRef(waiting);
  const answer = latest?.message;
  useEffect(() => {
    if (wasWaiting.current && !waiting) {
      if (answer) announce(answer);
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) {
          heading.tabIndex = -1;
          heading.focus();
        }
      });
    }
    wasWaiting.current = waiting;
  }, [waiting, answer]);

  const homeLinks = (
    <div className="flex flex-wrap gap-3">
      <LinkButton to="/">
        <Home aria-hidden="true" className="size-5" /> Back to home
      </LinkButton>
      {canViewGifts ? (
        <LinkButton to="/donor/gifts" variant="secondary">
          <Gift aria-hidden="true" className="size-5" /> View my gifts
        </LinkButton>
      ) : null}
    </div>
  );

  if (waiting && gift) {
    return (
      <Page title="Waiting for your bank">
        <div className="space-y-6">
          <div role="status" className="flex items-start gap-3 text-xl">
            <Clock aria-hidden="true" className="mt-0.5 size-7 shrink-0" />
            <p>
              <strong>{waitingWords}</strong>
            </p>
          </div>
          <p className="text-lg text-gray-800 dark:text-gray-200">
            {stillHeld
              ? 'Your gift is not recorded yet: your gifts are held for you while your bank confirms the payment, which can take a few minutes.'
              : 'Your gift is not recorded yet.'}{' '}
            This page changes by itself when your bank confirms, or you can close it and wait for the receipt.
            {canViewGifts ? ' Your gift history shows the payment as awaiting confirmation meanwhile.' : null}
          </p>
          <GiftDetails gift={gift} amountLabel="Amount" />
          {homeLinks}
        </div>
      </Page>
    );
  }

  // A payment of another amount and one the bank never confirmed: no gift, said plainly, with whom to ask.
  const unsettled = amountDiffers
    ? { title: 'Payment being checked', amountLabel: 'Amount asked' }
    : notConfirmed
      ? { title: 'Payment not confirmed', amountLabel: 'Amount' }
      : null;
  if (unsettled && gift) {
    return (
      <Page title={unsettled.title}>
        <div className="space-y-6">
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <div className="space-y-2">
              <p className="font-semibold">{latest?.message}</p>
              <SupportLine />
            </div>
          </div>
          <GiftDetails gift={gift} amountLabel={unsettled.amountLabel} />
          {homeLinks}
        </div>
      </Page>
    );
  }

  return (
    <Page title="Thank You">
      <div className="space-y-6">
        <div role="status">
          <p className="flex items-start gap-3 text-xl">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-green-700 dark:text-green-400" />
            <span>
              Your gift has been received. Every gift funds a specific device that helps a blind or visually impaired
              person live more independently.
            </span>
          </p>
        </div>

        {gift ? (
          <>
            {needsAttention ? (
              <div className="flex items-start gap-3 rounded-xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
                <div className="space-y-2">
                  <h2 className="text-lg font-bold">Part of your gift needs our attention</h2>
                  <p>{gift.message}</p>
                  <SupportLine />
                </div>
              </div>
            ) : null}
            <GiftDetails gift={gift} amountLabel="Amount paid" />
          </>
        ) : null}

        <ReceiptLinks receiptUrl={receiptUrl} />

        <p className="text-lg text-gray-800 dark:text-gray-200">
          Funded devices are collected in person at our centre in Lagos, and we record a thank-you video after each
          collection.
          {canViewGifts ? ' You can follow your gifts and watch their videos from your gift history.' : null}
        </p>

        {homeLinks}
      </div>
    </Page>
  );
}
