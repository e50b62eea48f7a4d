import { z } from 'zod';
import { oneLine } from './one-line';
import { videoSchema } from './video';
import { calendarDaySchema } from './calendar-day';
import { imageSetSchema } from './images';
import { uploadKeySchema } from './uploads';

/** Proof of delivery for organization campaigns (decision 0039). */

export const MAX_DELIVERY_PHOTOS = 4;
export const DELIVERY_NOTE_MAX = 500;
export const DELIVERY_ALT_MAX = 200;
export const DELIVERY_UNITS_REQUIRED = 'Enter how many units were delivered: a whole number of at least 1.';
export const DELIVERY_DATE_INVALID = 'Enter the delivery date as a real date, no later than today.';
export const DELIVERY_ALT_REQUIRED = 'Describe each photo for people who cannot see it.';
export const DELIVERY_TOO_MANY_UNITS = (left: number) =>
  left === 0
    ? 'Every funded unit of this campaign is already recorded as delivered.'
    : `Only ${left} funded ${left === 1 ? 'unit is' : 'units are'} not yet recorded as delivered.`;

const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A calendar day (calendar-day.ts) not after tomorrow in UTC, so Lagos's today always passes. */
const deliveredOn = calendarDaySchema(DELIVERY_DATE_INVALID).refine(
  (day) => new Date(`${day}T00:00:00Z`).getTime() <= Date.now() + 24 * 3600 * 1000,
  DELIVERY_DATE_INVALID,
);

/** POST /api/admin/org-campaigns/{id}/deliveries: N units handed over, with optional photos and a video link. */
export const recordDeliverySchema = z.object({
  units: z
    .number({ error: DELIVERY_UNITS_REQUIRED })
    .int(DELIVERY_UNITS_REQUIRED)
    .min(1, DELIVERY_UNITS_REQUIRED)
    .max(1_000_000, DELIVERY_UNITS_REQUIRED),
  deliveredOn,
  note: z.preprocess(
    blankIsAbsent,
    z.string().trim().max(DELIVERY_NOTE_MAX, `Keep the note to ${DELIVERY_NOTE_MAX} characters or fewer.`).optional(),
  ),
  videoUrl: z.preprocess(blankIsAbsent, videoSchema.shape.videoUrl.optional()),
  photos: z
    .array(
      z.object({
        key: uploadKeySchema('Choose the photo again.'),
        alt: oneLine(
          z
            .string({ error: DELIVERY_ALT_REQUIRED })
            .trim()
            .min(1, DELIVERY_ALT_REQUIRED)
            .max(DELIVERY_ALT_MAX, `Keep each photo's description to ${DELIVERY_ALT_MAX} characters or fewer.`),
        ),
      }),
    )
    .max(MAX_DELIVERY_PHOTOS, `Add at most ${MAX_DELIVERY_PHOTOS} photos.`)
    .default([]),
});
export type RecordDelivery = z.input<typeof recordDeliverySchema>;

export const deliveryPhotoSchema = z.object({
  url: z.string(),
  image: imageSetSchema.nullable(),
  alt: z.string(),
});

export const deliverySchema = z.object({
  id: z.number().int(),
  units: z.number().int(),
  /** YYYY-MM-DD. */
  delivered_on: z.string(),
  note: z.string().nullable(),
  video_url: z.string().nullable(),
  photos: z.array(deliveryPhotoSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A campaign's deliveries so far, oldest first: units delivered of units funded. */
export const campaignDeliveriesSchema = z.object({
  units_funded: z.number().int(),
  units_delivered: z.number().int(),
  deliveries: z.array(deliverySchema),
});
export type CampaignDeliveries = z.infer<typeof campaignDeliveriesSchema>;

export const recordDeliveryReplySchema = z.object({
  message: z.string(),
  /** The campaign's status after the delivery (delivered once every funded unit is). */
  status: z.string(),
  deliveries: campaignDeliveriesSchema,
});
export type RecordDeliveryReply = z.infer<typeof recordDeliveryReplySchema>;
