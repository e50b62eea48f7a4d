import { SITE_NAME, SITE_PURPOSE } from '@contract/site';
import { cutAtWord } from '@contract/text';
import { progressPercentOf, progressWordsOf } from './progress-words';
import { addressToType, qrAddress, qrMatrix, QUIET_MODULES } from './qr-code';
import type { ShareFacts } from './share-facts';
import {
  A4 as PAGE,
  A4_CONTENT_WIDTH as CONTENT_WIDTH,
  A4_MARGIN as MARGIN,
  openTaggedPdf,
  type PdfDoc,
} from './tagged-pdf';

export const SCAN_OR_TYPE = 'Scan the code or type the address to give.';

const BAND_HEIGHT = 96;
/** About 6.5 cm: a phone finds it from an arm's length across a notice board. */
const QR_SIZE = 176;
const GAP = 20;
const BAR_HEIGHT = 14;
const BAR_GAP = 8;

const INK = '#1a1a1a';
const BRAND_ORANGE = '#e46809';
const MUTED = '#4a4a4a';

/** About three hundred characters of the reason, cut after a whole word, so the poster keeps room for the code. */
export const REASON_LIMIT = 300;

/** Title sizes from the largest down; each is tried on up to three lines. */
const TITLE_SIZES = [32, 28, 24, 20];
const TITLE_LINES = 3;
/** At the smallest size a title may take a fourth line before it is cut. */
const LONGEST_TITLE_LINES = 4;

/**
 * The title's size and the words shown: the largest size at which it fits three lines; else the
 * smallest over four, cut after a word with an ellipsis when even that is too little (a 150-character
 * product for a 160-character organization). The whole title stays the heading's ActualText and the
 * document's title, so nothing is lost to a screen reader.
 */
export function fitTitle(doc: PdfDoc, title: string): { size: number; shown: string } {
  const fits = (size: number, text: string, lines: number) =>
    doc.font('Bold').fontSize(size).heightOfString(text, { width: CONTENT_WIDTH }) <= size * 1.4 * lines;
  const size = TITLE_SIZES.find((candidate) => fits(candidate, title, TITLE_LINES));
  if (size !== undefined) return { size, shown: title };
  const smallest = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  let shown = title;
  while (!fits(smallest, shown, LONGEST_TITLE_LINES)) shown = cutAtWord(title, shown.length - 1);
  return { size: smallest, shown };
}

export type PosterInput = {
  facts: ShareFacts;
  /** The site's public address (PUBLIC_URL), never one taken from the request. */
  baseUrl: string;
  /** The campaign's picture as JPEG or PNG, or null to leave it out. */
  photo: Buffer | null;
};

/**
 * A printable A4 poster for a campaign, as a tagged PDF (PDF/UA): the structure tree holds the
 * site's name, the title as the heading, the picture and the code as figures with alternative text,
 * the reason, the progress and the address, in the order they are read; the orange band, the
 * progress bar's drawing and the rules are marked as artifacts, since the words carry what they say.
 */
export async function renderPoster({ facts, baseUrl, photo }: PosterInput): Promise<Buffer> {
  const scanTo = qrAddress(baseUrl, facts.path);
  const typed = addressToType(baseUrl, facts.path);
  const { doc, root, artifact, finish } = await openTaggedPdf({
    Title: `${facts.title}: a poster to give`,
    Subject: `Scan the code or visit ${typed} to give to this campaign.`,
    Author: SITE_NAME,
    Keywords: 'assistive technology, donation, QR code',
  });

  // The band: near-black words on the brand orange, which is too light for orange text on white.
  artifact(() => doc.rect(0, 0, PAGE.width, BAND_HEIGHT).fill(BRAND_ORANGE));
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Bold').fontSize(28).fillColor(INK).text(SITE_NAME, MARGIN, 22, { width: CONTENT_WIDTH });
    }),
  );
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Regular').fontSize(12.5).fillColor(INK).text(SITE_PURPOSE, MARGIN, 62, { width: CONTENT_WIDTH });
    }),
  );

  // Measured first, so the picture takes what the words leave above the code.
  const title = fitTitle(doc, facts.title);
  const titleTop = BAND_HEIGHT + 26;
  const titleHeight = doc.font('Bold').fontSize(title.size).heightOfString(title.shown, { width: CONTENT_WIDTH });
  const reason = cutAtWord(facts.reason, REASON_LIMIT);
  const reasonOptions = { width: CONTENT_WIDTH, lineGap: 3 };
  const reasonHeight = doc.font('Regular').fontSize(13).heightOfString(reason, reasonOptions);
  const progress = progressWordsOf(facts);
  const progressHeight =
    doc.font('Bold').fontSize(17).heightOfString(progress.main, { width: CONTENT_WIDTH }) +
    doc.font('Regular').fontSize(14).heightOfString(progress.detail, { width: CONTENT_WIDTH }) +
    BAR_GAP +
    BAR_HEIGHT;
  // The address in the largest type that fits on one line; a very long one wraps at the smallest.
  const addressSize =
    [30, 27, 24, 21, 18].find((size) => doc.font('Bold').fontSize(size).widthOfString(typed) <= CONTENT_WIDTH) ?? 18;
  const addressHeight = doc.font('Bold').fontSize(addressSize).heightOfString(typed, { width: CONTENT_WIDTH });
  const addressTop = PAGE.height - MARGIN - addressHeight;
  const codeTop = addressTop - 10 - QR_SIZE;
  const photoTop = titleTop + titleHeight + GAP;
  const room = codeTop - GAP * 2 - photoTop - reasonHeight - GAP - progressHeight - GAP;
  const photoHeight = Math.min(250, room);
  const showPhoto = photo !== null && photoHeight >= 90;

  root.add(
    doc.struct('H1', title.shown === facts.title ? {} : { actual: facts.title }, () => {
      doc
        .font('Bold')
        .fontSize(title.size)
        .fillColor(INK)
        .text(title.shown, MARGIN, titleTop, { width: CONTENT_WIDTH });
    }),
  );

  let y = photoTop;
  if (showPhoto) {
    const top = y;
    root.add(
      doc.struct('Figure', { alt: `Picture of ${facts.productName}` }, () => {
        doc.image(photo, MARGIN, top, { fit: [CONTENT_WIDTH, photoHeight], align: 'center', valign: 'center' });
      }),
    );
    y += photoHeight + GAP;
  }

  const reasonTop = y;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Regular').fontSize(13).fillColor(INK).text(reason, MARGIN, reasonTop, reasonOptions);
    }),
  );
  y = reasonTop + reasonHeight + GAP;

  // Each figure its own paragraph, so a screen reader pauses between them.
  const progressTop = y;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Bold').fontSize(17).fillColor(INK).text(progress.main, MARGIN, progressTop, { width: CONTENT_WIDTH });
    }),
  );
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Regular').fontSize(14).fillColor(INK).text(progress.detail, MARGIN, doc.y, { width: CONTENT_WIDTH });
    }),
  );
  const barTop = doc.y + BAR_GAP;
  const share = progressPercentOf(facts);
  artifact(() => {
    doc.lineWidth(1).rect(MARGIN, barTop, CONTENT_WIDTH, BAR_HEIGHT).fillAndStroke('#ffffff', INK);
    if (share > 0) doc.rect(MARGIN, barTop, (CONTENT_WIDTH * share) / 100, BAR_HEIGHT).fillAndStroke(BRAND_ORANGE, INK);
    doc
      .moveTo(MARGIN, codeTop - GAP)
      .lineTo(PAGE.width - MARGIN, codeTop - GAP)
      .lineWidth(0.75)
      .stroke(MUTED);
  });

  // The code, drawn as vector squares so it prints crisp at any size, with its white quiet zone.
  const { size, runs } = qrMatrix(scanTo);
  const module = QR_SIZE / (size + QUIET_MODULES * 2);
  root.add(
    doc.struct('Figure', { alt: `QR code: scan to open ${typed}` }, () => {
      doc.rect(MARGIN, codeTop, QR_SIZE, QR_SIZE).fill('#ffffff');
      for (const run of runs) {
        doc.rect(
          MARGIN + (run.x + QUIET_MODULES) * module,
          codeTop + (run.y + QUIET_MODULES) * module,
          run.width * module,
          module,
        );
      }
      doc.fill('#000000');
    }),
  );

  const textLeft = MARGIN + QR_SIZE + 20;
  const textWidth = PAGE.width - MARGIN - textLeft;
  const instructionHeight = doc.font('Bold').fontSize(22).heightOfString(SCAN_OR_TYPE, { width: textWidth });
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font('Bold')
        .fontSize(22)
        .fillColor(INK)
        .text(SCAN_OR_TYPE, textLeft, codeTop + (QR_SIZE - instructionHeight) / 2, { width: textWidth });
    }),
  );

  // The address as a link too, for whoever opens the PDF on a phone rather than printing it.
  const paragraph = doc.struct('P');
  root.add(paragraph);
  const link = doc.struct('Link');
  paragraph.add(link);
  link.add(() => {
    doc.font('Bold').fontSize(addressSize).fillColor(INK).text(typed, MARGIN, addressTop, { width: CONTENT_WIDTH });
  });
  doc.link(MARGIN, addressTop, Math.min(doc.widthOfString(typed), CONTENT_WIDTH), addressHeight, scanTo, {
    structParent: link,
    // PDF/UA asks every link for a description; the library writes a plain string as a name.
    Contents: new String(`Open ${typed}`),
  } as unknown as Parameters<typeof doc.link>[5]);
  link.end();
  paragraph.end();

  root.end();
  return finish();
}
