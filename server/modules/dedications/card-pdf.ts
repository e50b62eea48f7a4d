import { taggedPdf } from '../receipts/tagged-pdf';
import { findOutMore, type CardWords } from './card-words';

/** The file name the card is attached as: what it is, never whose or how much. */
export const CARD_FILE_NAME = 'gift-of-independence-card.pdf';

/**
 * The card as a tagged A4 PDF in the receipts' way (decision 0035): the heading as its title, the
 * language set, Noto Sans embedded, and every sentence a heading or paragraph in the order it is read.
 */
export function renderCard(words: CardWords, charityName: string): Promise<Buffer> {
  return taggedPdf({ title: words.heading, subject: words.opening, author: charityName }, (sheet) => {
    sheet.heading(words.heading);
    sheet.paragraph(words.opening, { size: 13, gapAfter: 10 });
    for (const line of words.helps) sheet.paragraph(line, { size: 13 });
    if (words.message) {
      sheet.space(10);
      sheet.paragraph(words.message.intro, { bold: true, size: 13 });
      sheet.paragraph(words.message.body, { size: 13, gapAfter: 10 });
    }
    sheet.space(10);
    sheet.paragraph(words.charity);
    sheet.paragraph(findOutMore(words.siteAddress));
  });
}
