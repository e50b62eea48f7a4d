import { toCampaignId, type CampaignKind } from '@contract/ids';
import {
  organizationCampaigns,
  organizationProducts,
  organizationProfiles,
  products,
  recipientCampaigns,
  recipientProfiles,
} from '../../db/schema/all';
import { refreshOrganizationSearchText, refreshRecipientSearchText } from '../campaign-core/search-text';
import { PUBLIC_ORGANIZATION_STATUSES, PUBLIC_RECIPIENT_STATUSES } from './queries';

/**
 * What differs between a recipient's and an organization's campaigns where the code is otherwise
 * the same: their tables and columns, the statuses donors see, and the words each owner is told.
 * What only one kind has (an organization's quantity, a recipient's delivery) stays in code of its
 * own. queries.ts must not import this file (it imports queries.ts).
 */
export const campaignKinds = {
  recipient: {
    campaigns: recipientCampaigns,
    ownerId: recipientCampaigns.recipientId,
    productId: recipientCampaigns.productId,
    products,
    productImage: products.imageKey,
    profiles: recipientProfiles,
    publicStatuses: PUBLIC_RECIPIENT_STATUSES,
    refreshSearchText: refreshRecipientSearchText,
    hasOpenRequest: 'You already have an active request. View its status on your dashboard.',
    requestSubmitted: 'Your request has been submitted for review.',
  },
  organization: {
    campaigns: organizationCampaigns,
    ownerId: organizationCampaigns.organizationId,
    productId: organizationCampaigns.organizationProductId,
    products: organizationProducts,
    productImage: organizationProducts.imageUrl,
    profiles: organizationProfiles,
    publicStatuses: PUBLIC_ORGANIZATION_STATUSES,
    refreshSearchText: refreshOrganizationSearchText,
    hasOpenRequest: 'Your organization already has an active request. View its status on your dashboard.',
    requestSubmitted: "Your organization's campaign request has been submitted for review!",
  },
} as const;

export const CAMPAIGN_KINDS = ['recipient', 'organization'] as const satisfies readonly CampaignKind[];

/** The public page's id of a campaign donors can see ('12', 'org-3'), otherwise null. */
export function publicIdOf(kind: CampaignKind, id: number, status: string): string | null {
  const visible: readonly string[] = campaignKinds[kind].publicStatuses;
  return visible.includes(status) ? toCampaignId({ kind, id }) : null;
}
