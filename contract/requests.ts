import { z } from 'zod';
import { imageFields, productImageFields, publicIdField, unitsFields } from './campaign-fields';

/** Product notes 5 and 9: a request's reason, at least 20 characters once trimmed. */
export const REASON_MIN = 20;
export const REASON_MAX = 2000;
export const REASON_TOO_SHORT = 'Please provide a meaningful reason with at least 20 characters.';

export const reasonSchema = z
  .string({ error: REASON_TOO_SHORT })
  .trim()
  .min(REASON_MIN, REASON_TOO_SHORT)
  .max(REASON_MAX, `Please keep the reason under ${REASON_MAX.toLocaleString('en-NG')} characters.`);

const productId = z.number({ error: 'Choose a product.' }).int('Choose a product.').positive('Choose a product.');

/** Product notes 7: POST /campaigns. */
export const recipientRequestSchema = z.object({ productId, reason: reasonSchema });
export type RecipientRequest = z.infer<typeof recipientRequestSchema>;

/** Product notes 3 and 7: POST /organization/campaigns. The quantity's upper bound is the product's max_quantity, checked by the server. */
export const organizationRequestSchema = recipientRequestSchema.extend({
  quantity: z
    .number({ error: 'Enter how many units you need.' })
    .int('Enter a whole number of units.')
    .min(1, 'Request at least 1 unit.'),
});
export type OrganizationRequest = z.infer<typeof organizationRequestSchema>;

/** Product notes 3: a product of the recipients' catalogue. Prices are integer kobo. */
export const catalogProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  ...imageFields,
  max_quantity: z.number().int(),
  specifications: z.record(z.string(), z.string()),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** Product notes 3: an organization product (only available ones are listed to organizations). */
export const organizationProductSchema = catalogProductSchema.extend({ is_available: z.boolean() });
export type OrganizationProduct = z.infer<typeof organizationProductSchema>;

export const requestReplySchema = z.object({ message: z.string(), id: z.number().int() });

/** What an owner sees of their own request of either kind. */
const myRequestSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  reason: z.string(),
  status: z.string(),
  admin_notes: z.string().nullable(),
  ...publicIdField,
  created_at: z.string(),
});

/** A recipient's own request, as the status page shows it (product notes 7: my-status). */
export const myCampaignSchema = myRequestSchema.extend({
  ...productImageFields,
  delivery_status: z.string().nullable(),
  price: z.number().int(),
  amount_raised: z.number().int(),
  appreciation_video_url: z.string().nullable(),
});
export type MyCampaign = z.infer<typeof myCampaignSchema>;

/** Product notes 3: an organization's own campaign. */
export const myOrganizationCampaignSchema = myRequestSchema.extend({
  ...imageFields,
  ...unitsFields,
  specifications: z.record(z.string(), z.string()),
});
export type MyOrganizationCampaign = z.infer<typeof myOrganizationCampaignSchema>;

/** The organization dashboard's counters, from the server (the first design showed 0). */
export const organizationOverviewSchema = z.object({
  activeCampaigns: z.number().int(),
  devicesReceived: z.number().int(),
  teamMembers: z.number().int(),
});
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>;
