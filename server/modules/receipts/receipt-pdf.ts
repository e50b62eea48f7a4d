import { formatNaira } from '@contract/money';
import { ERASED_DONOR_NAME } from '@contract/privacy';
import type { Config } from '../../config';
import { matchedWords, receiptDate, type ReceiptFacts, type ReceiptLine } from './receipt-facts';
import { taggedPdf, type Column, type Sheet } from './tagged-pdf';

export type Charity = Config['charity'];

export const NON_REFUNDABLE = 'Donations are final and non-refundable.';

/** A line as the receipt and the statement word it: the campaign, and its units when more than one. */
export const lineLabel = (line: ReceiptLine): string =>
  line.units > 1 ? `${line.label} (${line.units} units)` : line.label;

export const FEE_WORDS = 'Payment fee you covered';

/** The file name a receipt downloads as: the site's name, then the receipt's number. */
export const receiptFileName = (facts: Pick<ReceiptFacts, 'receiptNumber'>): string =>
  `gift-of-independence-receipt-${facts.receiptNumber}.pdf`;

/** The charity's name, address and registration, at the head of every receipt and statement. */
export function issuer(sheet: Sheet, charity: Charity): void {
  sheet.paragraph(charity.name, { bold: true, size: 16 });
  sheet.paragraph(charity.address);
  sheet.paragraph(`Registration number: ${charity.registrationNumber}`, { gapAfter: 16 });
}

const LINE_COLUMNS: Column[] = [
  { header: 'Campaign', width: 0.56 },
  { header: 'Units', width: 0.14, align: 'right' },
  { header: 'Amount', width: 0.3, align: 'right' },
];

/** The receipt of one recorded gift, as a tagged PDF read in the order it is printed. */
export function renderReceipt(facts: ReceiptFacts, charity: Charity): Promise<Buffer> {
  return taggedPdf(
    {
      title: `${charity.name} receipt ${facts.receiptNumber}`,
      subject: `Receipt for a gift of ${formatNaira(facts.totalKobo)}, payment reference ${facts.reference}.`,
      author: charity.name,
    },
    (sheet) => {
      issuer(sheet, charity);
      sheet.heading(`Receipt ${facts.receiptNumber}`);
      sheet.paragraph(`Date: ${receiptDate(facts.paidAt)}`);
      // A donor who had their name erased (docs/decisions/0054) gets a receipt that names nobody.
      if (facts.donorFullName === ERASED_DONOR_NAME) sheet.paragraph('Donor: name erased at the donor’s request');
      else {
        sheet.paragraph(`Donor: ${facts.donorFullName}`);
        sheet.paragraph(`Email: ${facts.donorEmail}`);
      }
      sheet.paragraph(`Payment reference: ${facts.reference}`);
      sheet.paragraph(`Paid by: ${facts.channel ?? 'Not stated by the payment provider'}`, { gapAfter: 14 });
      if (facts.dedication) sheet.paragraph(facts.dedication, { bold: true, gapAfter: 10 });
      sheet.heading('Your gifts', 2);
      const rows = facts.lines.map((line) => [
        line.label,
        line.units > 0 ? String(line.units) : '',
        formatNaira(line.amountKobo),
      ]);
      if (facts.feeKobo > 0) rows.push([FEE_WORDS, '', formatNaira(facts.feeKobo)]);
      rows.push(['Total', '', formatNaira(facts.totalKobo)]);
      sheet.table(LINE_COLUMNS, rows, { boldLastRow: true });
      // A sponsor's part went with the gift but was not paid by the donor: said after the total, apart.
      for (const m of facts.matched)
        sheet.paragraph(`${matchedWords(m, formatNaira(m.amountKobo))} to ${lineLabel(m)}`, {
          gapAfter: 6,
        });
      sheet.paragraph(NON_REFUNDABLE, { bold: true });
      sheet.paragraph(`Thank you for your gift to ${charity.name}.`);
    },
  );
}
