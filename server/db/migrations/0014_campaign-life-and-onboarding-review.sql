CREATE TABLE "onboarding_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_submissions_version" CHECK ("onboarding_submissions"."version" >= 1),
	CONSTRAINT "onboarding_submissions_correction_note" CHECK ("onboarding_submissions"."status" <> 'correction_requested' or length(trim(coalesce("onboarding_submissions"."review_note", ''))) > 0)
);
--> statement-breakpoint
DROP INDEX "organization_campaigns_public_order_idx";--> statement-breakpoint
DROP INDEX "organization_campaigns_one_open_idx";--> statement-breakpoint
DROP INDEX "recipient_campaigns_public_order_idx";--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD COLUMN "public_name" text DEFAULT 'first_initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD COLUMN "show_state" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_submissions" ADD CONSTRAINT "onboarding_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_submissions" ADD CONSTRAINT "onboarding_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_submissions_version_key" ON "onboarding_submissions" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "onboarding_submissions_queue_idx" ON "onboarding_submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "organization_campaigns_public_order_idx" ON "organization_campaigns" USING btree ("created_at","id") WHERE status in ('approved', 'partially_fulfilled', 'paused', 'fulfilled', 'closed', 'ready_for_pickup', 'delivered');--> statement-breakpoint
CREATE UNIQUE INDEX "organization_campaigns_one_open_idx" ON "organization_campaigns" USING btree ("organization_id") WHERE status in ('pending', 'approved', 'partially_fulfilled', 'paused');--> statement-breakpoint
CREATE INDEX "recipient_campaigns_public_order_idx" ON "recipient_campaigns" USING btree ("created_at","id") WHERE status in ('approved', 'purchased', 'ready_for_pickup', 'delivered');--> statement-breakpoint
INSERT INTO "onboarding_submissions" ("user_id", "kind", "version", "answers", "created_at")
SELECT p."user_id", 'recipient', 1,
       jsonb_build_object('gender', p."gender", 'age', p."age", 'stateOfOrigin', p."state_of_origin",
                          'recipientBio', p."bio", 'employmentStatus', p."employment_status", 'idType', p."id_type",
                          'idHolder', p."id_holder", 'profilePhotoKey', p."profile_photo_key", 'idDocumentKey', p."id_document_key"),
       p."created_at"
  FROM "recipient_profiles" p JOIN "users" u ON u."id" = p."user_id"
 WHERE u."is_onboarding_complete" AND u."deleted_at" IS NULL;--> statement-breakpoint
INSERT INTO "onboarding_submissions" ("user_id", "kind", "version", "answers", "created_at")
SELECT p."user_id", 'organization', 1,
       jsonb_build_object('organizationName', p."organization_name", 'yearOfEstablishment', p."year_of_establishment",
                          'stateOfOperation', p."state_of_operation", 'organizationBio', p."organization_bio", 'idType', p."id_type",
                          'profilePhotoKey', p."profile_photo_key", 'idDocumentKey', p."id_document_key"),
       p."created_at"
  FROM "organization_profiles" p JOIN "users" u ON u."id" = p."user_id"
 WHERE u."is_onboarding_complete" AND u."deleted_at" IS NULL;
