import { z } from 'zod';

/**
 * Gifts to an organization's campaigns, as its owners and finance members read them
 * (docs/decisions/0075): when, to which campaign, how many units and how much. Nothing names or
 * reaches the donor, as on the public pages.
 */
export const organizationGiftSchema = z.object({
  /** The gift's place in the list, stable across reads. */
  id: z.number().int(),
  /** `org-<n>`, as every page names an organization campaign. */
  campaign_id: z.string(),
  product_name: z.string(),
  units: z.number().int(),
  amount_kobo: z.number().int(),
  paid_at: z.string(),
  /** The sponsor whose match pool gave these units with a donor's gift (decision 0080); null for a donor's own. */
  matched_by: z.string().nullable(),
});
export type OrganizationGift = z.infer<typeof organizationGiftSchema>;

/** How many of the newest gifts the page shows; the CSV holds them all. */
export const ORGANIZATION_GIFTS_SHOWN = 200;

/** GET /api/organization/donations: the newest gifts and the totals of all of them. */
export const organizationGiftsSchema = z.object({
  gifts: z.array(organizationGiftSchema),
  totals: z.object({ gifts: z.number().int(), units: z.number().int(), amount_kobo: z.number().int() }),
});
export type OrganizationGifts = z.infer<typeof organizationGiftsSchema>;

/** GET /api/organization/exports/donations.csv: every gift, as the money desk's safe CSV. */
export const ORGANIZATION_GIFTS_CSV_PATH = '/api/organization/exports/donations.csv';
