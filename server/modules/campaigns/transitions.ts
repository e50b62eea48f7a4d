import type { OrganizationAction, RecipientAction } from '@contract/admin';
import { AppError } from '../../http/errors';
import {
  factsOf,
  statusesOf,
  type CampaignKind,
  type OrganizationCampaignStatus,
  type RecipientCampaignStatus,
  type StatusOf,
} from '../campaign-core/status-rules';

type MovesOf<K extends CampaignKind> = Record<StatusOf<K>, readonly StatusOf<K>[]>;
type ActionsOf<K extends CampaignKind, A> = Record<StatusOf<K>, readonly A[]>;

function perStatus<K extends CampaignKind, T>(kind: K, read: (status: StatusOf<K>) => T): Record<StatusOf<K>, T> {
  return Object.fromEntries(statusesOf(kind).map((status) => [status, read(status)])) as Record<StatusOf<K>, T>;
}

/**
 * Every status change a campaign may make, by an admin or a recorded gift, as the rule book
 * (`status-rules.ts`) says. A status with no move out is final.
 */
export const campaignTransitions: { [K in CampaignKind]: MovesOf<K> } = {
  recipient: perStatus('recipient', (s) => factsOf('recipient', s).moves),
  organization: perStatus('organization', (s) => factsOf('organization', s).moves),
};

const words: Record<RecipientCampaignStatus | OrganizationCampaignStatus, string> = {
  pending: 'waiting for review',
  approved: 'approved',
  rejected: 'rejected',
  purchased: 'purchased',
  ready_for_pickup: 'ready for pickup',
  delivered: 'delivered',
  partially_fulfilled: 'partly funded',
  paused: 'paused',
  fulfilled: 'fully funded',
  closed: 'closed',
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
 * What an admin may do to a campaign in each status (its moves first), from the rule book. Every
 * admin call checks its action here and makes its change only while the campaign is still in a
 * status that allows it.
 */
export const recipientAdminActions: ActionsOf<'recipient', RecipientAction> = perStatus(
  'recipient',
  (s) => factsOf('recipient', s).adminActions,
);

export const organizationAdminActions: ActionsOf<'organization', OrganizationAction> = perStatus(
  'organization',
  (s) => factsOf('organization', s).adminActions,
);

export function allowedRecipientActions(status: RecipientCampaignStatus, isFeatured: boolean): RecipientAction[] {
  return recipientAdminActions[status].filter((a) =>
    a === 'feature' ? !isFeatured : a === 'unfeature' ? isFeatured : true,
  );
}

export function allowedOrganizationActions(status: OrganizationCampaignStatus): OrganizationAction[] {
  return [...organizationAdminActions[status]];
}
