import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mail';
import type { LinkSigner } from '../../providers/storage/storage';
import { receiptDate, receiptFactsById } from './receipt-facts';
import { receiptMail } from './receipt-mail';
import { MAILED_LINK_SECONDS, receiptLink } from './receipt-link';
import { receiptFileName, renderReceipt } from './receipt-pdf';

export type ReceiptDeps = {
  db: Db;
  mailer: Mailer;
  signer: LinkSigner;
  config: Pick<Config, 'charity'>;
  baseUrl: string;
};

/**
 * The receipt mail of a recorded gift, with its PDF attached, drawn now from what the database holds.
 * A guest also gets a year-long link to download it again; a donor account finds it in My Gifts. A
 * failed send throws, and the queue retries; a gift that is not (or no longer) recorded sends nothing.
 */
export async function sendReceipt(deps: ReceiptDeps, donationId: number): Promise<void> {
  const facts = await receiptFactsById(deps.db, donationId);
  if (!facts) return;
  const pdf = await renderReceipt(facts, deps.config.charity);
  const message = receiptMail({
    to: facts.donorEmail,
    donorFullName: facts.donorFullName,
    reference: facts.reference,
    amountKobo: facts.totalKobo,
    feeKobo: facts.feeKobo,
    date: receiptDate(facts.paidAt),
    lines: facts.lines.map((line) => ({ label: line.label, units: line.units, amount: line.amountKobo })),
    unallocated: [],
    attached: true,
    ...(facts.donorUserId === null
      ? { receiptLink: `${deps.baseUrl}${receiptLink(deps.signer, facts.reference, MAILED_LINK_SECONDS)}` }
      : {}),
  });
  await deps.mailer.send({
    ...message,
    attachments: [{ filename: receiptFileName(facts), content: pdf, contentType: 'application/pdf' }],
  });
}
