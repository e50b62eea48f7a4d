CREATE TABLE "whatsapp_pending_messages" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_notify_by";--> statement-breakpoint
CREATE INDEX "whatsapp_pending_messages_sent_idx" ON "whatsapp_pending_messages" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notify_by" CHECK ("users"."notify_by" in ('email', 'sms', 'both', 'whatsapp'));