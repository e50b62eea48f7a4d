ALTER TABLE "organization_products" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "withdrawn_at" timestamp with time zone;