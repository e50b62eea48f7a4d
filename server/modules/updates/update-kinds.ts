import { sql, type SQL } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import { campaignUpdates } from '../../db/schema/all';

/**
 * Where each kind of campaign is named on the tables that point at either kind (an update, an
 * unsubscription, a donation item): the one column of the pair that is set.
 */
export const updateColumns = {
  recipient: {
    update: campaignUpdates.recipientCampaignId,
    /** The same name on donation items and unsubscriptions, for SQL text. */
    columnName: sql.raw('recipient_campaign_id'),
  },
  organization: {
    update: campaignUpdates.organizationCampaignId,
    columnName: sql.raw('organization_campaign_id'),
  },
} as const satisfies Record<CampaignKind, { update: unknown; columnName: SQL }>;

/** The pair of campaign columns for a row pointing at one campaign of `kind`. */
export function campaignPair(kind: CampaignKind, id: number) {
  return kind === 'organization'
    ? { recipientCampaignId: null, organizationCampaignId: id }
    : { recipientCampaignId: id, organizationCampaignId: null };
}
