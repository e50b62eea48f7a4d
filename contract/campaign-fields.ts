import { z } from 'zod';
import { imageSetSchema } from './images';

/**
 * Field groups that recur in the replies about campaigns and products of both kinds (public,
 * admin, the owner's own), defined once so each reply says the same thing about them. Where the
 * two kinds name a field differently on the wire, each name is kept here as its own group.
 */

/** Money on the wire: integer kobo, never negative. */
export const money = z.number().int().nonnegative();

/**
 * Every status of each campaign kind: the one list the database's column and check, the rule book's
 * rows (`server/modules/campaigns/status-rules.ts`, which says what each status allows) and the
 * replies are all made from.
 */
export const RECIPIENT_CAMPAIGN_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'purchased',
  'ready_for_pickup',
  'delivered',
] as const;
export const ORGANIZATION_CAMPAIGN_STATUSES = [
  'pending',
  'approved',
  'partially_fulfilled',
  'paused',
  'fulfilled',
  'closed',
  'ready_for_pickup',
  'delivered',
  'rejected',
] as const;
export const recipientCampaignStatusSchema = z.enum(RECIPIENT_CAMPAIGN_STATUSES);
export const organizationCampaignStatusSchema = z.enum(ORGANIZATION_CAMPAIGN_STATUSES);

/** The same image in each stored size, for srcset; null when it is kept as a single file. */
const imageSet = imageSetSchema.nullable().optional();

/** A product image as organization campaigns and both catalogues name it. */
export const imageFields = { image_url: z.string().nullable(), image: imageSet };
/** A product image as recipient campaigns name it. */
export const productImageFields = { product_image_url: z.string().nullable(), product_image: imageSet };

/**
 * A campaign's units and money as the public and an organization see them (a recipient campaign
 * is one unit).
 */
export const unitsFields = {
  unit_price: money,
  total_price: money,
  quantity: z.number().int(),
  units_fulfilled: z.number().int(),
  units_remaining: z.number().int(),
  amount_raised: money,
};

/** The public page's id when donors can see it ('12', 'org-3'), otherwise null. */
export const publicIdField = { public_id: z.string().nullable() };
