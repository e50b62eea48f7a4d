import type { OrganizationAction, RecipientAction } from '@contract/admin';
import type { organizationCampaignStatuses, recipientCampaignStatuses } from '../../db/schema/campaigns';
import { AppError } from '../../http/errors';

export type RecipientCampaignStatus = (typeof recipientCampaignStatuses)[number];
export type OrganizationCampaignStatus = (typeof organizationCampaignStatuses)[number];
export type CampaignKind = 'recipient' | 'organization';
type StatusOf<K extends CampaignKind> = K extends 'recipient' ? RecipientCampaignStatus : OrganizationCampaignStatus;

/**
 * Every status change a campaign may make (spec section 4), in one place so admin actions, gifts
 * and deliveries cannot each invent their own. Who makes each move:
 * - an admin: pending to approved or rejected, and a recipient campaign from approved back to pending;
 * - a recorded gift: approved to purchased (recipient), approved or partially_fulfilled to
 *   partially_fulfilled or fulfilled (organization);
 * - an admin marking the device delivered: purchased to delivered.
 * Rejected, delivered and fulfilled are final.
 */
export const campaignTransitions: { [K in CampaignKind]: Record<StatusOf<K>, readonly StatusOf<K>[]> } = {
  recipient: {
    pending: ['approved', 'rejected'],
    approved: ['pending', 'purchased'],
    purchased: ['delivered'],
    rejected: [],
    delivered: [],
  },
  organization: {
    pending: ['approved', 'rejected'],
    approved: ['partially_fulfilled', 'fulfilled'],
    partially_fulfilled: ['partially_fulfilled', 'fulfilled'],
    fulfilled: [],
    rejected: [],
  },
};

const words: Record<RecipientCampaignStatus | OrganizationCampaignStatus, string> = {
  pending: 'waiting for review',
  approved: 'approved',
  rejected: 'rejected',
  purchased: 'purchased',
  delivered: 'delivered',
  partially_fulfilled: 'partly funded',
  fulfilled: 'fully funded',
};

export function canTransition<K extends CampaignKind>(kind: K, from: StatusOf<K>, to: StatusOf<K>): boolean {
  const allowed = (campaignTransitions[kind] as Record<string, readonly string[]>)[from];
  return allowed?.includes(to) ?? false;
}

/** Throws a 409 in words when a campaign of this kind may not move from `from` to `to`. */
export function assertTransition<K extends CampaignKind>(kind: K, from: StatusOf<K>, to: StatusOf<K>): void {
  if (canTransition(kind, from, to)) return;
  const message =
    from === to
      ? `This campaign is already ${words[from]}.`
      : `This campaign is ${words[from]}, so it cannot be marked ${words[to]}.`;
  throw new AppError('conflict', message).withCode('invalid_campaign_transition');
}

/**
 * What an admin may do to a recipient campaign in each status, besides the status moves above
 * (which approve, reject and back-to-pending follow). Every admin call checks its action here and
 * makes its change only while the campaign is still in a status that allows it.
 */
export const recipientAdminActions: Record<RecipientCampaignStatus, readonly RecipientAction[]> = {
  pending: ['approve', 'reject', 'editReason'],
  approved: ['backToPending', 'feature', 'unfeature', 'editReason'],
  purchased: ['markDelivered'],
  delivered: ['addVideo'],
  rejected: [],
};

export const organizationAdminActions: Record<OrganizationCampaignStatus, readonly OrganizationAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['viewDonations'],
  partially_fulfilled: ['viewDonations'],
  fulfilled: ['viewDonations'],
  rejected: [],
};

/** The statuses in which an admin action is allowed (the row's state the update is conditioned on). */
export function statusesAllowing(action: RecipientAction): RecipientCampaignStatus[] {
  return (Object.keys(recipientAdminActions) as RecipientCampaignStatus[]).filter((s) =>
    recipientAdminActions[s].includes(action),
  );
}

export function allowedRecipientActions(status: RecipientCampaignStatus, isFeatured: boolean): RecipientAction[] {
  return recipientAdminActions[status].filter((a) =>
    a === 'feature' ? !isFeatured : a === 'unfeature' ? isFeatured : true,
  );
}

export function allowedOrganizationActions(status: OrganizationCampaignStatus): OrganizationAction[] {
  return [...organizationAdminActions[status]];
}
