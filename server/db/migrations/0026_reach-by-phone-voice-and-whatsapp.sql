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
CREATE TABLE "whatsapp_pending_messages" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"user_id" integer,
	"session_id" text,
	"last_key" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"note" text,
	CONSTRAINT "callback_requests_done_note" CHECK (("callback_requests"."done_at" is null) = ("callback_requests"."note" is null))
);
--> statement-breakpoint
CREATE TABLE "voice_calls" (
	"session_id" text PRIMARY KEY NOT NULL,
	"caller_number" text NOT NULL,
	"user_id" integer,
	"stage" text NOT NULL,
	"signed_in_at" timestamp with time zone,
	"silences" integer DEFAULT 0 NOT NULL,
	"last_key" text,
	"offered_slot_ids" integer[],
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	CONSTRAINT "voice_calls_stage" CHECK ("voice_calls"."stage" in ('pin', 'menu', 'collection', 'ended')),
	CONSTRAINT "voice_calls_silences" CHECK ("voice_calls"."silences" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voice_pins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pin_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"sms_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_pins_failed_attempts" CHECK ("voice_pins"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_notify_by";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_pins" ADD CONSTRAINT "voice_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_sign_in_codes_phone_idx" ON "phone_sign_in_codes" USING btree ("phone_number","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whatsapp_pending_messages_sent_idx" ON "whatsapp_pending_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "callback_requests_open_idx" ON "callback_requests" USING btree ("done_at","requested_at");--> statement-breakpoint
CREATE INDEX "voice_calls_started_idx" ON "voice_calls" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_only_key" ON "users" USING btree ("phone_number") WHERE "users"."email" is null and "users"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_or_phone" CHECK ("users"."email" is not null or "users"."phone_number" is not null);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notify_by" CHECK ("users"."notify_by" in ('email', 'sms', 'both', 'whatsapp'));