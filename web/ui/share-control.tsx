import { AtSign, Check, Copy, Mail, MessageCircle, Printer, QrCode, Share2, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import {
  fundraiserPrintables,
  printableAddresses,
  shareAddress,
  subjectPath,
  shareInvitation,
  shareLinks,
  shareTitle,
  type ShareLink,
  type ShareSubject,
} from '@/lib/share-links';
import { buttonClass } from './button';

const never = () => () => undefined;

/**
 * The site's origin once the page runs in a browser, null on the server and while a drawn page
 * hydrates (decision 0022): the drawing and the first render in the browser then match, and the
 * addresses arrive with the render after it.
 */
function useOrigin(): string | null {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => null,
  );
}

/** Whether the browser has its own share sheet; false on the server and while hydrating, like useOrigin. */
function useNativeShare(): boolean {
  return useSyncExternalStore(
    never,
    () => typeof navigator.share === 'function',
    () => false,
  );
}

const ICONS: Record<ShareLink['ref'], typeof Mail> = {
  whatsapp: MessageCircle,
  facebook: ThumbsUp,
  x: AtSign,
  email: Mail,
};

const control = buttonClass('secondary', 'min-w-0');

/**
 * "Share this campaign": the browser's own share sheet where it has one, plain links to WhatsApp,
 * Facebook, X and email, Copy link, and, while the campaign takes gifts, its QR code and poster.
 * Plain links only: no other site's script or tracker is loaded (docs/decisions/0034).
 *
 * The share links need the site's whole address, which the server's drawing must not depend on: the
 * drawn markup holds the same links without an address (not yet links, so nothing to reach), and
 * they gain it as soon as the page runs. The QR code and poster are addresses on this site, so they
 * work before any script.
 */
export function ShareControl({
  subject,
  takesGifts,
  headingLevel = 2,
}: {
  subject: ShareSubject;
  /** Offer the QR code and poster: the server draws them only for a campaign taking gifts. */
  takesGifts: boolean;
  headingLevel?: 2 | 3;
}) {
  const origin = useOrigin();
  const nativeShare = useNativeShare();
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Unique even with two controls for the same campaign on one page (the owner's status page).
  const headingId = useId();
  const title = shareTitle(subject);
  // Before an address exists the links are drawn with their final names and sizes, so nothing moves.
  const links = shareLinks(origin ?? 'http://localhost', subject);
  const printable: { qrPng: string; qrPngName: string; poster?: string } = subject.fundraiser
    ? fundraiserPrintables(subject.fundraiser.slug)
    : printableAddresses(subject.publicId);
  const thing = subject.fundraiser ? 'fundraiser' : 'campaign';

  /** Says the outcome in the region below the controls; emptied first so a repeat is read out again. */
  const say = (text: string, ok: boolean) => {
    clearTimeout(timer.current);
    setStatus(null);
    timer.current = setTimeout(() => setStatus({ text, ok }), 100);
  };

  const copyLink = async () => {
    const address = shareAddress(window.location.origin, subjectPath(subject), 'copy');
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(address);
      setManualCopy(null);
      say('Link copied', true);
    } catch {
      // The browser refused (no permission, an insecure page, an old browser): the address is shown to copy by hand.
      setManualCopy(address);
      say('Could not copy the link. It is shown below: select it and copy it yourself.', false);
    }
  };

  const openShareSheet = async () => {
    try {
      // No source: the sheet's target is unknown, so a gift from it counts as direct (docs/decisions/0034).
      await navigator.share({
        title,
        text: shareInvitation(subject),
        url: shareAddress(window.location.origin, subjectPath(subject)),
      });
    } catch (error) {
      // Closing the sheet without choosing is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      say('Could not open the share sheet. Use one of the links instead.', false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className="text-xl font-bold">
        {`Share this ${thing}`}
      </Heading>
      <ul className="flex flex-wrap gap-3" aria-label="Send a link">
        {nativeShare ? (
          <li>
            <button type="button" onClick={openShareSheet} className={control}>
              <Share2 aria-hidden="true" className="size-5 shrink-0" />
              Share with an app
            </button>
          </li>
        ) : null}
        {links.map((link) => {
          const Icon = ICONS[link.ref];
          return (
            <li key={link.ref}>
              <a
                href={origin ? link.href : undefined}
                target={link.newTab ? '_blank' : undefined}
                rel={link.newTab ? 'noopener noreferrer' : undefined}
                className={control}
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  {link.ref === 'email' ? (
                    <>
                      <span className="sr-only">Share by </span>Email
                    </>
                  ) : (
                    <>
                      <span className="sr-only">Share on </span>
                      {link.service}
                    </>
                  )}
                  {link.newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
                </span>
              </a>
            </li>
          );
        })}
        <li>
          <button type="button" onClick={copyLink} className={control}>
            <Copy aria-hidden="true" className="size-5 shrink-0" />
            Copy link
          </button>
        </li>
      </ul>
      {/* Present from the first render, never hidden, so every change is read out. */}
      <p role="status">
        {status ? (
          <span
            className={`inline-flex items-center gap-2 font-semibold ${status.ok ? 'text-green-800 dark:text-green-300' : 'text-red-800 dark:text-red-300'}`}
          >
            {status.ok ? <Check aria-hidden="true" className="size-5 shrink-0" /> : null}
            {status.text}
          </span>
        ) : null}
      </p>
      {manualCopy ? (
        <div className="space-y-1">
          <label htmlFor={`${headingId}-address`} className="font-semibold">
            {subject.fundraiser ? 'Fundraiser address' : 'Campaign address'}
          </label>
          <input
            id={`${headingId}-address`}
            readOnly
            value={manualCopy}
            onFocus={(event) => event.currentTarget.select()}
            className="block min-h-11 w-full rounded-lg border-2 border-gray-700 bg-white px-3 text-base text-gray-900 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100"
          />
        </div>
      ) : null}
      {takesGifts ? (
        <ul className="flex flex-wrap gap-3" aria-label="Print or show">
          {printable.poster ? (
            <li>
              <a href={printable.poster} target="_blank" rel="noopener noreferrer" className={control}>
                <Printer aria-hidden="true" className="size-5 shrink-0" />
                Print a poster (PDF)
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
          <li>
            <a href={printable.qrPng} download={printable.qrPngName} className={control}>
              <QrCode aria-hidden="true" className="size-5 shrink-0" />
              Download the QR code
            </a>
          </li>
        </ul>
      ) : null}
    </section>
  );
}
