import type { PublicOrganizationCampaign, PublicRecipientCampaign } from '@contract/campaigns';
import { toCampaignId, type CampaignRef } from '@contract/ids';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { findPublicOrganizationCampaign, findPublicRecipientCampaign } from './queries';

export type PublicCampaign = PublicRecipientCampaign | PublicOrganizationCampaign;

const reading = new WeakMap<Db, Map<string, Promise<PublicCampaign | undefined>>>();

/**
 * A public campaign of either kind by its reference. Look-ups of the same campaign at the same moment
 * share one read: a campaign page's HTML asks for its preloads and its preview tags together, and a
 * shared link brings crawlers for its page, its preview and its image at once. Nothing is kept once
 * the read is done, so a reply is never older than the request that asked for it.
 */
export function findPublicCampaign(db: Db, storage: Storage, ref: CampaignRef): Promise<PublicCampaign | undefined> {
  let inFlight = reading.get(db);
  if (!inFlight) reading.set(db, (inFlight = new Map()));
  const key = toCampaignId(ref);
  const shared = inFlight.get(key);
  if (shared) return shared;
  const read = (
    ref.kind === 'organization'
      ? findPublicOrganizationCampaign(db, storage, ref.id)
      : findPublicRecipientCampaign(db, storage, ref.id)
  ).finally(() => inFlight.delete(key));
  inFlight.set(key, read);
  return read;
}
