import { z } from 'zod';
import type { createMatchSchema } from '@contract/matching';
import { matchCampaignUnknown } from '@contract/match-admin';
import { toCampaignId } from '@contract/ids';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';
import { matchPoolCampaigns, matchPools } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { audit } from '../audit/audit';
import { campaignTitles } from './campaign-titles';

export type CreateMatch = z.output<typeof createMatchSchema>;

/**
 * Opens a sponsor's match pool (decision 0080) for every campaign or the ones named, each of which
 * must exist; recorded in the audit log with the pool, so nobody opens a promise unseen. A logo is
 * the admin's own unused upload of purpose `sponsorLogo`, checked by its bytes and re-encoded before
 * anything is saved (decision 0013), and marked used with the pool.
 */
export async function createMatch(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  adminId: number,
  input: CreateMatch,
): Promise<{ id: number }> {
  const logo = input.logo
    ? await acceptUpload(deps, { key: input.logo.key, ownerId: adminId, purpose: 'sponsorLogo', field: 'logo.key' })
    : null;
  let committed = false;
  try {
    const made = await insertMatch(deps.db, adminId, input, logo);
    committed = true;
    return made;
  } finally {
    await logo?.settle(committed);
  }
}

async function insertMatch(
  db: Db,
  adminId: number,
  input: CreateMatch,
  logo: AcceptedUpload | null,
): Promise<{ id: number }> {
  // The same campaign named twice is one campaign covered.
  const named = input.campaignIds?.length
    ? [...new Map(input.campaignIds.map((r) => [toCampaignId(r), r])).values()]
    : null;
  return db.transaction(async (tx) => {
    if (named) {
      const found = await campaignTitles(tx, named);
      const missing = named.find((r) => !found.has(toCampaignId(r)));
      if (missing)
        throw new AppError('validation_failed', matchCampaignUnknown(toCampaignId(missing)), {
          campaignIds: [matchCampaignUnknown(toCampaignId(missing))],
        });
    }
    const [pool] = await tx
      .insert(matchPools)
      .values({
        sponsorName: input.sponsorName,
        logoKey: logo?.storedKey ?? null,
        logoAlt: logo ? input.logo!.alt : null,
        poolKobo: input.poolKobo,
        ratio: input.ratio,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        allCampaigns: named === null,
        createdBy: adminId,
      })
      .returning({ id: matchPools.id });
    const id = pool!.id;
    if (named)
      await tx.insert(matchPoolCampaigns).values(
        named.map((r) => ({
          poolId: id,
          recipientCampaignId: r.kind === 'recipient' ? r.id : null,
          organizationCampaignId: r.kind === 'organization' ? r.id : null,
        })),
      );
    await logo?.commit(tx as unknown as Db);
    await audit(tx, {
      adminId,
      action: 'match.create',
      entity: 'match_pool',
      entityId: id,
      details: {
        sponsorName: input.sponsorName,
        poolKobo: input.poolKobo,
        ratio: input.ratio,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        campaigns: named ? named.map(toCampaignId) : 'all',
        ...(logo ? { logo: { key: logo.storedKey, alt: input.logo!.alt } } : {}),
      },
    });
    return { id };
  });
}
