import { z } from 'zod';

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
  created_at: z.string(),
});
export type Story = z.infer<typeof storySchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
