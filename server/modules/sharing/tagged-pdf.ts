import type PDFDocument from 'pdfkit';
import { notoSansFaces } from './fonts';

// A4 in points, with a 15 mm margin that every office printer can reach.
export const A4 = { width: 595.28, height: 841.89 };
export const A4_MARGIN = 42;
export const A4_CONTENT_WIDTH = A4.width - A4_MARGIN * 2;

export type PdfDoc = InstanceType<typeof PDFDocument>;

export type TaggedPdf = {
  doc: PdfDoc;
  /** The structure tree's Document element: each tagged piece is added to it in reading order. */
  root: PDFKit.PDFStructureElement;
  /** Paints decoration (bands, rules, a bar's drawing) outside the structure tree, as a layout artifact. */
  artifact: (paint: () => void) => void;
  /** Ends the document and answers its bytes. */
  finish: () => Promise<Buffer>;
};

/**
 * Opens an A4 tagged PDF (PDF/UA) as the house draws them: the title is the document's title and
 * shown as its name, the language is set, Noto Sans is registered as 'Regular' and 'Bold' (the
 * fonts ship with the app), and a Document root waits for the structure elements. Text is placed
 * by hand, so there is no bottom margin: nothing near the foot may spill onto a page alone.
 */
export async function openTaggedPdf(info: {
  Title: string;
  Subject: string;
  Author: string;
  Keywords?: string;
}): Promise<TaggedPdf> {
  // pdfkit is loaded by the first document, not at start (decision 0059).
  const [{ regular, bold }, { default: PdfDocument }] = await Promise.all([notoSansFaces(), import('pdfkit')]);
  const doc = new PdfDocument({
    size: 'A4',
    margins: { top: A4_MARGIN, left: A4_MARGIN, right: A4_MARGIN, bottom: 0 },
    pdfVersion: '1.7',
    // The library writes PDF/UA's identification; its published types list only the PDF/A subsets.
    subset: 'PDF/UA' as unknown as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    lang: 'en-NG',
    displayTitle: true,
    info,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a parsed face as it takes bytes (it looks for `layout`); its published types list only bytes.
  doc.registerFont('Regular', regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('Bold', bold as unknown as PDFKit.Mixins.PDFFontSource);
  const root = doc.struct('Document');
  doc.addStructure(root);
  return {
    doc,
    root,
    artifact: (paint) => {
      doc.markContent('Artifact', { type: 'Layout' });
      paint();
      doc.endMarkedContent();
    },
    finish: () => {
      doc.end();
      return finished;
    },
  };
}
