import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Devices a recipient can request, one unit per campaign. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    imageKey: text('image_key'),
    maxQuantity: integer('max_quantity').notNull().default(1),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    /** Set when an admin deleted a product that campaigns use: hidden from the catalogue, kept for them. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceKobo} > 0`),
    check('products_max_quantity', sql`${t.maxQuantity} >= 1`),
    check('products_name', sql`length(trim(${t.name})) > 0`),
  ],
);

/** Devices an organization can request several units of. */
export const organizationProducts = pgTable(
  'organization_products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    imageUrl: text('image_url'),
    isAvailable: boolean('is_available').notNull().default(true),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    /** Set when an admin deleted a product that campaigns use: hidden from the catalogue, kept for them. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organization_products_price_positive', sql`${t.priceKobo} > 0`),
    check('organization_products_max_quantity', sql`${t.maxQuantity} >= 1`),
    check('organization_products_name', sql`length(trim(${t.name})) > 0`),
  ],
);
