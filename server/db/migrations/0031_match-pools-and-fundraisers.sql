CREATE TABLE "match_pool_campaigns" (
	"pool_id" integer NOT NULL,
	"recipient_campaign_id" integer,
	"organization_campaign_id" integer,
	CONSTRAINT "match_pool_campaigns_one" CHECK (num_nonnulls("match_pool_campaigns"."recipient_campaign_id", "match_pool_campaigns"."organization_campaign_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "match_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_name" text NOT NULL,
	"logo_key" text,
	"logo_alt" text,
	"pool_kobo" bigint NOT NULL,
	"ratio" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_campaigns" boolean NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_pools_pool" CHECK ("match_pools"."pool_kobo" > 0),
	CONSTRAINT "match_pools_ratio" CHECK ("match_pools"."ratio" between 1 and 3),
	CONSTRAINT "match_pools_window" CHECK ("match_pools"."ends_at" > "match_pools"."starts_at"),
	CONSTRAINT "match_pools_logo_alt" CHECK ("match_pools"."logo_key" is null or "match_pools"."logo_alt" is not null)
);
--> statement-breakpoint
CREATE TABLE "fundraisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"recipient_campaign_id" integer,
	"organization_campaign_id" integer,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"goal_kobo" bigint NOT NULL,
	"photo_key" text,
	"photo_alt" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"pending_title" text,
	"pending_story" text,
	"pending_goal_kobo" bigint,
	"pending_photo_key" text,
	"pending_photo_alt" text,
	"revision_submitted_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundraisers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "fundraisers_one_campaign" CHECK (num_nonnulls("fundraisers"."recipient_campaign_id", "fundraisers"."organization_campaign_id") = 1),
	CONSTRAINT "fundraisers_title" CHECK (char_length("fundraisers"."title") between 1 and 80),
	CONSTRAINT "fundraisers_story" CHECK (char_length("fundraisers"."story") between 1 and 2000),
	CONSTRAINT "fundraisers_goal" CHECK ("fundraisers"."goal_kobo" > 0),
	CONSTRAINT "fundraisers_pending_goal" CHECK ("fundraisers"."pending_goal_kobo" is null or "fundraisers"."pending_goal_kobo" > 0),
	CONSTRAINT "fundraisers_photo_alt" CHECK ("fundraisers"."photo_key" is null or "fundraisers"."photo_alt" is not null),
	CONSTRAINT "fundraisers_status" CHECK ("fundraisers"."status" in ('pending', 'approved', 'rejected', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "donation_items" DROP CONSTRAINT "donation_items_units";--> statement-breakpoint
ALTER TABLE "attention_cases" DROP CONSTRAINT "attention_cases_reason";--> statement-breakpoint
ALTER TABLE "donation_items" ADD COLUMN "match_pool_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fundraiser_id" integer;--> statement-breakpoint
ALTER TABLE "match_pool_campaigns" ADD CONSTRAINT "match_pool_campaigns_pool_id_match_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."match_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_pool_campaigns" ADD CONSTRAINT "match_pool_campaigns_recipient_campaign_id_recipient_campaigns_id_fk" FOREIGN KEY ("recipient_campaign_id") REFERENCES "public"."recipient_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_pool_campaigns" ADD CONSTRAINT "match_pool_campaigns_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_pools" ADD CONSTRAINT "match_pools_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_recipient_campaign_id_recipient_campaigns_id_fk" FOREIGN KEY ("recipient_campaign_id") REFERENCES "public"."recipient_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_pool_campaigns_recipient_idx" ON "match_pool_campaigns" USING btree ("recipient_campaign_id","pool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_pool_campaigns_organization_idx" ON "match_pool_campaigns" USING btree ("organization_campaign_id","pool_id");--> statement-breakpoint
CREATE INDEX "match_pool_campaigns_pool_idx" ON "match_pool_campaigns" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "match_pools_window_idx" ON "match_pools" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraisers_open_recipient_idx" ON "fundraisers" USING btree ("owner_user_id","recipient_campaign_id") WHERE "fundraisers"."status" in ('pending', 'approved') and "fundraisers"."recipient_campaign_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraisers_open_organization_idx" ON "fundraisers" USING btree ("owner_user_id","organization_campaign_id") WHERE "fundraisers"."status" in ('pending', 'approved') and "fundraisers"."organization_campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "fundraisers_owner_idx" ON "fundraisers" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "fundraisers_recipient_campaign_idx" ON "fundraisers" USING btree ("recipient_campaign_id");--> statement-breakpoint
CREATE INDEX "fundraisers_organization_campaign_idx" ON "fundraisers" USING btree ("organization_campaign_id");--> statement-breakpoint
CREATE INDEX "fundraisers_queue_idx" ON "fundraisers" USING btree ("status","revision_submitted_at","created_at");--> statement-breakpoint
ALTER TABLE "donation_items" ADD CONSTRAINT "donation_items_match_pool_id_match_pools_id_fk" FOREIGN KEY ("match_pool_id") REFERENCES "public"."match_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_items_match_pool_idx" ON "donation_items" USING btree ("match_pool_id") WHERE "donation_items"."match_pool_id" is not null;--> statement-breakpoint
CREATE INDEX "donations_fundraiser_idx" ON "donations" USING btree ("fundraiser_id") WHERE "donations"."fundraiser_id" is not null;--> statement-breakpoint
ALTER TABLE "donation_items" ADD CONSTRAINT "donation_items_units" CHECK ("donation_items"."units" >= 1 or ("donation_items"."units" = 0 and "donation_items"."match_pool_id" is not null));--> statement-breakpoint
ALTER TABLE "attention_cases" ADD CONSTRAINT "attention_cases_reason" CHECK ("attention_cases"."reason" in ('wrong_amount', 'paid_after_close', 'paid_twice', 'reversed', 'match_lapsed'));