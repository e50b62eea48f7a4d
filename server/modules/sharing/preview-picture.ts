import type { Storage } from '../../providers/storage/storage';
import { campaignPhotoBytes } from './campaign-photo';
import type { PreviewPicture } from './preview-image';

/**
 * A stored image (a shipped SVG, an uploaded WebP) as a PNG data address fitted inside `box`, which
 * is what the drawing takes: satori reads PNG and JPEG only, and a small PNG keeps the drawing quick.
 * Null when the campaign has no picture; throws when it is there but cannot be read or converted.
 */
export async function previewPictureOf(
  storage: Storage,
  key: string | null,
  box: { width: number; height: number },
): Promise<PreviewPicture | null> {
  if (!key) return null;
  const bytes = await campaignPhotoBytes(storage, key);
  if (!bytes) return null;
  const { default: sharp } = await import('sharp');
  // SVGs are rasterised at twice their size, so the fitted copy stays sharp.
  const { data, info } = await sharp(bytes, { density: 144, limitInputPixels: 50_000_000 })
    .resize(box.width, box.height, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { dataUri: `data:image/png;base64,${data.toString('base64')}`, width: info.width, height: info.height };
}
