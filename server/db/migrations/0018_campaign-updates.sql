CREATE TABLE "campaign_update_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"update_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"alt_text" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "campaign_update_photos_alt" CHECK (length(trim("campaign_update_photos"."alt_text")) > 0),
	CONSTRAINT "campaign_update_photos_position" CHECK ("campaign_update_photos"."position" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "campaign_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_campaign_id" integer,
	"organization_campaign_id" integer,
	"author_user_id" integer,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"video_url" text,
	"status" text DEFAULT 'awaiting_review' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"donors_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_updates_one_campaign" CHECK (num_nonnulls("campaign_updates"."recipient_campaign_id", "campaign_updates"."organization_campaign_id") = 1),
	CONSTRAINT "campaign_updates_body" CHECK (char_length("campaign_updates"."body") between 20 and 2000),
	CONSTRAINT "campaign_updates_status" CHECK ("campaign_updates"."status" in ('awaiting_review', 'approved', 'hidden')),
	CONSTRAINT "campaign_updates_author_role" CHECK ("campaign_updates"."author_role" in ('admin', 'organization', 'recipient')),
	CONSTRAINT "campaign_updates_video" CHECK ("campaign_updates"."video_url" is null or "campaign_updates"."video_url" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "update_unsubscribes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"recipient_campaign_id" integer,
	"organization_campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_unsubscribes_one_campaign" CHECK (num_nonnulls("update_unsubscribes"."recipient_campaign_id", "update_unsubscribes"."organization_campaign_id") = 1),
	CONSTRAINT "update_unsubscribes_email_lower" CHECK ("update_unsubscribes"."email" = lower("update_unsubscribes"."email"))
);
--> statement-breakpoint
ALTER TABLE "campaign_update_photos" ADD CONSTRAINT "campaign_update_photos_update_id_campaign_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."campaign_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_recipient_campaign_id_recipient_campaigns_id_fk" FOREIGN KEY ("recipient_campaign_id") REFERENCES "public"."recipient_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_unsubscribes" ADD CONSTRAINT "update_unsubscribes_recipient_campaign_id_recipient_campaigns_id_fk" FOREIGN KEY ("recipient_campaign_id") REFERENCES "public"."recipient_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_unsubscribes" ADD CONSTRAINT "update_unsubscribes_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_update_photos_position_idx" ON "campaign_update_photos" USING btree ("update_id","position");--> statement-breakpoint
CREATE INDEX "campaign_updates_recipient_idx" ON "campaign_updates" USING btree ("recipient_campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_updates_organization_idx" ON "campaign_updates" USING btree ("organization_campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_updates_status_idx" ON "campaign_updates" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "update_unsubscribes_recipient_idx" ON "update_unsubscribes" USING btree ("email","recipient_campaign_id") WHERE "update_unsubscribes"."recipient_campaign_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "update_unsubscribes_organization_idx" ON "update_unsubscribes" USING btree ("email","organization_campaign_id") WHERE "update_unsubscribes"."organization_campaign_id" is not null;