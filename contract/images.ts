import { z } from 'zod';

/**
 * An uploaded image in the sizes it is stored at, for `srcset`: `webp_srcset` for browsers that
 * read WebP, `srcset` and `src` in JPEG (PNG when the image has transparency) for the rest.
 * `width` and `height` are the largest size's, so a page can reserve the image's box before it
 * arrives. Every address is fixed for its bytes and cached for a year.
 */
export const imageSetSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  webp_srcset: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageSet = z.infer<typeof imageSetSchema>;
