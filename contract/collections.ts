import { z } from 'zod';
import { calendarDaySchema } from './calendar-day';
import { COLLECTION_CENTRE } from './site';
import { HELP_LINE } from './sms';

/** Collection in Lagos (docs/decisions/0044): slots the admin team publishes, bookings owners make. */

export const COLLECTION_TIME_ZONE = 'Africa/Lagos';
export const SLOT_CAPACITY_MAX = 500;

export const SLOT_TIME_INVALID = 'Enter the date and time of the slot, in the future.';
export const SLOT_CAPACITY_INVALID = `Enter how many people can be served: a whole number from 1 to ${SLOT_CAPACITY_MAX}.`;
export const SLOT_CHOICE_REQUIRED = 'Choose a collection time.';
export const COLLECTION_DATE_INVALID = 'Choose a real date.';

export const COLLECTION_FULL = 'That time is full now. Please choose another.';
export const SLOT_NOT_OPEN = 'That time is no longer open. Please choose another.';
export const NOT_READY_FOR_PICKUP = 'A collection can be booked once the device is ready for pickup.';
export const ALREADY_BOOKED_THERE = 'You are already booked for that time.';
export const MOVED_ONCE = `You have already moved your collection once. To change it again, please call ${HELP_LINE}.`;
export const NO_CAMPAIGN_READY = 'Collection times are shown once a device is ready for pickup.';
export const SLOT_HAS_BOOKINGS = 'People are booked for this time, so it cannot be withdrawn. Call them to move first.';
export const BOOKING_NOT_OPEN = 'This collection is already marked. Reload to see where it stands now.';
export const MISSED_TOO_EARLY = 'A collection can be marked missed only once its time has passed.';

/** What to bring, by who holds the ID sent with the request (product notes 1). */
export const BRING_WORDS = {
  self: 'Bring the original of the ID you sent with your request.',
  parentOrGuardian: 'Bring the original ID of the parent or guardian you named with your request.',
  organization: "Bring a letter on your organization's paper naming who collects, and that person's original ID.",
} as const;
export type BringKind = keyof typeof BRING_WORDS;

/** Date and time as people in Lagos read them: "Tuesday, 1 December 2026 at 10:00". */
export function lagosWhen(iso: string | Date): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-GB', {
    timeZone: COLLECTION_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${day} at ${lagosTime(at)}`;
}

/** The time of day in Lagos, 24-hour: "10:00". */
export const lagosTime = (iso: string | Date) =>
  new Date(iso).toLocaleTimeString('en-GB', { timeZone: COLLECTION_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** The calendar day in Lagos, YYYY-MM-DD. */
export const lagosDay = (iso: string | Date = new Date()) =>
  new Date(iso).toLocaleDateString('en-CA', { timeZone: COLLECTION_TIME_ZONE });

export const placesLeftWords = (n: number) => (n === 1 ? '1 place left' : `${n} places left`);

export { COLLECTION_CENTRE, HELP_LINE };

/** POST /api/admin/collection-slots. */
export const newSlotSchema = z.object({
  startsAt: z
    .string({ error: SLOT_TIME_INVALID })
    .max(40, SLOT_TIME_INVALID)
    .refine((text) => {
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return false;
      const at = Date.parse(text);
      return Number.isFinite(at) && at > Date.now() && at < Date.now() + 366 * 24 * 3600 * 1000;
    }, SLOT_TIME_INVALID),
  capacity: z
    .number({ error: SLOT_CAPACITY_INVALID })
    .int(SLOT_CAPACITY_INVALID)
    .min(1, SLOT_CAPACITY_INVALID)
    .max(SLOT_CAPACITY_MAX, SLOT_CAPACITY_INVALID),
});
export type NewSlot = z.infer<typeof newSlotSchema>;

/** POST /api/campaigns/{id}/collection: book, or move an existing booking. */
export const bookCollectionSchema = z.object({
  slotId: z
    .number({ error: SLOT_CHOICE_REQUIRED })
    .int(SLOT_CHOICE_REQUIRED)
    .min(1, SLOT_CHOICE_REQUIRED)
    .max(2_147_483_647, SLOT_CHOICE_REQUIRED),
});

export const slotIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Slot id must be a whole number.' })
    .int('Slot id must be a whole number.')
    .min(1, 'Slot id must be a whole number.')
    .max(2_147_483_647, 'Slot id must be a whole number.'),
});
export const bookingIdParamSchema = z.object({
  bookingId: z.coerce
    .number({ error: 'Booking id must be a whole number.' })
    .int('Booking id must be a whole number.')
    .min(1, 'Booking id must be a whole number.')
    .max(2_147_483_647, 'Booking id must be a whole number.'),
});

export const collectionDayQuerySchema = z.object({
  date: calendarDaySchema(COLLECTION_DATE_INVALID).optional(),
});

/** An open time an owner may choose. */
export const openSlotSchema = z.object({
  id: z.number(),
  startsAt: z.string(),
  placesLeft: z.number(),
});
export type OpenSlot = z.infer<typeof openSlotSchema>;

/** An upcoming slot on the admin page. */
export const adminSlotSchema = z.object({
  id: z.number(),
  startsAt: z.string(),
  capacity: z.number(),
  booked: z.number(),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;

/** The owner's booked collection. */
export const bookingSchema = z.object({
  id: z.number(),
  slotId: z.number(),
  startsAt: z.string(),
  /** A move is still allowed (one per booking). */
  canMove: z.boolean(),
  address: z.string(),
  bring: z.string(),
  helpLine: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** GET /api/campaigns/{id}/collection: where the owner stands, and the times they may choose. */
export const collectionStateSchema = z.object({
  ready: z.boolean(),
  booking: bookingSchema.nullable(),
  slots: z.array(openSlotSchema),
});
export type CollectionState = z.infer<typeof collectionStateSchema>;

export const collectionReplySchema = collectionStateSchema.extend({ message: z.string() });
export type CollectionReply = z.infer<typeof collectionReplySchema>;

/** What became of a booked collection: kept (moving it keeps the same row), collected, missed or cancelled. */
export const COLLECTION_BOOKING_STATUSES = ['booked', 'collected', 'missed', 'cancelled'] as const;
export const collectionBookingStatusSchema = z.enum(COLLECTION_BOOKING_STATUSES);

/** One collection on the admin's day list. */
export const dayCollectionSchema = z.object({
  id: z.number(),
  campaignId: z.string(),
  startsAt: z.string(),
  owner: z.string(),
  phone: z.string().nullable(),
  what: z.string(),
  status: collectionBookingStatusSchema,
});
export type DayCollection = z.infer<typeof dayCollectionSchema>;

export const collectionDaySchema = z.object({ date: z.string(), collections: z.array(dayCollectionSchema) });
export type CollectionDay = z.infer<typeof collectionDaySchema>;

export const markReplySchema = z.object({ message: z.string(), collection: dayCollectionSchema });
export const slotReplySchema = z.object({ message: z.string(), slot: adminSlotSchema });
export const messageReplySchema = z.object({ message: z.string() });
