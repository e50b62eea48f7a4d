import type { LinkSigner, SignedQuery } from '../../../providers/storage/storage';
import { periodWords } from './monthly-calendar';

/** Where a guest manages their monthly gifts, and how long a mailed link to it works. */
export const MONTHLY_MANAGE_PATH = '/giving/monthly';
export const MANAGE_LINK_DAYS = 90;
const PURPOSE = 'monthly-gifts';

/**
 * A guest's link to their monthly gifts, in every mail about them: signed over the address it was
 * mailed to, since only that inbox's holder receives it. A signed-in donor's gifts are at
 * /donor/giving instead.
 */
export function manageLink(
  signer: LinkSigner,
  baseUrl: string,
  owner: { email: string; donorUserId: number | null },
): string {
  if (owner.donorUserId !== null) return `${baseUrl}/donor/giving`;
  return `${baseUrl}${signer.sign(MONTHLY_MANAGE_PATH, { purpose: PURPOSE, email: owner.email }, MANAGE_LINK_DAYS * 86_400)}`;
}

/** The address a guest's link was signed for; null when it is altered, expired or not such a link. */
export function emailOfManageLink(
  signer: LinkSigner,
  query: SignedQuery,
): { email: string } | { refused: 'tampered' | 'expired' } {
  const checked = signer.check(query, ['purpose', 'email']);
  if ('refused' in checked) return checked;
  if (checked.fields.purpose !== PURPOSE) return { refused: 'tampered' };
  return { email: checked.fields.email };
}

/** What a monthly gift's receipt says of it: the month it pays for, and the link to manage it. */
export function monthlyReceiptNote(
  signer: LinkSigner,
  baseUrl: string,
  gift: { donorEmail: string; donorUserId: number | null; period: string },
): { sentence: string; manageLink: string } {
  return {
    sentence: `This is your monthly gift for ${periodWords(gift.period)}.`,
    manageLink: manageLink(signer, baseUrl, { email: gift.donorEmail, donorUserId: gift.donorUserId }),
  };
}
