ALTER TABLE "donations" ADD COLUMN "fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "confirm_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_source" CHECK ("donations"."source" in ('whatsapp', 'facebook', 'x', 'email', 'qr', 'copy'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fee" CHECK ("donations"."fee_kobo" >= 0 and "donations"."fee_kobo" < "donations"."total_kobo");