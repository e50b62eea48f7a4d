CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"reply_status" integer,
	"reply_type" text,
	"reply_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_caller_key_pk" PRIMARY KEY("caller","key"),
	CONSTRAINT "idempotency_keys_status" CHECK ("idempotency_keys"."status" in ('running', 'done')),
	CONSTRAINT "idempotency_keys_reply" CHECK ("idempotency_keys"."status" = 'running' or "idempotency_keys"."reply_status" is not null)
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");