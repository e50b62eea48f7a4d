import { z } from 'zod';
import { GIFT_SOURCES } from './gift-sources';

/**
 * Paid gifts by the share link that led to them (`direct` when none did): how many, and what they
 * gave in kobo, the covered fees left out since no campaign receives them.
 */
export const giftSourceTotalsSchema = z.array(
  z.object({
    source: z.enum([...GIFT_SOURCES, 'direct']),
    gifts: z.number().int(),
    amountKobo: z.number().int(),
  }),
);
export type GiftSourceTotals = z.infer<typeof giftSourceTotalsSchema>;
