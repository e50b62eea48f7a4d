import { z } from 'zod';
import { oneLine } from './one-line';

/**
 * The admin's side of the two catalogues (product notes 5).
 * Prices travel in kobo, like every amount in the API; the admin's form takes naira.
 */

export const PRODUCT_IMAGE_REQUIRED = 'Please select a product image to upload.';
export const SPECIFICATIONS_INVALID =
  'Specifications must be a JSON object of names and values, such as {"Battery": "8 hours"}.';
export const IMAGE_URL_INVALID =
  "Use an image uploaded to this site: an address under this site's /media/ images, or leave it empty.";

/**
 * Where this site serves images: uploads under /media/public/, shipped ones under /media/seed/. Each
 * segment starts with a letter or digit, so no address climbs out of them. Pages allow images from
 * this site only (the content security policy), so an image elsewhere would never show.
 */
const SITE_IMAGE_PATH = /^\/media\/(?:public|seed)(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/;

/**
 * The path of one of this site's images named by `value`: the path itself, or an absolute address's
 * path (the server then checks the address is its own). Null when it names anything else.
 */
export function siteImagePath(value: string): { path: string; origin: string | null } | null {
  if (value.startsWith('/')) return SITE_IMAGE_PATH.test(value) ? { path: value, origin: null } : null;
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.search || url.hash || url.username || url.password || !SITE_IMAGE_PATH.test(url.pathname)) return null;
  return { path: url.pathname, origin: url.origin };
}

const name = oneLine(
  z
    .string({ error: 'Enter the product name.' })
    .trim()
    .min(1, 'Enter the product name.')
    .max(150, 'Keep the name under 150 characters.'),
);
const description = z
  .string({ error: 'Enter a description.' })
  .trim()
  .min(1, 'Enter a description.')
  .max(3000, 'Keep the description under 3,000 characters.');
/** Kobo: a whole number above zero, at most ₦10 billion. */
const price = z
  .number({ error: 'Enter a price in naira.' })
  .int('The price must be a whole number of kobo.')
  .positive('The price must be more than ₦0.')
  .max(1_000_000_000_000, 'That price is too large.');
const imageKey = z.string().trim().min(1).max(300);

export const productCreateSchema = z.object({
  name,
  description,
  price,
  imageKey: z.string({ error: PRODUCT_IMAGE_REQUIRED }).trim().min(1, PRODUCT_IMAGE_REQUIRED).max(300),
});
export const productUpdateSchema = z.object({ name, description, price, imageKey: imageKey.optional() });
export type ProductInput = z.infer<typeof productUpdateSchema>;

/** Names and values shown on the card (e.g. Battery: 8 hours). Numbers are kept as text. */
export const specificationsSchema = z
  .record(
    oneLine(
      z.string().trim().min(1, SPECIFICATIONS_INVALID).max(60, 'Keep each specification name under 60 characters.'),
    ),
    z.union(
      [
        oneLine(z.string().trim().max(200, 'Keep each specification under 200 characters.')),
        z.number().transform(String),
      ],
      { error: SPECIFICATIONS_INVALID },
    ),
    { error: SPECIFICATIONS_INVALID },
  )
  .refine((o) => Object.keys(o).length <= 30, 'At most 30 specifications.');

/** The same names and values written as the product's JSON text ('{"Battery": "8 hours"}'). */
const specificationsText = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: SPECIFICATIONS_INVALID });
      return z.NEVER;
    }
  })
  .pipe(specificationsSchema);

/**
 * What the organization product calls take: an object, or the product's JSON text of one ('{}' when
 * absent). Either way the same checks and messages apply.
 */
export const specificationsInputSchema = z
  .union([specificationsSchema, specificationsText], { error: SPECIFICATIONS_INVALID })
  .default({});

export const organizationProductInputSchema = z.object({
  /** The product's edit form sends the id too; when it does, it must be the address's. */
  id: z.number().int().positive().optional(),
  name,
  description,
  price,
  max_quantity: z
    .number({ error: 'Enter the largest number of units one request may ask for.' })
    .int('The maximum quantity must be a whole number.')
    .min(1, 'The maximum quantity must be at least 1.')
    .max(10_000, 'The maximum quantity must be at most 10,000.'),
  /** One of this site's images by its address (see siteImagePath); an upload goes in imageKey. */
  image_url: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(500, IMAGE_URL_INVALID)
        .refine((u) => siteImagePath(u) !== null, IMAGE_URL_INVALID),
    ])
    .nullable()
    .optional(),
  /** An uploaded image instead of an address; it wins over `image_url`. */
  imageKey: imageKey.optional(),
  is_available: z.boolean({ error: 'Say whether the product is available.' }).default(true),
  specifications: specificationsInputSchema,
});
export type OrganizationProductInput = z.infer<typeof organizationProductInputSchema>;

export const catalogActionReplySchema = z.object({
  message: z.string(),
  id: z.number().int(),
  withdrawn: z.boolean().optional(),
});

export const productIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Product id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Product id must be a positive whole number.'),
});
