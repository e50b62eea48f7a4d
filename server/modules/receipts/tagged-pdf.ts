import {
  A4 as PAGE,
  A4_CONTENT_WIDTH as CONTENT_WIDTH,
  A4_MARGIN as MARGIN,
  openTaggedPdf,
} from '../sharing/tagged-pdf';

const BOTTOM = PAGE.height - MARGIN;
const CELL_PADDING = 5;

const INK = '#1a1a1a';
const MUTED = '#4a4a4a';
const BRAND_ORANGE = '#e46809';

export type Column = { header: string; width: number; align?: 'left' | 'right' };

/** What a page of a receipt or statement is made of, each piece tagged as it is drawn, in reading order. */
export type Sheet = {
  heading(text: string, level?: 1 | 2): void;
  paragraph(text: string, options?: { bold?: boolean; size?: number; gapAfter?: number }): void;
  /** A table of columns whose widths are shares of the page's width (they add up to 1). */
  table(columns: Column[], rows: string[][], options?: { boldLastRow?: boolean }): void;
  space(points: number): void;
  /** A picture (PNG or JPEG bytes) fitted in a box at the left, tagged as a Figure with its words for a screen reader. */
  figure(image: Buffer, alt: string, box: { width: number; height: number; gapAfter?: number }): void;
};

/**
 * A tagged PDF (PDF/UA) of one or more A4 pages: the title is the document's title and shown as its
 * name, the language is set, and every word sits in the structure tree (headings, paragraphs, a table
 * of header and data cells) in the order it is read; the band and the rules are artifacts.
 */
export async function taggedPdf(
  info: { title: string; subject: string; author: string },
  draw: (sheet: Sheet) => void,
): Promise<Buffer> {
  const { doc, root, artifact, finish } = await openTaggedPdf({
    Title: info.title,
    Subject: info.subject,
    Author: info.author,
  });
  const band = () => artifact(() => doc.rect(0, 0, PAGE.width, 10).fill(BRAND_ORANGE));
  band();

  let y = MARGIN;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    band();
    y = MARGIN;
  };

  const block = (tag: string, text: string, font: 'Regular' | 'Bold', size: number, gapAfter: number) => {
    const height = doc.font(font).fontSize(size).heightOfString(text, { width: CONTENT_WIDTH });
    room(height);
    const top = y;
    root.add(
      doc.struct(tag, {}, () => {
        doc.font(font).fontSize(size).fillColor(INK).text(text, MARGIN, top, { width: CONTENT_WIDTH });
      }),
    );
    y = top + height + gapAfter;
  };

  const sheet: Sheet = {
    heading(text, level = 1) {
      block(level === 1 ? 'H1' : 'H2', text, 'Bold', level === 1 ? 22 : 15, level === 1 ? 10 : 6);
    },
    paragraph(text, options = {}) {
      block('P', text, options.bold ? 'Bold' : 'Regular', options.size ?? 11, options.gapAfter ?? 3);
    },
    space(points) {
      y += points;
    },
    figure(image, alt, box) {
      room(box.height);
      const top = y;
      root.add(
        doc.struct('Figure', { alt }, () => {
          doc.image(image, MARGIN, top, { fit: [box.width, box.height], valign: 'center' });
        }),
      );
      y = top + box.height + (box.gapAfter ?? 10);
    },
    table(columns, rows, options = {}) {
      const widths = columns.map((c) => c.width * CONTENT_WIDTH);
      const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
      const table = doc.struct('Table');
      root.add(table);
      const drawRow = (cells: string[], tag: 'TH' | 'TD', font: 'Regular' | 'Bold') => {
        const textWidth = (i: number) => widths[i]! - CELL_PADDING * 2;
        const height =
          Math.max(
            ...cells.map((c, i) =>
              doc
                .font(font)
                .fontSize(10.5)
                .heightOfString(c, { width: textWidth(i) }),
            ),
          ) +
          CELL_PADDING * 2;
        room(height);
        const top = y;
        const row = doc.struct('TR');
        table.add(row);
        cells.forEach((cell, i) => {
          row.add(
            doc.struct(tag, {}, () => {
              doc
                .font(font)
                .fontSize(10.5)
                .fillColor(INK)
                .text(cell, lefts[i]! + CELL_PADDING, top + CELL_PADDING, {
                  width: textWidth(i),
                  align: columns[i]!.align ?? 'left',
                });
            }),
          );
        });
        row.end();
        artifact(() =>
          doc
            .moveTo(MARGIN, top + height)
            .lineTo(MARGIN + CONTENT_WIDTH, top + height)
            .lineWidth(tag === 'TH' ? 1 : 0.5)
            .stroke(tag === 'TH' ? INK : MUTED),
        );
        y = top + height;
      };
      drawRow(
        columns.map((c) => c.header),
        'TH',
        'Bold',
      );
      rows.forEach((cells, index) =>
        drawRow(cells, 'TD', options.boldLastRow && index === rows.length - 1 ? 'Bold' : 'Regular'),
      );
      table.end();
      y += 12;
    },
  };

  draw(sheet);
  root.end();
  return finish();
}
