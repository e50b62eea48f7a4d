CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"link_to" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_name" text NOT NULL,
	"year_of_establishment" integer,
	"state_of_operation" text,
	"organization_bio" text,
	"id_type" text,
	"profile_photo_key" text,
	"id_document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_profiles_name" CHECK (length(trim("organization_profiles"."organization_name")) > 0),
	CONSTRAINT "organization_profiles_year" CHECK ("organization_profiles"."year_of_establishment" is null or "organization_profiles"."year_of_establishment" >= 1900)
);
--> statement-breakpoint
CREATE TABLE "recipient_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"gender" text NOT NULL,
	"age" integer NOT NULL,
	"state_of_origin" text NOT NULL,
	"bio" text NOT NULL,
	"employment_status" text NOT NULL,
	"id_type" text NOT NULL,
	"profile_photo_key" text,
	"id_document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_profiles_age" CHECK ("recipient_profiles"."age" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text,
	"role_id" integer NOT NULL,
	"google_subject" text,
	"email_verified_at" timestamp with time zone,
	"is_onboarding_complete" boolean DEFAULT false NOT NULL,
	"can_create_campaign" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_google_subject_unique" UNIQUE("google_subject"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_phone_format" CHECK ("users"."phone_number" is null or "users"."phone_number" ~ '^\+234[0-9]{7,11}$')
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_attempts" CHECK ("verification_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organization_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"max_quantity" integer NOT NULL,
	"image_url" text,
	"is_available" boolean DEFAULT true NOT NULL,
	"specifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_products_price_positive" CHECK ("organization_products"."price_kobo" > 0),
	CONSTRAINT "organization_products_max_quantity" CHECK ("organization_products"."max_quantity" >= 1),
	CONSTRAINT "organization_products_name" CHECK (length(trim("organization_products"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"image_key" text,
	"max_quantity" integer DEFAULT 1 NOT NULL,
	"specifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_kobo" > 0),
	CONSTRAINT "products_max_quantity" CHECK ("products"."max_quantity" >= 1),
	CONSTRAINT "products_name" CHECK (length(trim("products"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "organization_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"organization_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"total_price_kobo" bigint NOT NULL,
	"units_fulfilled" integer DEFAULT 0 NOT NULL,
	"amount_raised_kobo" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"specifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_campaigns_quantity" CHECK ("organization_campaigns"."quantity" >= 1),
	CONSTRAINT "organization_campaigns_unit_price" CHECK ("organization_campaigns"."unit_price_kobo" > 0),
	CONSTRAINT "organization_campaigns_total" CHECK ("organization_campaigns"."total_price_kobo" = "organization_campaigns"."unit_price_kobo" * "organization_campaigns"."quantity"),
	CONSTRAINT "organization_campaigns_units" CHECK ("organization_campaigns"."units_fulfilled" >= 0 and "organization_campaigns"."units_fulfilled" <= "organization_campaigns"."quantity"),
	CONSTRAINT "organization_campaigns_amount" CHECK ("organization_campaigns"."amount_raised_kobo" >= 0),
	CONSTRAINT "organization_campaigns_reason" CHECK (length(trim("organization_campaigns"."reason")) >= 20)
);
--> statement-breakpoint
CREATE TABLE "recipient_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"units_fulfilled" integer DEFAULT 0 NOT NULL,
	"amount_raised_kobo" bigint DEFAULT 0 NOT NULL,
	"admin_notes" text,
	"delivery_status" text,
	"appreciation_video_url" text,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_campaigns_price_positive" CHECK ("recipient_campaigns"."price_kobo" > 0),
	CONSTRAINT "recipient_campaigns_units" CHECK ("recipient_campaigns"."units_fulfilled" between 0 and 1),
	CONSTRAINT "recipient_campaigns_amount" CHECK ("recipient_campaigns"."amount_raised_kobo" >= 0),
	CONSTRAINT "recipient_campaigns_reason" CHECK (length(trim("recipient_campaigns"."reason")) >= 20),
	CONSTRAINT "recipient_campaigns_featured_live" CHECK (not "recipient_campaigns"."is_featured" or "recipient_campaigns"."status" = 'approved')
);
--> statement-breakpoint
CREATE TABLE "donation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"recipient_campaign_id" integer,
	"organization_campaign_id" integer,
	"units" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_items_one_campaign" CHECK (num_nonnulls("donation_items"."recipient_campaign_id", "donation_items"."organization_campaign_id") = 1),
	CONSTRAINT "donation_items_units" CHECK ("donation_items"."units" >= 1),
	CONSTRAINT "donation_items_amount" CHECK ("donation_items"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"donor_user_id" integer,
	"donor_email" text NOT NULL,
	"donor_full_name" text NOT NULL,
	"total_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "donations_total_positive" CHECK ("donations"."total_kobo" > 0),
	CONSTRAINT "donations_currency" CHECK ("donations"."currency" = 'NGN')
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_response" jsonb,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "site_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"stat_value" integer DEFAULT 0 NOT NULL,
	"icon_name" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_stats_value" CHECK ("site_stats"."stat_value" >= 0),
	CONSTRAINT "site_stats_icon" CHECK ("site_stats"."icon_name" ~ '^[A-Za-z0-9]+Icon$')
);
--> statement-breakpoint
CREATE TABLE "success_stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"recipient_name" text NOT NULL,
	"story_text" text NOT NULL,
	"image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD CONSTRAINT "recipient_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD CONSTRAINT "organization_campaigns_organization_id_users_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD CONSTRAINT "organization_campaigns_organization_product_id_organization_products_id_fk" FOREIGN KEY ("organization_product_id") REFERENCES "public"."organization_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_campaigns" ADD CONSTRAINT "recipient_campaigns_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_campaigns" ADD CONSTRAINT "recipient_campaigns_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_items" ADD CONSTRAINT "donation_items_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_items" ADD CONSTRAINT "donation_items_recipient_campaign_id_recipient_campaigns_id_fk" FOREIGN KEY ("recipient_campaign_id") REFERENCES "public"."recipient_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_items" ADD CONSTRAINT "donation_items_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_entity_idx" ON "admin_audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "organization_campaigns_public_idx" ON "organization_campaigns" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "organization_campaigns_org_idx" ON "organization_campaigns" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_campaigns_search_idx" ON "organization_campaigns" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "organization_campaigns_trgm_idx" ON "organization_campaigns" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipient_campaigns_public_idx" ON "recipient_campaigns" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recipient_campaigns_recipient_idx" ON "recipient_campaigns" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "recipient_campaigns_search_idx" ON "recipient_campaigns" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "recipient_campaigns_trgm_idx" ON "recipient_campaigns" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "donation_items_donation_idx" ON "donation_items" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "donation_items_recipient_campaign_idx" ON "donation_items" USING btree ("recipient_campaign_id");--> statement-breakpoint
CREATE INDEX "donation_items_org_campaign_idx" ON "donation_items" USING btree ("organization_campaign_id");--> statement-breakpoint
CREATE INDEX "donations_donor_user_idx" ON "donations" USING btree ("donor_user_id");--> statement-breakpoint
CREATE INDEX "donations_donor_email_idx" ON "donations" USING btree ("donor_email");--> statement-breakpoint
CREATE INDEX "payments_donation_idx" ON "payments" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "site_stats_visible_idx" ON "site_stats" USING btree ("is_visible","display_order");