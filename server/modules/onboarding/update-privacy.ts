import { eq, sql } from 'drizzle-orm';
import type { RecipientPrivacy } from '@contract/onboarding';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { recipientProfiles } from '../../db/schema/all';
import { notFound } from '../../http/errors';
import { recipientCampaignIds, refreshRecipientSearchText } from '../campaign-core/search-text';

type Deps = Pick<AppDeps, 'db' | 'publicCache'>;

export const PRIVACY_SAVED = 'Your privacy choices are saved. Public pages now show them.';

/**
 * A recipient changes how public pages name them and whether their state shows. Their campaigns'
 * search text follows in the same transaction, so a surname they hide stops being found at once;
 * the public copies are dropped once it commits.
 */
export async function updateRecipientPrivacy(deps: Deps, userId: number, input: RecipientPrivacy) {
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const saved = await tx
      .update(recipientProfiles)
      .set({ publicName: input.publicName, showState: input.showState, updatedAt: sql`now()` })
      .where(eq(recipientProfiles.userId, userId))
      .returning({ userId: recipientProfiles.userId });
    if (saved.length === 0) throw notFound('Your profile is not complete yet. Finish onboarding first.');
    const ids = await recipientCampaignIds(tx, userId);
    if (ids.length > 0) await refreshRecipientSearchText(tx, ids);
  });
  deps.publicCache.clear();
  return { message: PRIVACY_SAVED, publicName: input.publicName, showState: input.showState };
}
