DROP INDEX "organization_campaigns_public_idx";--> statement-breakpoint
DROP INDEX "recipient_campaigns_public_idx";--> statement-breakpoint
DROP INDEX "organization_campaigns_trgm_idx";--> statement-breakpoint
DROP INDEX "recipient_campaigns_trgm_idx";--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_campaigns" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "organization_campaigns_status_idx" ON "organization_campaigns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "organization_campaigns_public_order_idx" ON "organization_campaigns" USING btree ("created_at","id") WHERE status in ('approved', 'partially_fulfilled', 'fulfilled');--> statement-breakpoint
CREATE INDEX "recipient_campaigns_status_idx" ON "recipient_campaigns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "recipient_campaigns_public_order_idx" ON "recipient_campaigns" USING btree ("created_at","id") WHERE status in ('approved', 'purchased', 'delivered');--> statement-breakpoint
CREATE INDEX "organization_campaigns_trgm_idx" ON "organization_campaigns" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipient_campaigns_trgm_idx" ON "recipient_campaigns" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
UPDATE "recipient_campaigns" c SET "search_title" = concat_ws(' ', p.name, u.first_name, u.last_name)
  FROM "products" p, "users" u WHERE p.id = c.product_id AND u.id = c.recipient_id;--> statement-breakpoint
UPDATE "organization_campaigns" c SET "search_title" = concat_ws(' ', p.name, coalesce(op.organization_name, ''), u.first_name, u.last_name)
  FROM "organization_products" p, "users" u LEFT JOIN "organization_profiles" op ON op.user_id = u.id
 WHERE p.id = c.organization_product_id AND u.id = c.organization_id;
