import { z } from 'zod';

/** Every 4xx reply has this shape; `message` is safe to show to the person. */
export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** Response schemas for the 4xx and 502 replies a route may give, keyed by status, for Fastify's `response`. */
export function errorReplies<const S extends number>(...statuses: S[]): Record<S, typeof errorReplySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorReplySchema])) as Record<S, typeof errorReplySchema>;
}
