import { z } from 'zod';
import { oneLine } from './one-line';
import { videoSchema } from './video';
import { MODERATION_STATUSES } from './moderation';
import { uploadKeySchema } from './uploads';
import {
  RECIPIENT_UPDATE_MAX,
  UPDATE_ALT_MAX,
  UPDATE_AUTHOR_ROLES,
  UPDATE_BODY_MAX,
  UPDATE_BODY_MIN,
  UPDATE_PHOTOS_MAX,
  UPDATES_PAGE_DEFAULT,
  UPDATES_PAGE_MAX,
} from './update-words';

export * from './update-words';

export const UPDATE_TOO_SHORT = `Write at least ${UPDATE_BODY_MIN} characters so donors know what has happened.`;
export const UPDATE_TOO_LONG = `An update can be at most ${UPDATE_BODY_MAX.toLocaleString('en')} characters.`;
export const RECIPIENT_UPDATE_TOO_LONG = `Your update can be at most ${RECIPIENT_UPDATE_MAX} characters.`;
export const ALT_REQUIRED = 'Describe each photo for people who cannot see it.';

export const updatePhotoInputSchema = z.object({
  key: uploadKeySchema('Choose the photo again.'),
  alt: oneLine(
    z
      .string({ error: ALT_REQUIRED })
      .trim()
      .min(1, ALT_REQUIRED)
      .max(UPDATE_ALT_MAX, `A photo's description can be at most ${UPDATE_ALT_MAX} characters.`),
  ),
});

/** POST /api/campaigns/{id}/updates. An empty video address means none. */
export const postUpdateSchema = z.object({
  body: z
    .string({ error: UPDATE_TOO_SHORT })
    .trim()
    .min(UPDATE_BODY_MIN, UPDATE_TOO_SHORT)
    .max(UPDATE_BODY_MAX, UPDATE_TOO_LONG),
  videoUrl: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    videoSchema.shape.videoUrl.optional(),
  ),
  photos: z
    .array(updatePhotoInputSchema, { error: 'Photos must be a list.' })
    .max(UPDATE_PHOTOS_MAX, `An update can have at most ${UPDATE_PHOTOS_MAX} photos.`)
    .optional(),
});
export type PostUpdate = z.infer<typeof postUpdateSchema>;

export const postUpdateReplySchema = z.object({
  message: z.string(),
  id: z.number().int(),
  status: z.enum(MODERATION_STATUSES),
});
export type PostUpdateReply = z.infer<typeof postUpdateReplySchema>;

export const updatesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(UPDATES_PAGE_MAX, `limit must be at most ${UPDATES_PAGE_MAX}.`)
    .default(UPDATES_PAGE_DEFAULT),
  /** The id of the last update already shown: the next page starts after it. */
  before: z.coerce
    .number({ error: 'before must be a whole number.' })
    .int('before must be a whole number.')
    .min(1, 'before must be at least 1.')
    .max(2_147_483_647, 'before is too large.')
    .optional(),
});

export const campaignUpdateSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  videoUrl: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), alt: z.string() })),
  /** The team, the organization's name or the recipient's public name. */
  author: z.string(),
  createdAt: z.string(),
});
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

/** GET /api/campaigns/{id}/updates: approved updates, newest first. */
export const updatesPageSchema = z.object({
  /** Every approved update of the campaign, for a feed's set size. */
  total: z.number().int(),
  items: z.array(campaignUpdateSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type UpdatesPage = z.infer<typeof updatesPageSchema>;

export const adminUpdatesQuerySchema = z.object({
  status: z
    .enum(MODERATION_STATUSES, { error: 'Choose awaiting_review, approved or hidden.' })
    .default('awaiting_review'),
});

export const adminUpdateSchema = campaignUpdateSchema.extend({
  status: z.enum(MODERATION_STATUSES),
  authorRole: z.enum(UPDATE_AUTHOR_ROLES),
  /** The campaign's id as its page uses it. */
  campaignId: z.string(),
  campaignTitle: z.string(),
  /** For an organization's update, the team member who posted it (docs/decisions/0075). */
  postedBy: z.string().nullable(),
});
export type AdminUpdate = z.infer<typeof adminUpdateSchema>;

export const updateIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Update id must be a positive whole number.' })
    .int('Update id must be a positive whole number.')
    .min(1, 'Update id must be a positive whole number.')
    .max(2_147_483_647, 'Update id must be a positive whole number.'),
});

export const decisionReplySchema = z.object({ message: z.string(), status: z.enum(MODERATION_STATUSES) });
