import { formatNaira } from '@contract/money';
import { receiptDate, type ReceiptFacts } from './receipt-facts';
import { FEE_WORDS, issuer, lineLabel, NON_REFUNDABLE, type Charity } from './receipt-pdf';
import { taggedPdf, type Column } from './tagged-pdf';

const COLUMNS: Column[] = [
  { header: 'Date', width: 0.2 },
  { header: 'Receipt', width: 0.22 },
  { header: 'Gift', width: 0.36 },
  { header: 'Amount', width: 0.22, align: 'right' },
];

export const statementFileName = (year: number): string => `gift-of-independence-statement-${year}.pdf`;

/** The year's total: what the donor paid, covered fees included, as each receipt's total says. */
export const yearTotal = (gifts: readonly ReceiptFacts[]): number => gifts.reduce((sum, g) => sum + g.totalKobo, 0);

/**
 * A donor's yearly statement: every recorded gift paid in the calendar year (Lagos time), oldest
 * first, one row per campaign and covered fee, and the year's total.
 */
export function renderStatement(
  input: { year: number; donorName: string; donorEmail: string; gifts: ReceiptFacts[] },
  charity: Charity,
): Promise<Buffer> {
  const gifts = [...input.gifts].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.donationId - b.donationId);
  const total = yearTotal(gifts);
  return taggedPdf(
    {
      title: `${charity.name} statement of gifts for ${input.year}`,
      subject: `Every gift ${input.donorName} made in ${input.year}: ${formatNaira(total)} in all.`,
      author: charity.name,
    },
    (sheet) => {
      issuer(sheet, charity);
      sheet.heading(`Statement of gifts for ${input.year}`);
      sheet.paragraph(`Donor: ${input.donorName}`);
      sheet.paragraph(`Email: ${input.donorEmail}`);
      sheet.paragraph(`Gifts made: ${gifts.length}`, { gapAfter: 14 });
      const rows = gifts.flatMap((gift) => {
        const date = receiptDate(gift.paidAt);
        const lines = gift.lines.map((line) => [
          date,
          gift.receiptNumber,
          lineLabel(line),
          formatNaira(line.amountKobo),
        ]);
        if (gift.feeKobo > 0) lines.push([date, gift.receiptNumber, FEE_WORDS, formatNaira(gift.feeKobo)]);
        return lines;
      });
      rows.push(['', '', `Total for ${input.year}`, formatNaira(total)]);
      sheet.table(COLUMNS, rows, { boldLastRow: true });
      sheet.paragraph(NON_REFUNDABLE, { bold: true });
    },
  );
}
