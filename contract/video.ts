import { z } from 'zod';

/**
 * A thank-you video's address: its own module, because the public pages' delivery and update
 * schemas check it too and should not carry the admin area's schemas with it.
 */
export const VIDEO_URL_INVALID = 'Enter the full address of the video, starting with https://.';
/** POST /api/admin/campaigns/{id}/video: the thank-you video, once the device is delivered. */
export const videoSchema = z.object({
  videoUrl: z
    .string({ error: VIDEO_URL_INVALID })
    .trim()
    .max(500, 'That address is too long.')
    .url(VIDEO_URL_INVALID)
    .refine((u) => /^https:\/\//i.test(u), VIDEO_URL_INVALID),
});
