import {
  FUNDRAISER_ALREADY_CLOSED,
  FUNDRAISER_NOT_EDITABLE,
  FUNDRAISER_NOT_FOUND,
  type editFundraiserSchema,
} from '@contract/fundraisers';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fundraisers } from '../../db/schema/all';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { acceptFundraiserPhoto } from './accept-photo';
import { lockFundraiser, type FundraiserRow } from './queries';

export const EDITED_PENDING = 'Saved. Your fundraiser is still waiting for our team to read it.';
export const EDITED_APPROVED =
  'Saved. Your changes wait for our team to read them; until then your page shows the words already approved.';
export const CLOSED = 'Your fundraiser is closed. Its page stays up, and says it is no longer taking gifts.';

/** The caller's own fundraiser, locked; anyone else's is "not found", so no slug is confirmed to a stranger. */
async function ownFundraiser(tx: Db, slug: string, ownerId: number): Promise<FundraiserRow> {
  const row = await lockFundraiser(tx, slug);
  if (!row || row.ownerUserId !== ownerId) throw notFound(FUNDRAISER_NOT_FOUND);
  return row;
}

/**
 * The owner's edit. A pending fundraiser takes it at once (the admins have not read it yet); an
 * approved one keeps it as a revision, so the public page keeps the approved words until an admin
 * approves the new ones. A rejected or closed one cannot be changed.
 */
export async function editFundraiser(
  deps: Pick<AppDeps, 'db' | 'publicCache' | 'storage'>,
  owner: { id: number },
  slug: string,
  input: z.output<typeof editFundraiserSchema>,
): Promise<{ message: string; slug: string }> {
  const photo = await acceptFundraiserPhoto(deps, owner.id, input.photo);
  let committed = false;
  try {
    const message = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const row = await ownFundraiser(tx, slug, owner.id);
      const newPhoto = photo ? { key: photo.storedKey, alt: input.photo!.alt } : null;
      if (row.status === 'pending') {
        await tx
          .update(fundraisers)
          .set({
            title: input.title,
            story: input.story,
            goalKobo: input.goalKobo,
            ...(newPhoto ? { photoKey: newPhoto.key, photoAlt: newPhoto.alt } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(fundraisers.id, row.id));
        await photo?.commit(tx);
        return EDITED_PENDING;
      }
      if (row.status !== 'approved') throw new AppError('conflict', FUNDRAISER_NOT_EDITABLE);
      await tx
        .update(fundraisers)
        .set({
          pendingTitle: input.title,
          pendingStory: input.story,
          pendingGoalKobo: input.goalKobo,
          // A revision without a photo of its own keeps the approved one.
          pendingPhotoKey: newPhoto?.key ?? null,
          pendingPhotoAlt: newPhoto?.alt ?? null,
          revisionSubmittedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(fundraisers.id, row.id));
      await photo?.commit(tx);
      return EDITED_APPROVED;
    });
    committed = true;
    deps.publicCache.clear();
    return { message, slug };
  } finally {
    await photo?.settle(committed);
  }
}

/**
 * The owner closes their fundraiser: it takes no more gifts, its page says so, and a revision
 * waiting is dropped. Closing frees its place under the open limits.
 */
export async function closeFundraiser(
  deps: Pick<AppDeps, 'db' | 'publicCache'>,
  owner: { id: number },
  slug: string,
): Promise<{ message: string; slug: string }> {
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await ownFundraiser(tx, slug, owner.id);
    if (row.status === 'closed') throw new AppError('conflict', FUNDRAISER_ALREADY_CLOSED);
    if (row.status === 'rejected') throw new AppError('conflict', FUNDRAISER_NOT_EDITABLE);
    await tx
      .update(fundraisers)
      .set({
        status: 'closed',
        closedAt: sql`now()`,
        pendingTitle: null,
        pendingStory: null,
        pendingGoalKobo: null,
        pendingPhotoKey: null,
        pendingPhotoAlt: null,
        revisionSubmittedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(fundraisers.id, row.id));
  });
  deps.publicCache.clear();
  return { message: CLOSED, slug };
}
