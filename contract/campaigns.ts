import { z } from 'zod';
import {
  imageFields,
  money,
  organizationCampaignStatusSchema,
  productImageFields,
  recipientCampaignStatusSchema,
  unitsFields,
} from './campaign-fields';
import { campaignMatchSchema } from './matching';
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

const timestamp = z.string();

/**
 * What donors see of a campaign of either kind. All money fields are integer kobo. Contact
 * details, ID documents and admin notes are never public.
 */
const publicCampaignSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  profile_photo_url: z.string().nullable(),
  product_name: z.string(),
  product_description: z.string(),
  ...unitsFields,
  reason: z.string(),
  specifications: z.record(z.string(), z.string()),
  is_funded: z.boolean(),
  /** Takes new gifts now: the donate and gift bag controls show only then. */
  takes_gifts: z.boolean(),
  /** A sponsor's open match on gifts to it (decision 0080); null when none covers it or it takes no gifts. */
  match: campaignMatchSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const publicRecipientCampaignSchema = publicCampaignSchema.extend({
  type: z.literal('recipient'),
  organization_name: z.null(),
  ...productImageFields,
  product_price: money,
  employment_status: z.string().nullable(),
  state_of_origin: z.string().nullable(),
  status: recipientCampaignStatusSchema,
  is_featured: z.boolean(),
  delivery_status: z.string().nullable(),
  appreciation_video_url: z.string().nullable(),
});
export type PublicRecipientCampaign = z.infer<typeof publicRecipientCampaignSchema>;

export const publicOrganizationCampaignSchema = publicCampaignSchema.extend({
  type: z.literal('organization'),
  ...imageFields,
  organization_name: z.string(),
  status: organizationCampaignStatusSchema,
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
