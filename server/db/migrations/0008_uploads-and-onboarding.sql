CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_type" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"detected_type" text,
	"stored_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "uploads_used_has_type" CHECK ("uploads"."status" = 'issued' or ("uploads"."detected_type" is not null and "uploads"."stored_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD COLUMN "id_holder" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_status_created_idx" ON "uploads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "uploads_stored_key_idx" ON "uploads" USING btree ("stored_key");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "can_create_campaign";