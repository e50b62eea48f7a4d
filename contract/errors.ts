import { z } from 'zod';

/** Every 4xx reply has this shape; `message` is safe to show to the person. */
export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
