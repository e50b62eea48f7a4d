import { z } from 'zod';
import { oneLine } from './one-line';
import { imageSetSchema } from './images';

export const publicStatSchema = z.object({
  icon_name: z.string(),
  stat_value: z.number().int(),
  title: z.string(),
});
export type PublicStat = z.infer<typeof publicStatSchema>;

export const storySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  recipient_name: z.string(),
  story_text: z.string(),
  image_url: z.string().nullable(),
  /** The same image in each stored size, for srcset; null when it is kept as a single file. */
  image: imageSetSchema.nullable().optional(),
  created_at: z.string(),
});
export type Story = z.infer<typeof storySchema>;

export const healthSchema = z.object({ status: z.literal('ok') });

/**
 * The icons the home page can draw for a figure (product notes 3: names end in 'Icon'). The admin picks one
 * of these; the server refuses any other name.
 */
export const STAT_ICON_NAMES = [
  'GiftIcon',
  'UsersIcon',
  'UserGroupIcon',
  'HeartIcon',
  'HandHeartIcon',
  'BuildingIcon',
  'BuildingOfficeIcon',
  'MapPinIcon',
  'SparklesIcon',
  'AcademicCapIcon',
  'AwardIcon',
  'SmileIcon',
] as const;
export type StatIconName = (typeof STAT_ICON_NAMES)[number];

const INT_MAX = 2_147_483_647;

/** Product notes 3. */
export const adminStatSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  stat_value: z.number().int(),
  icon_name: z.string(),
  is_visible: z.boolean(),
  display_order: z.number().int(),
});
export type AdminStat = z.infer<typeof adminStatSchema>;

/** POST /api/admin/stats and PUT /api/admin/stats/{id} (product notes 5). */
export const statInputSchema = z.object({
  title: oneLine(
    z
      .string({ error: 'Enter a title.' })
      .trim()
      .min(1, 'Enter a title.')
      .max(100, 'Keep the title under 100 characters.'),
  ),
  stat_value: z
    .number({ error: 'The value must be a whole number.' })
    .int('The value must be a whole number.')
    .min(0, 'The value cannot be negative.')
    .max(INT_MAX, 'That value is too large.')
    .default(0),
  icon_name: z.enum(STAT_ICON_NAMES, { error: 'Choose one of the icons.' }),
  is_visible: z.boolean({ error: 'Say whether the figure is shown.' }).default(true),
  display_order: z
    .number({ error: 'The order must be a whole number.' })
    .int('The order must be a whole number.')
    .min(-1000, 'The order must be between -1000 and 1000.')
    .max(1000, 'The order must be between -1000 and 1000.')
    .default(0),
});
export type StatInput = z.input<typeof statInputSchema>;

export const STORY_IMAGE_REQUIRED = 'An image is required to create a story.';
const NAME_MISSING = "Enter the recipient's name.";
const STORY_MISSING = 'Tell the story.';
const storyFields = {
  title: oneLine(
    z
      .string({ error: 'Enter a title.' })
      .trim()
      .min(1, 'Enter a title.')
      .max(150, 'Keep the title under 150 characters.'),
  ),
  recipient_name: oneLine(
    z.string({ error: NAME_MISSING }).trim().min(1, NAME_MISSING).max(120, 'Keep the name under 120 characters.'),
  ),
  story_text: z
    .string({ error: STORY_MISSING })
    .trim()
    .min(1, STORY_MISSING)
    .max(5000, 'Keep the story under 5,000 characters.'),
};
/** A story's words, as the admin's form checks them before the image is sent. */
export const storyFieldsSchema = z.object(storyFields);
/** An uploaded image's key, as the upload call gave it. */
const imageKey = z.string().trim().min(1).max(300);

/**
 * The story's two long fields under the product's camelCase names (product notes 3: "Created with title,
 * recipientName, storyText, imageKey") or the snake-case names of a stored story. The same checks
 * and messages apply under either name; sending both names of one field is refused, since nobody
 * could say which was meant.
 */
function storyBody<Image extends z.ZodType>(imageKey: Image) {
  return z
    .object({
      title: storyFields.title,
      recipient_name: storyFields.recipient_name.optional(),
      recipientName: storyFields.recipient_name.optional(),
      story_text: storyFields.story_text.optional(),
      storyText: storyFields.story_text.optional(),
      imageKey,
    })
    .superRefine(
      (v, ctx) => {
        const camel = v.recipientName !== undefined || v.storyText !== undefined;
        const pairs = [
          ['recipient_name', 'recipientName', NAME_MISSING, "Send the recipient's name once."],
          ['story_text', 'storyText', STORY_MISSING, 'Send the story once.'],
        ] as const;
        for (const [snake, camelName, missing, twice] of pairs) {
          if (v[snake] !== undefined && v[camelName] !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: [camelName],
              message: `${twice} Use ${camelName} or ${snake}, not both.`,
            });
          else if (v[snake] === undefined && v[camelName] === undefined)
            ctx.addIssue({ code: 'custom', path: [camel ? camelName : snake], message: missing });
        }
      },
      // Read even when another field failed, so a body missing several fields hears of each at once.
      {
        when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
      },
    )
    .transform(({ recipientName, storyText, recipient_name, story_text, ...rest }) => ({
      ...rest,
      recipient_name: (recipientName ?? recipient_name)!,
      story_text: (storyText ?? story_text)!,
    }));
}

/** POST /api/stories/admin: every field, the image included, is required. */
export const storyCreateSchema = storyBody(
  z.string({ error: STORY_IMAGE_REQUIRED }).trim().min(1, STORY_IMAGE_REQUIRED).max(300),
);
/** PUT /api/stories/admin/{id}: the image is replaced only when a new one is sent. */
export const storyUpdateSchema = storyBody(imageKey.optional());

export const contentActionReplySchema = z.object({ message: z.string() });

/** A record's id in the address: a positive whole number that fits the id columns. */
export const recordIdParam = (what: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, `${what} id must be a positive whole number.`)
      .transform(Number)
      .refine((n) => n <= INT_MAX, `${what} id must be a positive whole number.`),
  });
