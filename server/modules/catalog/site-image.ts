import { IMAGE_URL_INVALID, siteImagePath } from '@contract/catalog-admin';
import { AppError } from '../../http/errors';

/**
 * An image address an admin gave for a product, as it is stored: the path of one of this site's
 * images. An absolute address counts only when it is this site's own public address; anything else
 * is refused in the form's words, since the pages would never load an image from elsewhere.
 */
export function siteImageAddress(value: string, publicBase: string): string {
  const image = siteImagePath(value);
  if (!image || (image.origin !== null && image.origin !== new URL(publicBase).origin)) {
    throw new AppError('validation_failed', IMAGE_URL_INVALID, { image_url: [IMAGE_URL_INVALID] });
  }
  return image.path;
}
