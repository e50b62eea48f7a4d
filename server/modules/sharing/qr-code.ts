import QRCode from 'qrcode';
import { digestOf } from './digest';

/**
 * Level Q restores a quarter of the code: a poster pinned to a notice board gets folded, smudged and
 * photographed at an angle, and the address is short enough that Q still gives a small code.
 */
const ERROR_CORRECTION = 'Q';
/** The blank border a scanner needs to find the code: four modules, as the standard asks. */
export const QUIET_MODULES = 4;
/** A PNG is at least this wide, so a printed copy stays sharp at 10 cm. */
const PNG_MIN_PIXELS = 800;

/**
 * What a QR code opens: the campaign page, marked `?ref=qr` so a gift that starts from a poster or
 * a printed code is counted under that source (docs/decisions/0033).
 */
export function qrAddress(baseUrl: string, path: string): string {
  return `${baseUrl}${path}?ref=qr`;
}

/** The address as a person reads it aloud or types it: no `?ref`, and no `https://` to spell out. */
export function addressToType(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/^https:\/\//, '')}${path}`;
}

/** One run of dark modules in a row, in module units (quiet zone excluded). */
export type DarkRun = { x: number; y: number; width: number };

export type QrMatrix = { size: number; runs: DarkRun[] };

/** The code's modules as runs along each row, so a drawing needs one rectangle per run, not per module. */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const size = modules.size;
  const runs: DarkRun[] = [];
  for (let y = 0; y < size; y += 1) {
    let start = -1;
    for (let x = 0; x <= size; x += 1) {
      const dark = x < size && modules.get(y, x) === 1;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, width: x - start });
        start = -1;
      }
    }
  }
  return { size, runs };
}

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The code as SVG, dark on white with its quiet zone, named by a `<title>` (role="img" with
 * aria-labelledby) so a screen reader says what it is when the file is opened or placed in a page.
 * The title's id is the code's own, so two codes placed in one page each keep their name.
 */
export function qrSvg(text: string, name: string): string {
  const { size, runs } = qrMatrix(text);
  const titleId = `qr-title-${digestOf(text).slice(0, 12)}`;
  const whole = size + QUIET_MODULES * 2;
  const path = runs.map((r) => `M${r.x + QUIET_MODULES} ${r.y + QUIET_MODULES}h${r.width}v1h-${r.width}z`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${whole} ${whole}" width="${whole * 8}" height="${whole * 8}" ` +
    `role="img" aria-labelledby="${titleId}" shape-rendering="crispEdges">` +
    `<title id="${titleId}">${xmlText(name)}</title>` +
    `<rect width="${whole}" height="${whole}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${path}"/>` +
    `</svg>\n`
  );
}

/**
 * The code as a two-colour PNG with whole pixels per module (crisp edges), at least PNG_MIN_PIXELS
 * wide. The pixels are set here and encoded by sharp, off the event loop.
 */
export async function qrPng(text: string): Promise<Buffer> {
  const { size, runs } = qrMatrix(text);
  const scale = Math.ceil(PNG_MIN_PIXELS / (size + QUIET_MODULES * 2));
  const side = (size + QUIET_MODULES * 2) * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (const run of runs) {
    const left = (run.x + QUIET_MODULES) * scale;
    for (let row = (run.y + QUIET_MODULES) * scale, end = row + scale; row < end; row += 1) {
      pixels.fill(0, row * side + left, row * side + left + run.width * scale);
    }
  }
  const { default: sharp } = await import('sharp');
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}
