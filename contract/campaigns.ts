import { z } from 'zod';
import { imageSetSchema } from './images';
import { CURSOR_INVALID_MESSAGE, PAGE_DEFAULT, PAGE_MAX } from './pagination';
import { SEARCH_MAX_LENGTH, normalizeSearchQuery } from './search';

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(PAGE_MAX, `limit must be at most ${PAGE_MAX}.`)
    .default(PAGE_DEFAULT),
  cursor: z.string({ error: CURSOR_INVALID_MESSAGE }).max(200, CURSOR_INVALID_MESSAGE).optional(),
});

export const searchQuerySchema = z
  .string({ error: 'Enter something to search for.' })
  .transform(normalizeSearchQuery)
  .pipe(
    z
      .string()
      .min(1, 'Enter something to search for.')
      .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`),
  );

const money = z.number().int().nonnegative();
const timestamp = z.string();

export const recipientCampaignStatusSchema = z.enum(['pending', 'approved', 'rejected', 'purchased', 'delivered']);
export const organizationCampaignStatusSchema = z.enum([
  'pending',
  'approved',
  'partially_fulfilled',
  'fulfilled',
  'rejected',
]);

/**
 * A recipient campaign as the public sees it. All money fields are integer kobo.
 * Contact details, ID documents and admin notes are never public.
 */
export const publicRecipientCampaignSchema = z.object({
  id: z.number().int(),
  type: z.literal('recipient'),
  first_name: z.string(),
  last_name: z.string(),
  organization_name: z.null(),
  profile_photo_url: z.string().nullable(),
  product_name: z.string(),
  product_image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  product_image: imageSetSchema.nullable().optional(),
  product_description: z.string(),
  product_price: money,
  unit_price: money,
  total_price: money,
  quantity: z.number().int(),
  units_fulfilled: z.number().int(),
  units_remaining: z.number().int(),
  amount_raised: money,
  employment_status: z.string().nullable(),
  state_of_origin: z.string().nullable(),
  specifications: z.record(z.string(), z.string()),
  reason: z.string(),
  status: recipientCampaignStatusSchema,
  is_featured: z.boolean(),
  is_funded: z.boolean(),
  delivery_status: z.string().nullable(),
  appreciation_video_url: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PublicRecipientCampaign = z.infer<typeof publicRecipientCampaignSchema>;

export const publicOrganizationCampaignSchema = z.object({
  id: z.number().int(),
  type: z.literal('organization'),
  product_name: z.string(),
  product_description: z.string(),
  image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  image: imageSetSchema.nullable().optional(),
  unit_price: money,
  total_price: money,
  quantity: z.number().int(),
  units_fulfilled: z.number().int(),
  units_remaining: z.number().int(),
  amount_raised: money,
  organization_name: z.string(),
  profile_photo_url: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  reason: z.string(),
  specifications: z.record(z.string(), z.string()),
  status: organizationCampaignStatusSchema,
  is_funded: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PublicOrganizationCampaign = z.infer<typeof publicOrganizationCampaignSchema>;

export const searchResultSchema = z.discriminatedUnion('type', [
  publicRecipientCampaignSchema,
  publicOrganizationCampaignSchema,
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

export const campaignListQuerySchema = pageQuerySchema;
/** The 503 a search gets while the server is answering as many searches as it can. */
export const SEARCH_BUSY_MESSAGE = 'Search is busy right now. Please try again in a few seconds.';

export const campaignSearchQuerySchema = pageQuerySchema.extend({ q: searchQuerySchema });

export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Campaign id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Campaign id must be a positive whole number.'),
});
