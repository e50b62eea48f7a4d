CREATE TABLE "gift_dedications" (
	"donation_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"message" text,
	"notify_email" text,
	"card_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_dedications_kind" CHECK ("gift_dedications"."kind" in ('honour', 'memory')),
	CONSTRAINT "gift_dedications_name" CHECK (char_length("gift_dedications"."name") between 1 and 100),
	CONSTRAINT "gift_dedications_message" CHECK ("gift_dedications"."message" is null or char_length("gift_dedications"."message") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "monthly_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_user_id" integer,
	"donor_email" text NOT NULL,
	"donor_full_name" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"cover_fee" boolean DEFAULT false NOT NULL,
	"organization_campaign_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"authorization_sealed" text,
	"card_label" text,
	"next_period" text,
	"next_charge_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_gifts_amount" CHECK ("monthly_gifts"."amount_kobo" >= 100000),
	CONSTRAINT "monthly_gifts_attempts" CHECK ("monthly_gifts"."failed_attempts" between 0 and 3),
	CONSTRAINT "monthly_gifts_period" CHECK ("monthly_gifts"."next_period" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "monthly_gifts_status" CHECK ("monthly_gifts"."status" in ('pending', 'active', 'paused', 'failing', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fund_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fund_campaign_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "from_fund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "monthly_gift_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "monthly_period" text;--> statement-breakpoint
ALTER TABLE "gift_dedications" ADD CONSTRAINT "gift_dedications_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_gifts_donor_user_idx" ON "monthly_gifts" USING btree ("donor_user_id");--> statement-breakpoint
CREATE INDEX "monthly_gifts_donor_email_idx" ON "monthly_gifts" USING btree ("donor_email");--> statement-breakpoint
CREATE INDEX "monthly_gifts_due_idx" ON "monthly_gifts" USING btree ("next_charge_at") WHERE "monthly_gifts"."status" in ('active', 'failing', 'paused');--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fund_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("fund_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_monthly_gift_id_monthly_gifts_id_fk" FOREIGN KEY ("monthly_gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_monthly_month_paid_idx" ON "donations" USING btree ("monthly_gift_id","monthly_period") WHERE "donations"."status" in ('paid', 'needs_attention');--> statement-breakpoint
CREATE INDEX "donations_fund_idx" ON "donations" USING btree ("paid_at") WHERE "donations"."fund_kobo" > 0;--> statement-breakpoint
CREATE INDEX "donations_from_fund_idx" ON "donations" USING btree ("paid_at") WHERE "donations"."from_fund";--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fund" CHECK ("donations"."fund_kobo" >= 0 and "donations"."fund_kobo" + "donations"."fee_kobo" <= "donations"."total_kobo");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fund_campaign" CHECK ("donations"."fund_campaign_id" is null or "donations"."fund_kobo" > 0);--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_monthly_period" CHECK (("donations"."monthly_gift_id" is null) = ("donations"."monthly_period" is null));