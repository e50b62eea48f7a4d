import fs from 'node:fs/promises';
import type { Font } from 'fontkit';

const fontFile = (name: string) => new URL(`../../assets/fonts/${name}`, import.meta.url);

/** Noto Sans (OFL, shipped in the repository; it has the ₦ sign), the face of every drawing. */
export type NotoSans = { regular: Buffer; bold: Buffer };

let fonts: Promise<NotoSans> | undefined;

/** The two weights every drawing uses, read once, on the first drawing that needs them. */
export function notoSans(): Promise<NotoSans> {
  fonts ??= Promise.all([
    fs.readFile(fontFile('NotoSans-Regular.ttf')),
    fs.readFile(fontFile('NotoSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  // A failed read is not kept: the next drawing tries again.
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

let faces: Promise<{ regular: Font; bold: Font }> | undefined;

/**
 * The two weights parsed once for every PDF. Parsing a face decodes its kerning and shaping tables
 * on first use, which cost more than drawing a whole receipt; each document still embeds its own
 * subset of the shared face.
 */
export function notoSansFaces(): Promise<{ regular: Font; bold: Font }> {
  faces ??= Promise.all([notoSans(), import('fontkit')]).then(([{ regular, bold }, { create: parseFont }]) => ({
    regular: parseFont(regular),
    bold: parseFont(bold),
  }));
  faces.catch(() => (faces = undefined));
  return faces;
}
