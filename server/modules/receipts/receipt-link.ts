import type { LinkSigner } from '../../providers/storage/storage';

/** What a receipt link's signature binds besides the reference, so no other signed link opens a receipt. */
export const RECEIPT_PURPOSE = 'receipt';

/** A guest's link in their receipt mail: long enough to find it again at tax time. */
export const MAILED_LINK_SECONDS = 365 * 24 * 3600;
/** The thank-you page's link: for the browser that completed the payment, for a day. */
export const PAGE_LINK_SECONDS = 24 * 3600;

export const receiptPath = (reference: string): string => `/api/donations/${encodeURIComponent(reference)}/receipt.pdf`;

/**
 * A signed address of one gift's receipt, relative to the site (prefix PUBLIC_URL for a mail). It
 * expires at a whole hour, at least `seconds` from now, so asking again within the hour (the fund
 * call repeated, the status followed) answers the very same link.
 */
export function receiptLink(signer: LinkSigner, reference: string, seconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const toNextHour = 3600 - ((now + seconds) % 3600);
  return signer.sign(receiptPath(reference), { purpose: RECEIPT_PURPOSE, reference }, seconds + toNextHour);
}
