import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminStat, PublicStat, Story } from '@contract/content';
import type { Db } from '../../db/client';
import { siteStats, successStories } from '../../db/schema/all';
import { imageSetOf } from '../../providers/storage/image-keys';
import type { Storage } from '../../providers/storage/storage';

/** A stat as the form gives it, checked. */
export type StatFields = {
  title: string;
  stat_value: number;
  icon_name: string;
  is_visible: boolean;
  display_order: number;
};
export type StoryFields = { title: string; recipient_name: string; story_text: string };

export async function listVisibleStats(db: Db): Promise<PublicStat[]> {
  return db
    .select({ icon_name: siteStats.iconName, stat_value: siteStats.statValue, title: siteStats.title })
    .from(siteStats)
    .where(eq(siteStats.isVisible, true))
    .orderBy(asc(siteStats.displayOrder), asc(siteStats.id));
}

export async function listStories(db: Db, storage: Storage): Promise<Story[]> {
  const rows = await db.select().from(successStories).orderBy(desc(successStories.createdAt), desc(successStories.id));
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    recipient_name: s.recipientName,
    story_text: s.storyText,
    image_url: storage.publicUrl(s.imageKey),
    image: imageSetOf(storage, s.imageKey),
    created_at: s.createdAt.toISOString(),
  }));
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

const statColumns = {
  id: siteStats.id,
  title: siteStats.title,
  stat_value: siteStats.statValue,
  icon_name: siteStats.iconName,
  is_visible: siteStats.isVisible,
  display_order: siteStats.displayOrder,
};

export async function listAllStats(db: Db): Promise<AdminStat[]> {
  return db.select(statColumns).from(siteStats).orderBy(asc(siteStats.displayOrder), asc(siteStats.id));
}

const statValues = (input: StatFields) => ({
  title: input.title,
  statValue: input.stat_value,
  iconName: input.icon_name,
  isVisible: input.is_visible,
  displayOrder: input.display_order,
});

export async function insertStat(db: Db, input: StatFields): Promise<AdminStat> {
  const [row] = await db.insert(siteStats).values(statValues(input)).returning(statColumns);
  return row!;
}

export async function findStatForUpdate(db: Db, id: number): Promise<AdminStat | undefined> {
  const [row] = await db.select(statColumns).from(siteStats).where(eq(siteStats.id, id)).for('update');
  return row;
}

export async function updateStat(db: Db, id: number, input: StatFields): Promise<AdminStat | undefined> {
  const [row] = await db.update(siteStats).set(statValues(input)).where(eq(siteStats.id, id)).returning(statColumns);
  return row;
}

export async function deleteStat(db: Db, id: number): Promise<AdminStat | undefined> {
  const [row] = await db.delete(siteStats).where(eq(siteStats.id, id)).returning(statColumns);
  return row;
}

export async function findStoryForUpdate(db: Db, id: number) {
  const [row] = await db.select().from(successStories).where(eq(successStories.id, id)).for('update');
  return row;
}

export async function insertStory(db: Db, input: StoryFields & { imageKey: string }): Promise<number> {
  const [row] = await db
    .insert(successStories)
    .values({
      title: input.title,
      recipientName: input.recipient_name,
      storyText: input.story_text,
      imageKey: input.imageKey,
    })
    .returning({ id: successStories.id });
  return row!.id;
}

export async function updateStory(db: Db, id: number, input: StoryFields & { imageKey?: string }): Promise<void> {
  await db
    .update(successStories)
    .set({
      title: input.title,
      recipientName: input.recipient_name,
      storyText: input.story_text,
      ...(input.imageKey ? { imageKey: input.imageKey } : {}),
    })
    .where(eq(successStories.id, id));
}

export async function deleteStory(db: Db, id: number) {
  const [row] = await db.delete(successStories).where(eq(successStories.id, id)).returning();
  return row;
}
