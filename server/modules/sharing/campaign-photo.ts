import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidKey, type Storage } from '../../providers/storage/storage';

/** The shipped demo images `seed/...` keys name; they live in the repository, not in storage. */
const seedImagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'db', 'seed', 'images');
/** Larger than any stored image (uploads are re-encoded to at most a few hundred kilobytes). */
const LARGEST_IMAGE_BYTES = 10 * 1024 * 1024;
/** Wide enough for a sharp print at the poster's picture size (about 12 cm at 250 dpi). */
const PRINT_PIXELS = 1200;

/**
 * The bytes of a campaign's public picture (a shipped demo SVG or an uploaded image), or null when
 * it has none: no such file, or a key that is not a public image's (personal documents are never
 * drawn into anything). Throws when the file may be there but could not be read (storage failed):
 * a drawing made without it then is not kept as the campaign's for good.
 */
export async function campaignPhotoBytes(storage: Storage, key: string): Promise<Buffer | null> {
  if (!isValidKey(key)) return null;
  if (key.startsWith('seed/')) {
    const file = path.resolve(seedImagesDir, key.slice('seed/'.length));
    if (!file.startsWith(seedImagesDir + path.sep)) return null;
    return fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
  }
  if (!key.startsWith('public/')) return null;
  const found = await storage.read(key, LARGEST_IMAGE_BYTES);
  return 'bytes' in found ? found.bytes : null;
}

/**
 * A picture for a drawing, read by `read`: `lasting` is false when it failed to read (the drawing
 * is then made without it, sent, and not kept), true when it was read or there is none.
 */
export async function pictureForDrawing<T>(
  read: () => Promise<T | null>,
  onFailure: (error: unknown) => void,
): Promise<{ picture: T | null; lasting: boolean }> {
  try {
    return { picture: await read(), lasting: true };
  } catch (error) {
    onFailure(error);
    return { picture: null, lasting: false };
  }
}

/**
 * A campaign's picture as a JPEG a PDF can embed (uploads are WebP and the demo images SVG), on
 * white, at most PRINT_PIXELS on its longer side; null when it has none. Throws when it is there but
 * cannot be read or converted.
 */
export async function printablePhoto(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const bytes = await campaignPhotoBytes(storage, key);
  if (!bytes) return null;
  // SVGs are drawn at a density that gives the print size, not their nominal few hundred pixels.
  const { default: sharp } = await import('sharp');
  const input = key.endsWith('.svg') ? sharp(bytes, { density: 300 }) : sharp(bytes);
  return input
    .rotate()
    .resize(PRINT_PIXELS, PRINT_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
