ALTER TABLE "organization_campaigns" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', search_title), 'A') || setweight(to_tsvector('english', search_text), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "recipient_campaigns" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "recipient_campaigns" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', search_title), 'A') || setweight(to_tsvector('english', search_text), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "organization_campaigns_search_idx" ON "organization_campaigns" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "recipient_campaigns_search_idx" ON "recipient_campaigns" USING gin ("search_vector");
