import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PublicStat, Story } from '@contract/content';
import type { Db } from '../../db/client';
import { siteStats, successStories } from '../../db/schema/all';
import type { Storage } from '../../providers/storage/storage';

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
    created_at: s.createdAt.toISOString(),
  }));
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
