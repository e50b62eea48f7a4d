CREATE TABLE "phone_sign_in_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_sign_in_codes_phone_format" CHECK ("phone_sign_in_codes"."phone_number" ~ '^\+234[0-9]{7,11}$'),
	CONSTRAINT "phone_sign_in_codes_attempts" CHECK ("phone_sign_in_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "phone_sign_in_codes_phone_idx" ON "phone_sign_in_codes" USING btree ("phone_number","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_only_key" ON "users" USING btree ("phone_number") WHERE "users"."email" is null and "users"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_or_phone" CHECK ("users"."email" is not null or "users"."phone_number" is not null);