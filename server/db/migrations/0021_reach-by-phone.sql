CREATE TABLE "phone_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_changes_phone_format" CHECK ("phone_changes"."phone_number" ~ '^\+234[0-9]{7,11}$'),
	CONSTRAINT "phone_changes_attempts" CHECK ("phone_changes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "collection_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"recipient_campaign_id" integer,
	"organization_campaign_id" integer,
	"booked_by" integer,
	"status" text DEFAULT 'booked' NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"marked_by" integer,
	"marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_bookings_one_campaign" CHECK (("collection_bookings"."recipient_campaign_id" is null) <> ("collection_bookings"."organization_campaign_id" is null)),
	CONSTRAINT "collection_bookings_status" CHECK ("collection_bookings"."status" in ('booked', 'collected', 'missed', 'cancelled')),
	CONSTRAINT "collection_bookings_moves" CHECK ("collection_bookings"."moves" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "collection_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"created_by" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_slots_capacity" CHECK ("collection_slots"."capacity" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "assisted_applications" (
	"recipient_id" integer PRIMARY KEY NOT NULL,
	"caseworker_id" integer,
	"organization_id" integer,
	"consent_method" text NOT NULL,
	"consent_form_key" text,
	"consent_given_on" date NOT NULL,
	"witness_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assisted_applications_consent" CHECK (("assisted_applications"."consent_method" = 'signed_form' and "assisted_applications"."consent_form_key" is not null)
          or ("assisted_applications"."consent_method" = 'spoken' and "assisted_applications"."witness_name" is not null and length(trim("assisted_applications"."witness_name")) > 0))
);
--> statement-breakpoint
CREATE TABLE "caseworker_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caseworker_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "caseworker_invites_email_lowercase" CHECK ("caseworker_invites"."email" = lower("caseworker_invites"."email"))
);
--> statement-breakpoint
CREATE TABLE "caseworkers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_changes" ADD CONSTRAINT "phone_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_bookings" ADD CONSTRAINT "collection_bookings_slot_id_collection_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."collection_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_bookings" ADD CONSTRAINT "collection_bookings_recipient_campaign_id_recipient_campaigns_id_fk" FOREIGN KEY ("recipient_campaign_id") REFERENCES "public"."recipient_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_bookings" ADD CONSTRAINT "collection_bookings_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_bookings" ADD CONSTRAINT "collection_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_bookings" ADD CONSTRAINT "collection_bookings_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_slots" ADD CONSTRAINT "collection_slots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_applications" ADD CONSTRAINT "assisted_applications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_applications" ADD CONSTRAINT "assisted_applications_caseworker_id_users_id_fk" FOREIGN KEY ("caseworker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_applications" ADD CONSTRAINT "assisted_applications_organization_id_users_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caseworker_invites" ADD CONSTRAINT "caseworker_invites_organization_id_users_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caseworker_invites" ADD CONSTRAINT "caseworker_invites_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caseworkers" ADD CONSTRAINT "caseworkers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caseworkers" ADD CONSTRAINT "caseworkers_organization_id_users_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_changes_user_idx" ON "phone_changes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_bookings_slot_idx" ON "collection_bookings" USING btree ("slot_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_bookings_one_recipient_booking" ON "collection_bookings" USING btree ("recipient_campaign_id") WHERE status = 'booked' and recipient_campaign_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_bookings_one_organization_booking" ON "collection_bookings" USING btree ("organization_campaign_id") WHERE status = 'booked' and organization_campaign_id is not null;--> statement-breakpoint
CREATE INDEX "collection_slots_starts_idx" ON "collection_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "assisted_applications_caseworker_idx" ON "assisted_applications" USING btree ("caseworker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assisted_applications_form_key" ON "assisted_applications" USING btree ("consent_form_key");--> statement-breakpoint
CREATE INDEX "caseworker_invites_organization_idx" ON "caseworker_invites" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "caseworkers_organization_idx" ON "caseworkers" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notify_by" CHECK ("users"."notify_by" in ('email', 'sms', 'both'));--> statement-breakpoint
INSERT INTO "roles" ("name") VALUES ('caseworker') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- Recipients are told by mail and SMS unless they choose otherwise (docs/decisions/0042).
UPDATE "users" SET "notify_by" = 'both' WHERE "phone_number" IS NOT NULL AND "role_id" = (SELECT "id" FROM "roles" WHERE "name" = 'recipient');
