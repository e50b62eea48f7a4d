import { z } from 'zod';

/** The Independence Fund as `/fund` and `GET /api/fund` show it (decision 0078). */
export const fundReplySchema = z.object({
  /** Paid into the fund, less what has been allocated and refunded: waiting for its next whole device. */
  balanceKobo: z.number().int(),
  /** Monthly gifts to the fund now active, paused or failing. */
  monthlyDonors: z.number().int(),
  /** Every allocation, newest first: the campaign (its id as campaign addresses write it, `12` or `org-3`) and the money it received. */
  allocations: z.array(
    z.object({
      campaignId: z.string(),
      /** What the campaign is called on its page. */
      campaignName: z.string(),
      /** The device the campaign asks for, as the catalogue names it. */
      device: z.string(),
      amountKobo: z.number().int(),
      units: z.number().int(),
      at: z.string(),
    }),
  ),
});
export type FundReply = z.infer<typeof fundReplySchema>;
