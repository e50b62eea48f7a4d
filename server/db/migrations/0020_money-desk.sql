CREATE TABLE "attention_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"reason" text NOT NULL,
	"words" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	"note" text,
	CONSTRAINT "attention_cases_reason" CHECK ("attention_cases"."reason" in ('wrong_amount', 'paid_after_close', 'paid_twice', 'reversed')),
	CONSTRAINT "attention_cases_resolved" CHECK (("attention_cases"."resolved_at" is null) = ("attention_cases"."resolution" is null) and ("attention_cases"."resolved_at" is null or "attention_cases"."note" is not null))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"donation_id" integer,
	"source" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_source" CHECK ("provider_events"."source" in ('webhook', 'verify', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text NOT NULL,
	"requested_by" integer,
	"units_released" boolean DEFAULT false NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_kobo" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "attention_cases" ADD CONSTRAINT "attention_cases_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_cases" ADD CONSTRAINT "attention_cases_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_cases_open_idx" ON "attention_cases" USING btree ("donation_id","reason") WHERE "attention_cases"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "attention_cases_queue_idx" ON "attention_cases" USING btree ("opened_at","id") WHERE "attention_cases"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "provider_events_reference_idx" ON "provider_events" USING btree ("reference","id");--> statement-breakpoint
CREATE INDEX "refunds_donation_idx" ON "refunds" USING btree ("donation_id");--> statement-breakpoint
INSERT INTO "attention_cases" ("donation_id", "reason", "words")
SELECT "id",
       CASE WHEN "paid_at" IS NULL THEN 'wrong_amount' ELSE 'paid_after_close' END,
       CASE WHEN "paid_at" IS NULL
            THEN 'The provider reports another amount or currency than the checkout asked.'
            ELSE 'Paid after the campaign stopped taking gifts, or after its units went to another donor: part of the gift could not be placed.'
       END
  FROM "donations" WHERE "status" = 'needs_attention';
