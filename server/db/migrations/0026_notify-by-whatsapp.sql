ALTER TABLE "users" DROP CONSTRAINT "users_notify_by";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notify_by" CHECK ("users"."notify_by" in ('email', 'sms', 'both', 'whatsapp'));