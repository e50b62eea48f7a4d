import { z } from 'zod';

/** Where a pool stands now: before its window, within it, or after it (or closed early). */
export const MATCH_STATES = ['upcoming', 'open', 'closed'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

const kobo = z.number().int();

/** A pool as the admins' list shows it: its promise and, from its items, what it has done. */
export const matchPoolSchema = z.object({
  id: z.number().int(),
  sponsorName: z.string(),
  /** The sponsor's logo (a public image's address) and its description; null when it has none. */
  logoUrl: z.string().nullable(),
  logoAlt: z.string().nullable(),
  poolKobo: kobo,
  ratio: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  allCampaigns: z.boolean(),
  /** The campaigns it covers when not all: id as addresses write it, and the page's title. */
  campaigns: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Given to campaigns with recorded gifts. */
  givenKobo: kobo,
  /** Promised to checkouts still being paid. */
  heldKobo: kobo,
  /** Given once and handed back (refunded or released). */
  returnedKobo: kobo,
  /** What the pool can still promise: the pool less what it gave and holds. */
  remainingKobo: kobo,
  state: z.enum(MATCH_STATES),
});
export type MatchPool = z.infer<typeof matchPoolSchema>;

export const matchPoolListSchema = z.object({ pools: z.array(matchPoolSchema) });
export type MatchPoolList = z.infer<typeof matchPoolListSchema>;

export const createMatchReplySchema = z.object({ id: z.number().int() });

export const matchIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Match id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Match id must be a positive whole number.'),
});

export const MATCH_NOT_FOUND = 'No match pool has that id.';
export const MATCH_ALREADY_CLOSED = 'This match is already closed.';
export const matchCampaignUnknown = (id: string) => `No campaign has the id ${id}.`;

/** Where a pool's sponsor report is downloaded. */
export const matchReportPaths = (id: number) => ({
  csv: `/api/admin/matches/${id}/report.csv`,
  pdf: `/api/admin/matches/${id}/report.pdf`,
});
