import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const successStories = pgTable('success_stories', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  recipientName: text('recipient_name').notNull(),
  storyText: text('story_text').notNull(),
  imageKey: text('image_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteStats = pgTable(
  'site_stats',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    statValue: integer('stat_value').notNull().default(0),
    iconName: text('icon_name').notNull(),
    isVisible: boolean('is_visible').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_stats_value', sql`${t.statValue} >= 0`),
    check('site_stats_icon', sql`${t.iconName} ~ '^[A-Za-z0-9]+Icon$'`),
    index('site_stats_visible_idx').on(t.isVisible, t.displayOrder),
  ],
);
