import { z } from 'zod';
import { CAMPAIGN_ID_INVALID, parseCampaignId } from './campaign-ids';

export * from './campaign-ids';

/**
 * A campaign's id in a path as its public page's address carries it ('12', or 'org-12'), read into
 * its kind and number; anything else is refused with a sentence.
 */
export const campaignIdParamSchema = z.object({
  id: z.string().transform((raw, ctx) => {
    const ref = parseCampaignId(raw);
    if (!ref) {
      ctx.addIssue({ code: 'custom', message: CAMPAIGN_ID_INVALID });
      return z.NEVER;
    }
    return ref;
  }),
});
