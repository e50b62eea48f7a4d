import { z } from 'zod';

const count = z.number().int().nonnegative();

/** A median number of days between two moments of a campaign's life, and how many campaigns it is taken over. */
const durationSchema = z.object({
  /** Null while no campaign has both moments on record. */
  median_days: z.number().nonnegative().nullable(),
  campaigns: count,
});

/**
 * One state's figure. `state` null is the row that pools states too small to name (recipients) or
 * the organizations that named no state; `count` null means fewer than `SMALL_CELL` people, not shown.
 */
const stateRowSchema = z.object({ state: z.string().nullable(), count: count.nullable() });

/**
 * GET /api/transparency: the public ledger, every figure computed from the records (decision 0036).
 * Money is in kobo and counts gifts allocated to campaigns and given to the Independence Fund: a
 * covered fee is never part of it.
 */
export const transparencySchema = z.object({
  money: z.object({
    raised_kobo: count,
    gifts: count,
    donors: count,
  }),
  devices: z.object({ funded: count, delivered: count }),
  /** Campaigns the public can see, by kind and status in the rule book's order, zeros included. */
  campaigns_by_status: z.array(z.object({ kind: z.enum(['recipient', 'organization']), status: z.string(), count })),
  /** Requests waiting for review: a count only, nothing else of a request never approved is published. */
  under_review: count,
  /** Gifts and money by month of payment (Africa/Lagos), the last 12 months, oldest first, zeros included. */
  by_month: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), gifts: count, raised_kobo: count })),
  /** Recipients with a public campaign, by state of origin; states with fewer than 3 pooled (decision 0036). */
  recipients_by_state: z.array(stateRowSchema),
  /** Organizations with a public campaign, by state of operation. */
  organizations_by_state: z.array(stateRowSchema),
  approval_to_funded: durationSchema,
  funded_to_delivered: durationSchema,
  /**
   * The Independence Fund (decision 0078): money given to it (counted in `money` once, when given),
   * what it has given campaigns (where that money went, never raised again) and what waits.
   */
  fund: z.object({
    given_kobo: count,
    allocated_kobo: count,
    balance_kobo: count,
    /** Gifts the fund made, the campaigns they went to and the devices they funded. */
    allocations: count,
    campaigns: count,
    units: count,
  }),
  /**
   * Sponsors' match pools (decision 0080): what they gave with donors' gifts, in total and by sponsor,
   * largest first. Never part of `money`, which is donors' money alone.
   */
  matched: z.object({
    given_kobo: count,
    sponsors: z.array(z.object({ name: z.string(), given_kobo: count })),
  }),
  generated_at: z.string(),
});
export type Transparency = z.infer<typeof transparencySchema>;
export type StateRow = z.infer<typeof stateRowSchema>;

/** The smallest number of people a published cell may count. */
export const SMALL_CELL = 3;
