import type { ImageSet } from '@contract/images';
import type { Storage } from './storage';

/**
 * How an image kept in several sizes is named. The key a record stores is its largest WebP:
 * `public/<purpose>/<id>-<W>x<H>.webp` (`<W>x<H>t` when it has transparency), where `<id>` is the
 * first 16 hex digits of the SHA-256 of that WebP followed by 8 random ones (two records given the
 * same file each own their copy, so removing one never breaks the other). Every other size is
 * named from it: `<key without .webp>-<width>.webp` and `-<width>.jpg` (`.png` with transparency),
 * for each width of the ladder below the largest, and `-<W>.jpg` for the largest's fallback.
 * Nothing else is stored: the record keeps one key, and a key written before sizes existed (a
 * random name, or a shipped SVG) matches nothing here and is served as the one file it is.
 * The ladder must not change for keys already written; a new ladder needs a new key shape.
 */
export const IMAGE_WIDTHS = [160, 320, 640, 960, 1280] as const;

const SIZED_KEY = /^(public\/[a-z][a-z-]{0,40}\/[0-9a-f]{24}-([1-9]\d{0,4})x([1-9]\d{0,4})(t?))\.webp$/;

export type SizedImage = { key: string; width: number; height: number; fallback: 'jpg' | 'png'; widths: number[] };

/** The sizes an image of this key is stored at, or null for a key kept as a single file. */
export function parseSizedKey(key: string | null | undefined): SizedImage | null {
  const match = key ? SIZED_KEY.exec(key) : null;
  if (!match) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  return { key: key!, width, height, fallback: match[4] ? 'png' : 'jpg', widths: widthsFor(width) };
}

/** The ladder's widths below `width`, then `width` itself: never enlarged. */
export function widthsFor(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

export function sizedKey(input: {
  purposeFolder: string;
  id: string;
  width: number;
  height: number;
  transparent: boolean;
}): string {
  return `public/${input.purposeFolder}/${input.id}-${input.width}x${input.height}${input.transparent ? 't' : ''}.webp`;
}

/** The key of one size in one format. */
export function variantKey(image: SizedImage, width: number, format: 'webp' | 'fallback'): string {
  if (format === 'webp' && width === image.width) return image.key;
  const stem = image.key.slice(0, -'.webp'.length);
  return `${stem}-${width}.${format === 'webp' ? 'webp' : image.fallback}`;
}

/** Every object an image key stands for: itself and, for a sized image, each size in each format. */
export function storedKeysOf(key: string): string[] {
  const image = parseSizedKey(key);
  if (!image) return [key];
  return image.widths.flatMap((w) => [variantKey(image, w, 'webp'), variantKey(image, w, 'fallback')]);
}

/** The width `src` names: what a browser with no `srcset` gets, a phone screen's worth. */
const FALLBACK_SRC_WIDTH = 640;

/** What a page needs to offer each size, or null when the key is a single file (use its address). */
export function imageSetOf(storage: Pick<Storage, 'publicUrl'>, key: string | null | undefined): ImageSet | null {
  const image = parseSizedKey(key);
  if (!image) return null;
  const url = (w: number, format: 'webp' | 'fallback') => storage.publicUrl(variantKey(image, w, format))!;
  const list = (format: 'webp' | 'fallback') => image.widths.map((w) => `${url(w, format)} ${w}w`).join(', ');
  const srcWidth = [...image.widths].reverse().find((w) => w <= FALLBACK_SRC_WIDTH) ?? image.widths[0]!;
  return {
    src: url(srcWidth, 'fallback'),
    srcset: list('fallback'),
    webp_srcset: list('webp'),
    width: image.width,
    height: image.height,
  };
}
