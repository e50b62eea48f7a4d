import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mail';
import type { LinkSigner } from '../../providers/storage/storage';
import { receiptDate, receiptFactsById } from './receipt-facts';
import { receiptMail } from './receipt-mail';
import { MAILED_LINK_SECONDS, receiptLink } from './receipt-link';

export type ReceiptDeps = {
  db: Db;
  mailer: Mailer;
  signer: LinkSigner;
  config: Pick<Config, 'charity'>;
  baseUrl: string;
  /**
   * What a monthly gift's receipt says of it: the month and the donor's link to manage it (handed
   * in by the composition, since monthly gifts are giving's).
   */
  monthlyNote?: (gift: { donorEmail: string; donorUserId: number | null; period: string }) => {
    sentence: string;
    manageLink: string;
  };
};

/**
 * The receipt mail of a recorded gift, from what the database holds, with a year-long link to its
 * PDF. The PDF is drawn when first downloaded, not here: most receipts are never opened, and drawing
 * one costs more than the rest of the gift (decision 0064). A failed send throws, and the queue
 * retries; a gift that is not (or no longer) recorded sends nothing.
 */
export async function sendReceipt(deps: ReceiptDeps, donationId: number): Promise<void> {
  const facts = await receiptFactsById(deps.db, donationId);
  if (!facts) return;
  const message = receiptMail({
    to: facts.donorEmail,
    donorFullName: facts.donorFullName,
    reference: facts.reference,
    amountKobo: facts.totalKobo,
    feeKobo: facts.feeKobo,
    date: receiptDate(facts.paidAt),
    lines: facts.lines.map((line) => ({ label: line.label, units: line.units, amount: line.amountKobo })),
    matched: facts.matched.map((m) => ({ sponsorName: m.sponsorName, label: m.label, amount: m.amountKobo })),
    unallocated: [],
    receiptLink: `${deps.baseUrl}${receiptLink(deps.signer, facts.reference, MAILED_LINK_SECONDS)}`,
    inMyGifts: facts.donorUserId !== null,
    dedication: facts.dedication,
    monthly:
      facts.monthlyPeriod && deps.monthlyNote
        ? deps.monthlyNote({
            donorEmail: facts.donorEmail,
            donorUserId: facts.donorUserId,
            period: facts.monthlyPeriod,
          })
        : null,
  });
  await deps.mailer.send(message);
}
