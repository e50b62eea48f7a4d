import { z } from 'zod';
import { imageSetSchema } from './images';

/** Spec 5 and 9: a request's reason, at least 20 characters once trimmed. */
export const REASON_MIN = 20;
export const REASON_MAX = 2000;
export const REASON_TOO_SHORT = 'Please provide a meaningful reason with at least 20 characters.';

export const reasonSchema = z
  .string({ error: REASON_TOO_SHORT })
  .trim()
  .min(REASON_MIN, REASON_TOO_SHORT)
  .max(REASON_MAX, `Please keep the reason under ${REASON_MAX.toLocaleString('en-NG')} characters.`);

const productId = z.number({ error: 'Choose a product.' }).int('Choose a product.').positive('Choose a product.');

/** Spec 7: POST /campaigns. */
export const recipientRequestSchema = z.object({ productId, reason: reasonSchema });
export type RecipientRequest = z.infer<typeof recipientRequestSchema>;

/** Spec 3 and 7: POST /organization/campaigns. The quantity's upper bound is the product's max_quantity, checked by the server. */
export const organizationRequestSchema = z.object({
  productId,
  reason: reasonSchema,
  quantity: z
    .number({ error: 'Enter how many units you need.' })
    .int('Enter a whole number of units.')
    .min(1, 'Request at least 1 unit.'),
});
export type OrganizationRequest = z.infer<typeof organizationRequestSchema>;

/** Spec 3: a product of the recipients' catalogue. Prices are integer kobo. */
export const catalogProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  image: imageSetSchema.nullable().optional(),
  max_quantity: z.number().int(),
  specifications: z.record(z.string(), z.string()),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** Spec 3: an organization product (only available ones are listed to organizations). */
export const organizationProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  max_quantity: z.number().int(),
  image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  image: imageSetSchema.nullable().optional(),
  is_available: z.boolean(),
  specifications: z.record(z.string(), z.string()),
});
export type OrganizationProduct = z.infer<typeof organizationProductSchema>;

export const requestReplySchema = z.object({ message: z.string(), id: z.number().int() });

/** A recipient's own request, as the status page shows it (spec 7: my-status). */
export const myCampaignSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  product_image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  product_image: imageSetSchema.nullable().optional(),
  reason: z.string(),
  status: z.string(),
  admin_notes: z.string().nullable(),
  delivery_status: z.string().nullable(),
  price: z.number().int(),
  amount_raised: z.number().int(),
  appreciation_video_url: z.string().nullable(),
  /** The public page's id when donors can see it ('12'), otherwise null. */
  public_id: z.string().nullable(),
  created_at: z.string(),
});
export type MyCampaign = z.infer<typeof myCampaignSchema>;

/** Spec 3: an organization's own campaign. */
export const myOrganizationCampaignSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  image: imageSetSchema.nullable().optional(),
  unit_price: z.number().int(),
  total_price: z.number().int(),
  quantity: z.number().int(),
  units_fulfilled: z.number().int(),
  units_remaining: z.number().int(),
  amount_raised: z.number().int(),
  reason: z.string(),
  status: z.string(),
  admin_notes: z.string().nullable(),
  specifications: z.record(z.string(), z.string()),
  /** The public page's id when donors can see it ('org-3'), otherwise null. */
  public_id: z.string().nullable(),
  created_at: z.string(),
});
export type MyOrganizationCampaign = z.infer<typeof myOrganizationCampaignSchema>;

/** The organization dashboard's counters, from the server (the spec's original showed 0). */
export const organizationOverviewSchema = z.object({
  activeCampaigns: z.number().int(),
  devicesReceived: z.number().int(),
  teamMembers: z.number().int(),
});
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>;
