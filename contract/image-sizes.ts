/**
 * How wide, in CSS pixels, each place shows an image: the `sizes` a browser reads to pick a size
 * from `srcset` before the page's styles are laid out. The web app's images and the preload hints
 * the server writes into a page's HTML use the same values, so the preload fetches the file the
 * image then uses. Kept free of zod: the home page imports it.
 */
export const IMAGE_SIZES = {
  /** Campaign and catalogue cards: one column on phones, two from 640 px, three (about 390 px) from 1024 px. */
  card: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
  /** A campaign page's top image: the full width on phones, half of a 1280 px page from 1024 px. */
  page: '(min-width: 1024px) 600px, 100vw',
  /** A success story beside its text from 768 px. */
  story: '(min-width: 768px) 600px, 100vw',
  /** Thumbnails in lists: the gift bag, a request's status, the admin's catalogue. */
  thumbnail: '160px',
} as const;
export type ImageSizes = keyof typeof IMAGE_SIZES;
