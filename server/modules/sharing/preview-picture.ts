import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { isValidKey, type Storage } from '../../providers/storage/storage';
import type { PreviewPicture } from './preview-image';

const seedImagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'db', 'seed', 'images');
/** Larger than any stored image (uploads are re-encoded to at most a few hundred kilobytes). */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  if (!isValidKey(key)) return null;
  if (key.startsWith('seed/')) {
    // The shipped demo images sit in the repository, not in storage (providers/storage/local.ts).
    const file = path.resolve(seedImagesDir, key.slice('seed/'.length));
    if (!file.startsWith(seedImagesDir + path.sep)) return null;
    return fs.readFile(file).catch(() => null);
  }
  if (!key.startsWith('public/')) return null;
  const found = await storage.read(key, MAX_SOURCE_BYTES);
  return 'bytes' in found ? found.bytes : null;
}

/**
 * A stored image (a shipped SVG, an uploaded WebP) as a PNG data address fitted inside `box`, which
 * is what the drawing takes: satori reads PNG and JPEG only, and a small PNG keeps the drawing quick.
 * Null when the image is missing or unreadable: the preview is then drawn without it.
 */
export async function previewPictureOf(
  storage: Storage,
  key: string | null,
  box: { width: number; height: number },
): Promise<PreviewPicture | null> {
  if (!key) return null;
  try {
    const bytes = await bytesOf(storage, key);
    if (!bytes) return null;
    // SVGs are rasterised at twice their size, so the fitted copy stays sharp.
    const { data, info } = await sharp(bytes, { density: 144, limitInputPixels: 50_000_000 })
      .resize(box.width, box.height, { fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { dataUri: `data:image/png;base64,${data.toString('base64')}`, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
