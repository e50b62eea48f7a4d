import type { AdminStat } from '@contract/content';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { audit } from '../audit/audit';
import { acceptUpload } from '../uploads/accept-upload';
import {
  deleteStat,
  deleteStory,
  findStatForUpdate,
  findStoryForUpdate,
  insertStat,
  insertStory,
  updateStat,
  updateStory,
  type StatFields,
  type StoryFields,
} from './queries';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'publicCache'>;
type Admin = { id: number };

const STAT_NOT_FOUND = 'That statistic was not found. It may have been deleted.';
const STORY_NOT_FOUND = 'That story was not found. It may have been deleted.';

/** One change in one transaction with its audit entry; the public copies are dropped once it commits, so the home page shows it next time. */
async function change<T>(deps: Deps, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(async (t) => work(t as unknown as Db));
  deps.publicCache.clear();
  return result;
}

export async function createStat(
  deps: Deps,
  admin: Admin,
  input: StatFields,
): Promise<{ message: string; stat: AdminStat }> {
  const stat = await change(deps, async (tx) => {
    const row = await insertStat(tx, input);
    await audit(tx, {
      adminId: admin.id,
      action: 'stat.create',
      entity: 'site_stat',
      entityId: row.id,
      details: { after: input },
    });
    return row;
  });
  return { message: 'Stat created successfully!', stat };
}

export async function editStat(
  deps: Deps,
  admin: Admin,
  id: number,
  input: StatFields,
): Promise<{ message: string; stat: AdminStat }> {
  const stat = await change(deps, async (tx) => {
    const before = await findStatForUpdate(tx, id);
    if (!before) throw new AppError('not_found', STAT_NOT_FOUND);
    const row = (await updateStat(tx, id, input))!;
    const { id: _id, ...was } = before;
    await audit(tx, {
      adminId: admin.id,
      action: 'stat.update',
      entity: 'site_stat',
      entityId: id,
      details: { before: was, after: input },
    });
    return row;
  });
  return { message: 'Stat updated successfully!', stat };
}

export async function removeStat(deps: Deps, admin: Admin, id: number): Promise<{ message: string }> {
  await change(deps, async (tx) => {
    const row = await deleteStat(tx, id);
    if (!row) throw new AppError('not_found', STAT_NOT_FOUND);
    const { id: _id, ...was } = row;
    await audit(tx, {
      adminId: admin.id,
      action: 'stat.delete',
      entity: 'site_stat',
      entityId: id,
      details: { before: was },
    });
  });
  return { message: 'Stat deleted.' };
}

/** Checks the uploaded image by its bytes and re-encodes it before anything is saved. */
async function acceptStoryImage(deps: Deps, admin: Admin, key: string) {
  return acceptUpload(deps, { key, ownerId: admin.id, purpose: 'storyImage', field: 'imageKey' });
}

export async function createStory(
  deps: Deps,
  admin: Admin,
  input: StoryFields & { imageKey: string },
): Promise<{ message: string; id: number }> {
  const image = await acceptStoryImage(deps, admin, input.imageKey);
  let committed = false;
  try {
    const id = await change(deps, async (tx) => {
      await image.commit(tx);
      const storyId = await insertStory(tx, { ...input, imageKey: image.storedKey });
      await audit(tx, {
        adminId: admin.id,
        action: 'story.create',
        entity: 'success_story',
        entityId: storyId,
        details: { after: { title: input.title, recipient_name: input.recipient_name } },
      });
      return storyId;
    });
    committed = true;
    return { message: 'Story published.', id };
  } finally {
    await image.settle(committed);
  }
}

export async function editStory(
  deps: Deps,
  admin: Admin,
  id: number,
  input: StoryFields & { imageKey?: string },
): Promise<{ message: string }> {
  const image = input.imageKey ? await acceptStoryImage(deps, admin, input.imageKey) : null;
  let committed = false;
  let oldKey: string | null = null;
  try {
    await change(deps, async (tx) => {
      const before = await findStoryForUpdate(tx, id);
      if (!before) throw new AppError('not_found', STORY_NOT_FOUND);
      if (image) {
        await image.commit(tx);
        oldKey = before.imageKey;
      }
      await updateStory(tx, id, { ...input, imageKey: image?.storedKey });
      await audit(tx, {
        adminId: admin.id,
        action: 'story.update',
        entity: 'success_story',
        entityId: id,
        details: {
          before: { title: before.title, recipient_name: before.recipientName, story_text: before.storyText },
          after: { title: input.title, recipient_name: input.recipient_name, story_text: input.story_text },
          image_replaced: Boolean(image),
        },
      });
    });
    committed = true;
  } finally {
    await image?.settle(committed);
  }
  if (oldKey) await deps.storage.remove(oldKey).catch(() => undefined);
  return { message: 'Story updated.' };
}

export async function removeStory(deps: Deps, admin: Admin, id: number): Promise<{ message: string }> {
  const row = await change(deps, async (tx) => {
    const deleted = await deleteStory(tx, id);
    if (!deleted) throw new AppError('not_found', STORY_NOT_FOUND);
    await audit(tx, {
      adminId: admin.id,
      action: 'story.delete',
      entity: 'success_story',
      entityId: id,
      details: { before: { title: deleted.title, recipient_name: deleted.recipientName } },
    });
    return deleted;
  });
  // The image goes once the story is gone; a failure here leaves an unreferenced file, never a broken story.
  if (row.imageKey) await deps.storage.remove(row.imageKey).catch(() => undefined);
  return { message: 'Story deleted.' };
}
